/**
 * A company's tickets and messages as they were stored, read a page at a time (issue 32: a plugin
 * installed late fills its aggregates from what happened before it listened to domain events). Only
 * rows created before `before`; each page in id order, `cursor` (the last id, null on the last page)
 * goes on after it, so a job can stop anywhere and resume. Company-scoped: another company's rows are
 * never read. Inject by the `TICKET_HISTORY` token.
 */
export const TICKET_HISTORY = Symbol.for('atende:ticket-history');

/** Which page of `TicketHistory.tickets` / `messages`. */
export interface HistoryQuery {
  /** ISO date-time: only rows created strictly before it (e.g. when the plugin was installed). */
  before: string;
  /** A page's `cursor`: rows with a greater id (0 or absent: from the first). */
  after?: number;
  /** Rows per page: default 500, at most 2000. */
  limit?: number;
}

/** One page: `cursor` is null when there is no more. */
export interface HistoryPage<T> {
  rows: T[];
  cursor: number | null;
}

/** A ticket as it is now, with when it was created and last changed (the kernel keeps no transition log). */
export interface HistoricTicket {
  id: number;
  status: 'open' | 'pending' | 'closed';
  queueId: number | null;
  userId: number | null;
  contactId: number;
  whatsappId: number;
  /** ISO date-time. */
  createdAt: string;
  /** ISO date-time of the last change (for a closed ticket: at or after its closing). */
  updatedAt: string;
}

/** A stored message, with the queue and user its ticket has now. */
export interface HistoricMessage {
  id: number;
  ticketId: number;
  whatsappId: number;
  /** The customer (null for a message whose contact was removed). */
  contactId: number | null;
  /** Sent by Atende or typed on the linked phone. */
  fromMe: boolean;
  /** ISO date-time. */
  createdAt: string;
  queueId: number | null;
  userId: number | null;
}

/** The TICKET_HISTORY port (read-only). */
export interface TicketHistory {
  tickets(companyId: number, query: HistoryQuery): Promise<HistoryPage<HistoricTicket>>;
  messages(companyId: number, query: HistoryQuery): Promise<HistoryPage<HistoricMessage>>;
}
