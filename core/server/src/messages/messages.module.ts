import { Module } from '@nestjs/common';
import { OutboundModule } from './outbound.module.js';
import { TicketsModule } from '../tickets/tickets.module.js';
import { ConnectionsModule } from '../connections/connections.module.js';
import { MediaModule } from '../media/media.module.js';
import { ContactsModule } from '../contacts/contacts.module.js';
import { MessagesPortService } from './messages-port.service.js';
import { QuickMessagesService } from './quick-messages.service.js';
import { MessagesService } from './messages.service.js';
import { MessagesController } from './messages.controller.js';
import { QuickMessagesController } from './quick-messages.controller.js';

/** A ticket's messages (send, edit, delete, forward), quick messages, and the SDK's Messages port. */
@Module({
  imports: [OutboundModule, TicketsModule, ConnectionsModule, MediaModule, ContactsModule],
  providers: [MessagesService, MessagesPortService, QuickMessagesService],
  controllers: [MessagesController, QuickMessagesController],
  exports: [MessagesPortService],
})
export class MessagesModule {}
