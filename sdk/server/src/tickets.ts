/**
 * Tickets as a plugin sees them (issue 11 item 3). Every id is checked against `companyId`: another
 * company's ticket, queue, user or tag is "not found". Changes go through the kernel's one ticket
 * lifecycle, so the same rules, automatic messages, `ticket.updated` events and realtime updates
 * follow a plugin's change as an agent's. Inject by the `TICKETS` token.
 */
export const TICKETS = Symbol.for('atende:tickets');

/** A ticket as the TICKETS port answers it. */
export interface TicketSummary {
  id: number;
  status: 'open' | 'pending' | 'closed';
  queueId: number | null;
  userId: number | null;
  contactId: number;
  whatsappId: number;
}

/** Filters of `tickets.find` (with `viewerUserId`, exactly what that user may see). */
export interface TicketQuery {
  /**
   * Only the tickets this user of the company may see, by the same rule as the ticket lists, the
   * realtime rooms and the shell (404 ERR_NO_USER_FOUND for a user of another company). Without it:
   * every ticket of the company (a plugin acting on its own, e.g. a campaign worker).
   */
  viewerUserId?: number;
  /**
   * The lists' show-all switch for the viewer: only users allowed to see every ticket (admins) are
   * affected; `false` limits them to their queues, their own and queueless tickets, as in the agents'
   * list. Unset: the default rule (an admin sees every ticket). Means nothing without `viewerUserId`.
   */
  showAll?: boolean;
  /** One status, or any of several. */
  status?: TicketStatus | TicketStatus[];
  contactId?: number;
  queueIds?: number[];
  /** Only these tickets (e.g. "may this user see ticket 12?": `{ viewerUserId, ids: [12] }`). */
  ids?: number[];
  /** Only tickets on this connection. */
  whatsappId?: number;
  /** Created between these days (`YYYY-MM-DD`, both included) in the company's time zone (`BUSINESS_TIMEZONE`). */
  createdBetween?: { from: string; to: string };
  /** Only tickets whose contact's number contains these characters. */
  contactNumber?: string;
  /** `any`: carrying at least one of these tags; `none`: carrying none of them (an empty list excludes nothing). */
  tags?: { any?: number[]; none?: number[] };
  /** At most this many (default 50, at most 200), the most recently updated first. */
  limit?: number;
}

type TicketStatus = 'open' | 'pending' | 'closed';

/** A ticket with what a card or a row shows of it, read in the same statement as the page. */
export interface TicketDetail extends TicketSummary {
  uuid: string;
  lastMessage: string;
  unreadMessages: number;
  createdAt: string;
  updatedAt: string;
  contact: { id: number; name: string; number: string; profilePicUrl: string };
  tags: { id: number; name: string; color: string }[];
}

/** What a user may see of the company's tickets (`Tickets.viewer`). */
export interface TicketVisibility {
  userId: number;
  /** null: every queue (an admin seeing everything). */
  queueIds: number[] | null;
  /** Whether queueless tickets are visible too. */
  queueless: boolean;
}

/** A page of `Tickets.page`: `cursor` (null on the last page) continues after its last ticket. */
export interface TicketPage {
  tickets: TicketDetail[];
  hasMore: boolean;
  cursor: string | null;
}

/**
 * What `Tickets.mark` puts on a ticket: the record of your plugin answering it (your id in
 * HANDLER_BINDINGS and the record's id). The ticket API shows it as the spec's `useIntegration: true`
 * with `promptId` or `integrationId`, whichever field your plugin answers to.
 */
export interface TicketMarker {
  plugin: string;
  ref: number;
}

/** The TICKETS port: find, open, transition and tag tickets through the kernel's own rules. */
export interface Tickets {
  get(companyId: number, ticketId: number): Promise<TicketSummary | null>;
  find(companyId: number, query: TicketQuery): Promise<TicketSummary[]>;
  /**
   * How many tickets `find` would answer without its limit (same filters, same viewer rule), counted in
   * the database: a dashboard's "waiting now" / "being attended now" without reading rows.
   */
  count(companyId: number, query: TicketQuery): Promise<number>;
  /**
   * The visibility rule for `userId` as data, so a plugin can apply it to its own rows keyed by queue and
   * user (a dashboard's rollups): `queueIds` null means every ticket of the company; otherwise tickets of
   * these queues, the user's own, and queueless ones when `queueless`. `showAll` as in `TicketQuery`.
   * A user of another company: 404 ERR_NO_USER_FOUND.
   */
  viewer(companyId: number, userId: number, options?: { showAll?: boolean }): Promise<TicketVisibility>;
  /** The IANA time zone the company's days are counted in (`createdBetween`, business hours). */
  timeZone(companyId: number): Promise<string>;
  /**
   * The same query as `find`, a page at a time with each ticket's contact, tags and last message, in
   * ONE statement (the viewer comes from the kernel's session cache): most recently updated first,
   * `limit` per page (default 50, at most 200), `after` a page's `cursor` to go on from there (no
   * offset, so a deep page costs what the first does). A cursor that is not one: 400 ERR_VALIDATION.
   */
  page(companyId: number, query: TicketQuery & { after?: string }): Promise<TicketPage>;
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
  /**
   * Adds a note to the ticket (the agents' notes of core-operations, written by no user: `user` is null),
   * e.g. why an assistant handed the conversation over. 404 ERR_NO_TICKET_FOUND for another company's
   * ticket. Outside a chain's `handle` (use `afterCommit`). Answers the note's id.
   */
  note(companyId: number, ticketId: number, text: string): Promise<{ noteId: number }>;
  tag(companyId: number, ticketId: number, tagIds: number[]): Promise<void>;
  untag(companyId: number, ticketId: number, tagIds: number[]): Promise<void>;
  /**
   * Removes `remove` and adds `add` in one transaction (a tag in both is kept), then tells
   * `ticket.tagged` and the realtime `ticket` update once: nobody sees the ticket half-moved. Answers
   * the ticket's tag ids afterwards. Every tag must be the company's (404 otherwise, nothing changed).
   */
  retag(companyId: number, ticketId: number, change: { add?: number[]; remove?: number[] }): Promise<number[]>;
  /**
   * Marks the ticket as answered by an automation (core-operations §3/§4: `useIntegration`, `promptId`,
   * `integrationId`), or clears the mark with `null`. `marker.plugin` must be registered in
   * HANDLER_BINDINGS (else an Error: a setup mistake) and its record `ref` must exist in the company for
   * a plan that has the plugin (404 ERR_NOT_FOUND otherwise, nothing changed). With `heldBy` (a handler
   * key, `<plugin id>.<name>`), only while that handler holds the ticket: answers false and changes
   * nothing when it does not (an agent took it meanwhile); clearing an unmarked ticket answers false
   * too. Answers whether the ticket changed. The kernel clears the mark on every
   * transition (accept, return, resolve, transfer). The agents' screens get the realtime `ticket`
   * update. 404 ERR_NO_TICKET_FOUND for another company's ticket. Outside a chain's `handle`.
   */
  mark(companyId: number, ticketId: number, marker: TicketMarker | null, options?: { heldBy?: string }): Promise<boolean>;
}
