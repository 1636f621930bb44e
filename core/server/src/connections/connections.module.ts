import { Module } from '@nestjs/common';
import { CHANNEL_INBOXES, type ChannelInboxes } from '@atende/sdk-server';
import { JobQueuesService } from '../jobs/job-queues.service.js';
import { inboxFor } from './session-inbox.js';
import { ChannelsModule } from '../channels/channels.module.js';
import { TicketsModule } from '../tickets/tickets.module.js';
import { OutboundModule } from '../messages/outbound.module.js';
import { MediaModule } from '../media/media.module.js';
import { InboundModule } from '../inbound/inbound.module.js';
import { ConnectionsService } from './connections.service.js';
import { SessionManager } from './session-manager.js';
import { ConnectionsPortService } from './connections-port.service.js';
import { ConnectionsController, SessionsController } from './connections.controller.js';
import { SandboxController } from '../channels/sandbox/sandbox.controller.js';

/** WhatsApp connections and their live sessions (the simulated phone's controller drives them too). */
@Module({
  imports: [ChannelsModule, TicketsModule, OutboundModule, MediaModule, InboundModule],
  providers: [
    ConnectionsService,
    SessionManager,
    ConnectionsPortService,
    // Webhook-driven providers keep what they receive, on any process, where the session's worker reads it.
    { provide: CHANNEL_INBOXES, inject: [JobQueuesService], useFactory: (jobs: JobQueuesService): ChannelInboxes => ({ of: (id) => inboxFor(jobs, id) }) },
  ],
  controllers: [ConnectionsController, SessionsController, SandboxController],
  exports: [SessionManager, ConnectionsPortService, ChannelsModule, CHANNEL_INBOXES],
})
export class ConnectionsModule {}
