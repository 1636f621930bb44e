/**
 * Holds on the inbound chain, seen from outside it (a plugin's timer or worker): whether a ticket is
 * still held by one of your handlers (an agent accepting or transferring it lets any holder go), and
 * letting go of it when your conversation ends away from an inbound message. Inside a handler use
 * `ctx.claim`/`ctx.release`. Another company's ticket reads as not held. Inject by `TICKET_HOLDS`.
 */
export const TICKET_HOLDS = Symbol.for('atende:ticket-holds');

/** The TICKET_HOLDS port: who holds a ticket in the inbound chain, and letting go of it from outside a handler. */
export interface TicketHolds {
  /** The key of the handler holding the ticket now (`<plugin id>.<name>`), null when nobody does or the hold has expired. */
  holder(companyId: number, ticketId: number): Promise<string | null>;
  /** Lets go of the ticket only if handler `key` holds it (compare-and-release); answers whether it did. Call it outside `handle`. */
  release(companyId: number, ticketId: number, key: string): Promise<boolean>;
}
