/**
 * Tickets as a plugin sees them (issue 11 item 3). Every id is checked against `companyId`: another
 * company's ticket, queue, user or tag is "not found". Changes go through the kernel's one ticket
 * lifecycle, so the same rules, automatic messages, `ticket.updated` events and realtime updates
 * follow a plugin's change as an agent's. Inject by the `TICKETS` token.
 */
export const TICKETS = Symbol.for('atende:tickets');

export interface TicketSummary {
  id: number;
  status: 'open' | 'pending' | 'closed';
  queueId: number | null;
  userId: number | null;
  contactId: number;
  whatsappId: number;
}

export interface TicketQuery {
  /**
   * Only the tickets this user of the company may see, by the same rule as the ticket lists, the
   * realtime rooms and the shell (404 ERR_NO_USER_FOUND for a user of another company). Without it:
   * every ticket of the company (a plugin acting on its own, e.g. a campaign worker).
   */
  viewerUserId?: number;
  status?: 'open' | 'pending' | 'closed';
  contactId?: number;
  queueIds?: number[];
  /** At most this many (default 50, at most 200), the most recently updated first. */
  limit?: number;
}

export interface Tickets {
  get(companyId: number, ticketId: number): Promise<TicketSummary | null>;
  find(companyId: number, query: TicketQuery): Promise<TicketSummary[]>;
  /**
   * The contact's active (pending or open) ticket on the connection, opened pending when there is none
   * (`created`: then `ticket.created` is emitted and the agents' lists show it). One insert path with
   * the inbound pipeline, so a message arriving at the same moment lands on the same ticket. A contact
   * or connection of another company: 404 ERR_NO_CONTACT_FOUND / ERR_NO_WAPP_FOUND.
   */
  openFor(companyId: number, at: { contactId: number; whatsappId: number }): Promise<{ ticket: TicketSummary; created: boolean }>;
  /**
   * Moves a ticket: `queueId` (with or without `userId`) transfers it, `status` accepts (open, with
   * `userId`), returns (pending) or resolves (closed) it.
   */
  transition(companyId: number, ticketId: number, change: { status?: 'open' | 'pending' | 'closed'; queueId?: number | null; userId?: number | null }): Promise<TicketSummary>;
  /** Adds tags to a ticket (those it has stay). */
  tag(companyId: number, ticketId: number, tagIds: number[]): Promise<void>;
  untag(companyId: number, ticketId: number, tagIds: number[]): Promise<void>;
}
