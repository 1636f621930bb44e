import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { DOMAIN_EVENTS, TENANCY, type DomainEvents, type Tenancy } from '@atende/sdk-server';
import { AiItemSchema } from './item.entity.js';

/**
 * A durable subscriber: every new ticket of a company (whose plan allows this plugin) becomes an item.
 * Delivered through this plugin's own BullMQ queue, retried when it throws and possibly more than
 * once: the event id makes it idempotent (a unique column, so a second delivery inserts nothing).
 */
@Injectable()
export class AiEvents implements OnModuleInit {
  constructor(
    @Inject(DOMAIN_EVENTS) private readonly events: DomainEvents,
    @Inject(TENANCY) private readonly tenancy: Tenancy,
  ) {}

  onModuleInit(): void {
    this.events.subscribe('ai', ['ticket.created'], async (event) => {
      await this.tenancy.forCompany(event.companyId, async (em) => {
        await em.upsert(
          AiItemSchema,
          { companyId: event.companyId, title: `Ticket #${event.payload.ticketId}`, sourceEvent: event.id },
          { onConflictFields: ['sourceEvent'], onConflictAction: 'ignore' },
        );
      });
    });
  }
}
