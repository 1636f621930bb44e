/**
 * Sending messages from a plugin (issue 11 item 3). Every message is stored first (the agents see it
 * at once) and leaves through the connection's rate-limited outbound queue, like an agent's reply.
 * `source` (the plugin id) and `correlationId` are stored with it and come back on the
 * `message.sent` and `message.ack` domain events. Inject by the `MESSAGES` token.
 */
export const MESSAGES = Symbol.for('atende:messages');

/** What the MESSAGES port sends: a text (optionally with media), who sent it (`source`) and a correlation id. */
export interface SendText {
  /** The text; with `media`, its caption (a voice note carries none: the text then goes first, on its own). */
  body: string;
  /** A file the company keeps (from the `MEDIA` port's `store`): sent as an image, video, document or voice note. */
  media?: { url: string; name?: string };
  /** The sending plugin's id. */
  source: string;
  /** The caller's own id for this message (a campaign contact, a flow step…), up to 100 characters. */
  correlationId?: string;
}

/** One recipient of `Messages.sendToNumbers`. */
export interface BulkRecipient {
  /** Digits (anything else is dropped), 8–15 of them. */
  number: string;
  /** The contact's name when it has to be created. */
  name?: string;
  /** The text (the caption with `media`). */
  body: string;
  /** Required here: what makes a repeated call store each message once. Up to 100 characters. */
  correlationId: string;
}

/** What `sendToNumbers` answers for one recipient, in the order given. */
export type BulkSendResult =
  | { messageId: number; ticketId: number; /** Stored by an earlier call under the same correlation id: not stored again. */ already: boolean }
  | { error: string };

/** The most recipients one `sendToNumbers` call takes. */
export const BULK_SEND_MAX = 500;

/** A stored message of a conversation as `Messages.recent` answers it (oldest first). */
export interface ConversationMessage {
  id: number;
  body: string;
  fromMe: boolean;
  /** 'chat', 'image', 'audio', 'video', 'application'… */
  mediaType: string;
  /** The file the company keeps (read it through the MEDIA port), or null. */
  mediaUrl: string | null;
  /** The plugin that sent it (null for an agent's or the customer's). */
  source: string | null;
  createdAt: string;
}

/** The MESSAGES port: send through a ticket's connection the way an agent would (stored, announced, queued). */
export interface Messages {
  /** To the contact of a ticket of `companyId` (404 ERR_NO_TICKET_FOUND for another company's). */
  sendToTicket(companyId: number, ticketId: number, message: SendText): Promise<{ messageId: number }>;
  /**
   * To a phone number through a connection of `companyId`: the contact is found or created, and so is
   * its active (pending or open) ticket on that connection, which the answer then lands in.
   */
  sendToNumber(companyId: number, to: { whatsappId: number; number: string; name?: string }, message: SendText): Promise<{ messageId: number; ticketId: number }>;
  /**
   * `sendToNumber` for many numbers of one connection at once (campaigns): the contacts upserted, their
   * active tickets found or created, the messages stored (one transaction, a few statements whatever
   * the count, at most BULK_SEND_MAX), then queued on the connection's outbound queue in one call and
   * announced like single sends. **Stored once**: a recipient whose `correlationId` (with `source`) is
   * already stored gets that message back with `already: true` and is not stored again (bulk calls of
   * one connection are serialised, so two at once cannot both store it). A recipient that cannot be
   * sent (bad number, empty text) answers `{ error }` (`invalid_number`, `required`, `too_long`) and
   * does not stop the others. 404 ERR_NO_WAPP_FOUND for another company's connection; a `media` not of
   * the company → 404 ERR_NOT_FOUND for the whole call. A voice note's text goes first, on its own.
   */
  sendToNumbers(
    companyId: number,
    whatsappId: number,
    recipients: readonly BulkRecipient[],
    common: { source: string; media?: { url: string; name?: string } },
  ): Promise<BulkSendResult[]>;
  /**
   * Takes back messages this `source` stored under these correlation ids that have not left yet (still
   * waiting in the connection's outbound queue, ack 0): their outbound jobs are removed and the messages
   * deleted from their tickets, so nothing of them goes out (a cancelled campaign). A message that has
   * left, or is being sent at this moment, is not taken back. Answers the correlation ids taken back;
   * `sendToNumbers` stores those again if asked (a taken-back message does not count as stored).
   */
  withdraw(companyId: number, source: string, correlationIds: readonly string[]): Promise<string[]>;
  /**
   * Whether `number` can get messages through the connection (asked of its live session, wherever it
   * runs). Throws ERR_WAPP_NOT_INITIALIZED when the connection is not running.
   */
  isOnWhatsApp(companyId: number, whatsappId: number, number: string): Promise<boolean>;
  /**
   * The first message of `companyId` stored with this `source` and `correlationId`, or null. A job that
   * may already have sent (it crashed, or its own transaction failed, after the send was stored) asks
   * this before sending again, so a retry does not message the customer twice. Read committed: a
   * message stored by a send that has returned is always seen. `ack` is the message's state as the
   * `message.ack` event reports it (0 queued, 1 sent, 2 delivered, 3+ read, -1 failed for good), for a
   * caller that lost or never got the events.
   */
  findSent(companyId: number, source: string, correlationId: string): Promise<{ messageId: number; ticketId: number; whatsappId: number; ack: number } | null>;
  /**
   * The last `limit` (1–100) messages of a ticket of `companyId`, oldest first, deleted ones left out: the
   * conversation an assistant answers from (the AI plugin's prompts read `maxMessages` of them). Another
   * company's ticket answers 404 ERR_NO_TICKET_FOUND. A read: allowed inside a chain handler's afterCommit
   * and in jobs (not inside `handle`, which holds the ticket's row).
   */
  recent(companyId: number, ticketId: number, limit: number): Promise<ConversationMessage[]>;
  /** One message of `companyId` by id (null when it is not the company's): a voice note to transcribe. */
  get(companyId: number, messageId: number): Promise<(ConversationMessage & { ticketId: number }) | null>;
}
