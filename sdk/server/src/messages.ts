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
