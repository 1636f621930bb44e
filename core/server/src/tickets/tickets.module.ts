import { Module } from '@nestjs/common';
import { OutboundModule } from '../messages/outbound.module.js';
import { InboundModule } from '../inbound/inbound.module.js';
import { TicketAutomationService } from './ticket-automation.service.js';
import { TicketLifecycle } from './ticket-lifecycle.js';
import { TicketsService } from './tickets.service.js';
import { TicketTimersService } from './ticket-timers.service.js';
import { InboundService } from './inbound.service.js';
import { TicketsPortService } from './tickets-port.service.js';
import { TagsPortService } from './tags-port.service.js';
import { TicketsController } from './tickets.controller.js';
import { TicketCountsService } from './counts/ticket-counts.service.js';
import { TagsController } from './tags.controller.js';
import { TicketNotesController } from './ticket-notes.controller.js';

/** Tickets: the lifecycle, timers, the inbound pipeline, tags and notes, the kept header counts, and the SDK's Tickets and Tags ports. */
@Module({
  imports: [OutboundModule, InboundModule],
  providers: [TicketCountsService, TicketAutomationService, TicketLifecycle, TicketsService, TicketTimersService, InboundService, TicketsPortService, TagsPortService],
  controllers: [TicketsController, TagsController, TicketNotesController],
  exports: [TicketsService, TicketTimersService, InboundService, TicketsPortService, TagsPortService],
})
export class TicketsModule {}
