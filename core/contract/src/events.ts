/**
 * Domain events (issue 11 item 1): what happened in a company, told after the change is committed
 * (never for a rolled-back one). Plugins subscribe through `DomainEvents` in `@atende/sdk-server`,
 * in-process or durably (a BullMQ queue per plugin, retried, idempotent by the event's `id`).
 *
 * Payloads carry ids and the fields a subscriber decides on, not whole records: a subscriber that
 * needs more reads it through the kernel's ports, with the company's tenant filter.
 */

/** A changed field's value before and after (only fields that changed are listed). */
export interface Change<T> {
  before: T;
  after: T;
}

export interface DomainEventMap {
  /** A customer's (or the linked phone's) message was stored on a ticket. */
  'message.received': { messageId: number; ticketId: number; contactId: number | null; whatsappId: number; fromMe: boolean; mediaType: string; body: string };
  /** The channel accepted a message Atende sent (it has its provider id now). */
  /** `source`/`correlationId`: what the sender gave the Messages port (null for agents' and the bot's messages). */
  'message.sent': { messageId: number; ticketId: number; whatsappId: number; providerMessageId: string; source: string | null; correlationId: string | null };
  /** A sent message's delivery state moved (1 sent, 2 delivered, 3 read, 4–5 played, -1 failed). */
  'message.ack': { messageId: number; ticketId: number; whatsappId: number; ack: number; source: string | null; correlationId: string | null };
  'ticket.created': { ticketId: number; contactId: number; whatsappId: number; status: string; queueId: number | null; userId: number | null };
  'ticket.updated': {
    ticketId: number;
    changes: Partial<{
      status: Change<string>;
      queueId: Change<number | null>;
      userId: Change<number | null>;
      whatsappId: Change<number>;
    }>;
  };
  'ticket.tagged': { ticketId: number; tagIds: number[] };
  'contact.upserted': { contactId: number; number: string; name: string; created: boolean };
  'connection.status': { whatsappId: number; status: string; reason: string | null };
  'company.created': { planId: number | null; dueDate: string | null };
  'company.updated': {
    changes: Partial<{ dueDate: Change<string | null>; planId: Change<number | null>; status: Change<boolean> }>;
  };
  'user.created': { userId: number; profile: string };
  'user.updated': { userId: number; fields: string[] };
  'user.deleted': { userId: number };
  /** A user's first socket opened (online) or their last one closed, on any server process (the PRESENCE port). */
  'user.presence': { userId: number; online: boolean };
}

export type DomainEventName = keyof DomainEventMap;

export const DOMAIN_EVENT_NAMES = [
  'message.received',
  'message.sent',
  'message.ack',
  'ticket.created',
  'ticket.updated',
  'ticket.tagged',
  'contact.upserted',
  'connection.status',
  'company.created',
  'company.updated',
  'user.created',
  'user.updated',
  'user.deleted',
  'user.presence',
] as const satisfies readonly DomainEventName[];

/** The envelope every subscriber receives. */
export interface DomainEvent<K extends DomainEventName = DomainEventName> {
  /** Unique per event: durable subscribers are handed an event again after a failure, and dedupe by it. */
  id: string;
  name: K;
  companyId: number;
  /** ISO time of the commit that produced it. */
  at: string;
  payload: DomainEventMap[K];
}
