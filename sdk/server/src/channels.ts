/**
 * The channel provider interface: how the kernel talks to WhatsApp (Baileys), the sandbox "phone",
 * or any channel a plugin adds (for example the WhatsApp Cloud API: a provider whose `start` registers
 * a webhook and whose `send` calls the Graph API, emitting the same events).
 *
 * The kernel owns connections, sessions, contacts, tickets and messages; a provider only moves
 * messages and reports what happened through `ChannelEvents`. Providers register themselves in the
 * `CHANNEL_REGISTRY` (a plugin does it in its module's onModuleInit).
 */

/** Session status machine of core-operations §4. */
export type SessionStatus = 'DISCONNECTED' | 'qrcode' | 'OPENING' | 'PAIRING' | 'CONNECTED' | 'TIMEOUT';

/** The kind of an inbound WhatsApp message, as providers report it (`chat` for text). */
export type InboundMediaType =
  | 'chat'
  | 'image'
  | 'audio'
  | 'video'
  | 'application'
  | 'locationMessage'
  | 'vcard'
  | 'contactMessage'
  | 'call_log'
  /** An emoji reaction; the reacted message is the quoted one. */
  | 'reaction'
  /** A poll: its question and options as text. */
  | 'poll'
  /** A kind Atende cannot show (payments, events, catalogues…): kept as a placeholder, never dropped. */
  | 'unsupported';

/** A media file attached to an inbound message: bytes and what they are. */
export interface ChannelMedia {
  mimetype: string;
  fileName?: string;
  data: Buffer;
}

/** One message a channel provider received (or saw sent from the phone), before the kernel stores it. */
export interface InboundMessage {
  /** Unique within the connection; for groups it includes the participant (`<id>:<participant>`). */
  providerMessageId: string;
  /** The chat: the contact's phone number (digits only) or a group id. */
  chatId: string;
  isGroup: boolean;
  /** Sender's phone number (digits only); in a group, the participant. Never an @lid identifier. */
  from: string;
  fromName?: string;
  fromMe: boolean;
  body: string;
  mediaType: InboundMediaType;
  media?: ChannelMedia;
  quotedProviderMessageId?: string;
  timestamp: Date;
  /** Set by providers that simulate a phone (the sandbox): the message is stored marked as simulated. */
  simulated?: boolean;
  /** A group's name (subject), when the provider knows it: the group contact is named with it. */
  chatName?: string;
}

/** A file to send: the bytes, or a path on this machine the provider reads (large files stay off the heap). */
export interface OutboundMedia {
  mimetype: string;
  /** Documents are shown under this name. */
  fileName?: string;
  data?: Buffer;
  path?: string;
  /** Audio as a voice note (must be OGG/Opus); false sends it as an audio file. Default true. */
  ptt?: boolean;
  /** Where the kernel serves the file to its own users (`/api/media/...`); simulators record it. */
  url?: string;
}

/** What the kernel asks a channel session to send: text, or media with an optional caption. */
export interface OutboundMessage {
  /** Phone number (digits only) or group id. */
  to: string;
  /** The text, or the caption of media (audio has none). */
  body: string;
  media?: OutboundMedia;
  quotedProviderMessageId?: string;
  /**
   * The quoted message's text as stored, shown in the reply's quote box. A provider that needs the
   * content to quote (WhatsApp does) sends the reply unquoted when this is absent, never an empty quote.
   */
  quotedBody?: string;
  /**
   * The id to send under, chosen beforehand by `ChannelSession.newMessageId` and already stored by the
   * kernel (exactly-once outbound, issue 28 item 1). A provider that can name its messages must send
   * under this id and return it, and must not deliver twice a message whose id it already sent: a retry
   * after a crash or an error (the message may have left) sends again under the same id.
   */
  providerMessageId?: string;
  /**
   * Who wrote the stored message and its key (`Messages.send*` options), so a provider can find what a
   * plugin kept for it (the Cloud API plugin's template sends). Absent for an agent's message.
   */
  source?: string;
  correlationId?: string;
}

/**
 * Thrown by `send` when the channel refuses this message for a reason a retry cannot change (for the
 * WhatsApp Cloud API: the 24-hour customer-service window is closed). The kernel does not retry it and
 * marks the message failed with `code` (`ERR_<SOMETHING>`, at most 40 characters) as its send error,
 * which the screens translate.
 */
export class ChannelSendRefusedError extends Error {
  readonly refused = true;
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ChannelSendRefusedError';
  }
}

/** By shape, not class identity (as isChannelRecipientError); a valid code is ERR_…, ≤ 40 characters. */
export const isChannelSendRefusedError = (err: unknown): err is { code: string; message: string } => {
  const e = err as { refused?: unknown; code?: unknown } | null;
  return !!e && e.refused === true && typeof e.code === 'string' && /^ERR_[A-Z0-9_]{1,36}$/.test(e.code);
};

/**
 * Thrown by `send` when the channel says the recipient cannot get messages (for WhatsApp: the number
 * is not on WhatsApp). The kernel does not retry it and marks the message ERR_WAPP_INVALID_CONTACT.
 */
export class ChannelRecipientError extends Error {
  readonly code = 'CHANNEL_INVALID_RECIPIENT';
  constructor(message = 'The recipient is not on this channel.') {
    super(message);
    this.name = 'ChannelRecipientError';
  }
}

/** By code, not class identity: a plugin may bundle its own copy of the SDK. */
export const isChannelRecipientError = (err: unknown): boolean => (err as { code?: unknown } | null)?.code === 'CHANNEL_INVALID_RECIPIENT';

/**
 * Thrown by `handleKept` when the item cannot be handled yet but will be once the channel sends more
 * (for WhatsApp: the phone number behind an @lid sender). The kernel parks the item, re-offering it
 * with a growing pause for up to a day without spending its tries (issue 28 item 6).
 */
export class ChannelNotYetError extends Error {
  readonly code = 'CHANNEL_NOT_YET';
  constructor(message = 'The item waits for information the channel has not sent yet.') {
    super(message);
    this.name = 'ChannelNotYetError';
  }
}

/** By code, not class identity (as isChannelRecipientError). */
export const isChannelNotYetError = (err: unknown): boolean => (err as { code?: unknown } | null)?.code === 'CHANNEL_NOT_YET';

/** A contact as a channel provider knows it (number, name, picture). */
export interface ChannelContact {
  number: string;
  name?: string;
  profilePicUrl?: string;
}

/** Who sent an edit or a revoke: ourselves (the linked phone or Atende), or the chat's contact. */
export interface MessageAuthor {
  fromMe: boolean;
  /** The chat, as in InboundMessage.chatId: the contact's number, or the group's id. */
  chatId: string;
  /**
   * In a group, the member who sent the edit or revoke (not fromMe): their number, as InboundMessage.from
   * gave it for their messages. The kernel applies it only to a message that member wrote; a group's
   * edit or revoke without it changes nothing.
   */
  participant?: string;
}

/** What a provider reports; the kernel stores it and tells the screens. */
export interface ChannelEvents {
  /**
   * `reason` (with DISCONNECTED): why the session ended for good, shown to the user — e.g. `logged_out`,
   * `replaced`, `refused`, `outdated_client`, `pairing_timeout`, `start_failed`.
   */
  status(status: SessionStatus, detail?: { qrcode?: string; pairingCode?: string; retries?: number; number?: string; reason?: string }): void;
  /** Resolves once the message is safely queued; providers must await it before acknowledging upstream. */
  message(message: InboundMessage): Promise<void>;
  /** 1 sent, 2 delivered, 3 read, 4–5 played/read (core-operations §4). */
  ack(providerMessageId: string, ack: number): void;
  /**
   * A sender edited or deleted one of their messages. `author` says who: the kernel applies it only to
   * a message that same sender wrote (a customer can never change the agent's or another contact's
   * messages in the stored history). Group message ids carry the participant, so a participant can
   * only name their own.
   */
  edit(providerMessageId: string, body: string, author: MessageAuthor): void;
  revoke(providerMessageId: string, author: MessageAuthor): void;
  /**
   * A contact the channel knows: its phone book (report every entry after linking, as WhatsApp's
   * contacts sync does), or a later name or picture change. The kernel keeps it in the connection's
   * phone book (for POST /contacts/import) and refreshes a matching contact; `number` must be the
   * phone number in digits, anything else (group ids…) is dropped.
   */
  contact(contact: ChannelContact): void;
  /** An incoming call (the kernel stores a call_log message and may reject by the `call` setting). */
  call?(from: string, callId: string): void;
}

/** The connection a provider starts a session for: its id, company and name. */
export interface ChannelConnection {
  id: number;
  companyId: number;
  name: string;
}

/** A running session of one connection: sends, deletes and edits messages, and stops. */
export interface ChannelSession {
  send(message: OutboundMessage): Promise<{ providerMessageId: string }>;
  /**
   * A fresh id, in the provider's own format, for a message to `to` (as `send` would return it). The
   * kernel stores it before calling `send` with it, so a retry cannot send the message twice under two
   * ids. Absent: the provider cannot name its messages, and the id `send` returns is stored after it.
   */
  newMessageId?(to: string): string;
  delete(chatId: string, providerMessageId: string): Promise<void>;
  edit(chatId: string, providerMessageId: string, body: string): Promise<void>;
  /** Closes the connection, keeping credentials (the session can start again without a new QR). */
  stop(): Promise<void>;
  /** Closes and forgets the credentials: the next start needs a new QR or pairing code. */
  logout(): Promise<void>;
  rejectCall?(from: string, callId: string): Promise<void>;
  /** Whether a phone number can get messages on this channel (for WhatsApp: it has WhatsApp). */
  isOnChannel?(number: string): Promise<boolean>;
  /** Tells the sender these messages of the chat were read (blue ticks); only when the company allows it. */
  markRead?(chatId: string, providerMessageIds: string[]): Promise<void>;
  /**
   * Handles one item the provider kept in its `ChannelInbox` (parse, download, report through
   * `ChannelEvents`). Called by the kernel in the process that runs the session, possibly after a
   * restart; the item is dropped once this resolves, and handed again later when it throws.
   */
  handleKept?(data: string): Promise<void>;
  /**
   * Graceful stop for a deploy: stop taking upstream events, finish the work already taken (kept
   * items, pending credential writes), close the connection, keeping credentials. Falls back to
   * nothing (the kernel just releases the session) when absent.
   */
  drain?(): Promise<void>;
}

/** One raw upstream event, serialised by the provider; `id` deduplicates replays of the same event. */
export interface KeptItem {
  id: string;
  data: string;
}

/**
 * A durable inbox the kernel gives each session (issue 10 item 1). Channels such as WhatsApp confirm
 * receipt before the app sees a message and never send it again, so a provider keeps each raw event
 * here before anything else (no parsing, no download), and handles it later in `handleKept`. Kept
 * items survive a crash or a deploy: the session that runs next, in any process, gets them.
 */
export interface ChannelInbox {
  /** Resolves once every item is stored durably; rejects when it could not be (the provider retries). */
  keep(items: KeptItem[]): Promise<void>;
}

/**
 * The durable inboxes of every connection, by id (inject CHANNEL_INBOXES). For providers whose
 * upstream calls in rather than being held open by the session (webhooks of the WhatsApp Cloud API):
 * the request lands on any server process, keeps its raw items in the connection's inbox, and the
 * process that runs the session hands them to its `handleKept`, as with items the session kept
 * itself (same deduplication by item id, same retries). The caller checks that the connection is its
 * provider's; items kept while no session runs wait for the next start.
 */
export interface ChannelInboxes {
  of(connectionId: number): ChannelInbox;
}

/** Injection token of ChannelInboxes. */
export const CHANNEL_INBOXES = Symbol.for('atende:channel-inboxes');

/** Options of `ChannelProvider.start`. */
export interface ChannelStartOptions {
  /** Ask for a pairing code for this phone number instead of a QR. */
  pairingPhone?: string;
  /** Simulated providers (sandbox): wait for a QR scan or code confirmation instead of connecting at once. */
  qr?: boolean;
  /** Where to keep raw inbound events first; absent, a provider handles them at once (tests, tools). */
  inbox?: ChannelInbox;
}

/** A channel implementation (Baileys, sandbox, Cloud API…), registered in CHANNEL_REGISTRY under its `id`. */
export interface ChannelProvider {
  /** Stored on the connection (`provider` column): 'baileys', 'sandbox', 'cloud-api'… */
  readonly id: string;
  /**
   * The most messages per second one connection of this provider may hand over (the kernel's outbound
   * queue of the connection paces to it, one send at a time); default 20, at most 1000. The official
   * Cloud API allows 80 per number, a QR-linked session far fewer before WhatsApp objects.
   */
  readonly sendsPerSecond?: number;
  start(connection: ChannelConnection, events: ChannelEvents, options?: ChannelStartOptions): Promise<ChannelSession>;
  /**
   * Logout when no session runs anywhere: unlink the device on the channel's side with the stored
   * credentials (a short-lived connection), then forget them. The kernel holds the connection's lease
   * meanwhile, and deletes the stored credentials itself afterwards whatever happened.
   */
  unlink?(connection: ChannelConnection): Promise<void>;
}

/** The providers the kernel knows, by id (inject CHANNEL_REGISTRY to add one). */
export interface ChannelRegistry {
  register(provider: ChannelProvider): void;
  get(id: string): ChannelProvider | undefined;
}

/** Injection token of the ChannelRegistry. */
export const CHANNEL_REGISTRY = Symbol.for('atende:channel-registry');
