import type { DomainEvent, DomainEventName } from '@atende/core-contract';
import type { WebhookEventName } from '@atende/plugin-webhooks-contract';

/** The domain events the webhooks plugin listens to. */
export const SOURCE_EVENTS = ['message.received', 'message.sent', 'message.ack', 'ticket.created', 'ticket.updated', 'contact.upserted'] as const satisfies readonly DomainEventName[];

/** One webhook to send for a domain event: its name, the lane it is ordered in, and its data. */
export interface Outgoing {
  event: WebhookEventName;
  lane: string;
  ticketId: number | null;
  data: Record<string, unknown>;
}

/**
 * Which webhook events a domain event is (none, one or two): messages stored (received, or sent by
 * Atende) are message.created, their delivery states message.updated; a ticket's status change and its
 * transfer (queue, agent or connection) are told apart; only contacts created count. Ticket and
 * message events share their ticket's lane, so a receiver sees a ticket's story in order.
 */
export function toWebhooks(e: DomainEvent<(typeof SOURCE_EVENTS)[number]>): Outgoing[] {
  switch (e.name) {
    case 'message.received':
    case 'message.sent': {
      const p = e.payload as DomainEvent<'message.received' | 'message.sent'>['payload'];
      return [{ event: 'message.created', lane: `t${p.ticketId}`, ticketId: p.ticketId, data: { ...p, fromMe: e.name === 'message.sent' ? true : (p as { fromMe: boolean }).fromMe } }];
    }
    case 'message.ack': {
      const p = e.payload as DomainEvent<'message.ack'>['payload'];
      return [{ event: 'message.updated', lane: `t${p.ticketId}`, ticketId: p.ticketId, data: { ...p } }];
    }
    case 'ticket.created': {
      const p = e.payload as DomainEvent<'ticket.created'>['payload'];
      return [{ event: 'ticket.created', lane: `t${p.ticketId}`, ticketId: p.ticketId, data: { ...p } }];
    }
    case 'ticket.updated': {
      const p = e.payload as DomainEvent<'ticket.updated'>['payload'];
      const out: Outgoing[] = [];
      if (p.changes.status) out.push({ event: 'ticket.status_changed', lane: `t${p.ticketId}`, ticketId: p.ticketId, data: { ticketId: p.ticketId, status: p.changes.status } });
      const moved = Object.fromEntries(Object.entries(p.changes).filter(([k]) => k === 'queueId' || k === 'userId' || k === 'whatsappId'));
      if (Object.keys(moved).length) out.push({ event: 'ticket.transferred', lane: `t${p.ticketId}`, ticketId: p.ticketId, data: { ticketId: p.ticketId, ...moved } });
      return out;
    }
    case 'contact.upserted': {
      const p = e.payload as DomainEvent<'contact.upserted'>['payload'];
      return p.created ? [{ event: 'contact.created', lane: `c${p.contactId}`, ticketId: null, data: { contactId: p.contactId, number: p.number, name: p.name } }] : [];
    }
  }
  return [];
}
