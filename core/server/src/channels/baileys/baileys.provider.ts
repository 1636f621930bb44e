import { setTimeout as sleep } from 'node:timers/promises';
import {
  areJidsSameUser,
  BufferJSON,
  DisconnectReason,
  generateMessageIDV2,
  makeWASocket,
  normalizeMessageContent,
  proto,
  toNumber,
  WAMessageStubType,
  type AnyMessageContent,
  type BaileysEventMap,
  type Contact,
  type GroupMetadata,
  type MiscMessageGenerationOptions,
  type SocketConfig,
  type UserFacingSocketConfig,
  type WACallEvent,
  type WAMessage,
  type WAMessageKey,
  type WAMessageUpdate,
} from '@whiskeysockets/baileys';
import {
  ChannelNotYetError,
  ChannelRecipientError,
  isChannelRecipientError,
  type ChannelConnection,
  type ChannelInbox,
  type ChannelEvents,
  type ChannelMedia,
  type ChannelProvider,
  type MessageAuthor,
  type ChannelSession,
  type ChannelStartOptions,
  type OutboundMessage,
} from '@atende/sdk-server';
import type { BaileysAuthStore, SentMessageStore } from './auth-store.js';
import { keyCache, useStoreAuthState, type StoreAuthState } from './auth-state.js';
import { ackOf, parseContent, textOf } from './inbound.js';
import { chatJid, isGroupJid, isIgnoredJid, LidResolver, numberOf } from './jids.js';
import { Lru } from './lru.js';
import { downloadWithLimit, fetchMedia, type MediaDownloader } from './media.js';
import type { MediaSource } from './media-download.js';
import { Semaphore } from './semaphore.js';
import { SentMessages } from './sent-messages.js';
import { outboundContent } from './outbound-content.js';

export type BaileysLogger = SocketConfig['logger'];

/** The part of a Baileys socket the provider uses; the real `makeWASocket` result satisfies it. */
export interface BaileysSocketLike {
  ev: {
    on<T extends keyof BaileysEventMap>(event: T, listener: (arg: BaileysEventMap[T]) => void): void;
    off<T extends keyof BaileysEventMap>(event: T, listener: (arg: BaileysEventMap[T]) => void): void;
    /** Releases events Baileys is holding back (it buffers while it processes offline notifications). */
    flush?(): boolean;
  };
  readonly user?: Contact;
  signalRepository?: { lidMapping?: { getPNForLID(lid: string): Promise<string | null> } };
  sendMessage(jid: string, content: AnyMessageContent, options?: MiscMessageGenerationOptions): Promise<WAMessage | undefined>;
  requestPairingCode(phoneNumber: string): Promise<string>;
  logout(msg?: string): Promise<void>;
  end(error: Error | undefined): Promise<void>;
  rejectCall(callId: string, callFrom: string): Promise<void>;
  updateMediaMessage(message: WAMessage): Promise<WAMessage>;
  /** Sends read receipts for these messages. */
  readMessages?(keys: WAMessageKey[]): Promise<void>;
  /** Which numbers have WhatsApp (absent in test doubles that do not care). */
  onWhatsApp?(...jids: string[]): Promise<{ jid: string; exists: boolean }[] | undefined>;
  /** A group's metadata; only its subject (name) is used. */
  groupMetadata?(jid: string): Promise<GroupMetadata>;
}

export type BaileysSocketFactory = (config: UserFacingSocketConfig) => BaileysSocketLike;

export interface BaileysProviderOptions {
  /**
   * Credentials and keys of ONE connection per store. Pass a function to get a store scoped to each
   * connection (what the kernel needs); a plain store is only right when a single connection uses it.
   */
  authStore: BaileysAuthStore | ((connection: ChannelConnection) => BaileysAuthStore);
  socketFactory?: BaileysSocketFactory;
  logger?: BaileysLogger;
  /** Reconnect delay: baseMs · 2^attempt, capped at maxMs; reset once a socket opens. */
  backoff?: { baseMs: number; maxMs: number };
  /** Inbound media larger than this is not attached (default 64 MB). */
  maxMediaBytes?: number;
  /** Test seam; defaults to Baileys' downloadMediaMessage streamed with the size limit. */
  downloadMedia?: MediaDownloader;
  /** Pause before media retry n is n · this (default 500 ms). */
  mediaRetryDelayMs?: number;
  /** Bound on one message's media download, retries included (default 60 s). */
  mediaTimeoutMs?: number;
  /** Media downloads running at once in this process, over all sessions (default 4). */
  mediaConcurrency?: number;
  /** Tests only: a local media host instead of WhatsApp's (never read from the environment). */
  mediaSource?: MediaSource;
  /** The WhatsApp Web version each new socket announces (fetched or configured); Baileys' bundled one when undefined. */
  version?: () => [number, number, number] | undefined;
  /** Extra Baileys config (browser, version…); auth, logger and getMessage are the provider's. */
  socketConfig?: Partial<Omit<SocketConfig, 'auth' | 'logger' | 'getMessage'>>;
}

const silentLogger: BaileysLogger = {
  level: 'silent',
  child: () => silentLogger,
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

/** How long an unlink waits for its short-lived socket to open. */
const UNLINK_OPEN_MS = 15_000;

/** Baileys' message when nobody scanned the QR (or typed the code) in time; a lost connection is also 408. */
const QR_EXPIRED = /QR refs attempts ended/i;

/** What WhatsApp answers a client whose version it no longer accepts ("Connection Failure" 405). */
const OUTDATED_CLIENT = 405;

/** Our own jid can show up as the phone number or as our @lid. */
const isMe = (sock: BaileysSocketLike, jid: string | null | undefined): boolean =>
  !!jid && (areJidsSameUser(jid, sock.user?.id) || (!!sock.user?.lid && areJidsSameUser(jid, sock.user.lid)));

/** A message whose sender is an @lid with no known phone number yet: parked (up to a day), retried later. */
export class UnmappedLidError extends ChannelNotYetError {
  constructor(lid: string) {
    super(`no phone number known yet for ${lid}; the message waits for the mapping`);
    this.name = 'UnmappedLidError';
  }
}

const statusCodeOf = (error: unknown): number | undefined =>
  (error as { output?: { statusCode?: number } } | undefined)?.output?.statusCode;

export class BaileysProvider implements ChannelProvider {
  readonly id = 'baileys';

  /** Shared by every session of this provider: a burst of media never opens unbounded downloads. */
  private readonly mediaSlots: Semaphore;

  constructor(private readonly options: BaileysProviderOptions) {
    this.mediaSlots = new Semaphore(options.mediaConcurrency ?? 4);
  }

  async start(connection: ChannelConnection, events: ChannelEvents, options: ChannelStartOptions = {}): Promise<BaileysSession> {
    const session = this.session(connection, events, options);
    await session.begin();
    return session;
  }

  /**
   * Logout with no session running (issue 10 item 8): a short-lived socket on the stored credentials
   * tells WhatsApp to remove this linked device, so the phone no longer lists it; when it cannot open
   * within `UNLINK_OPEN_MS` the credentials are forgotten anyway (the phone then shows the device
   * until WhatsApp expires it).
   */
  async unlink(connection: ChannelConnection): Promise<void> {
    const quiet: ChannelEvents = { status: () => undefined, message: async () => undefined, ack: () => undefined, edit: () => undefined, revoke: () => undefined, contact: () => undefined };
    const session = this.session(connection, quiet, {});
    if (!(await session.hasLinkedCreds())) return;
    await session.begin();
    const opened = await session.whenOpen(UNLINK_OPEN_MS);
    if (!opened) session.logger.warn('could not open a socket to unlink the device; forgetting the credentials anyway');
    await session.logout();
  }

  private session(connection: ChannelConnection, events: ChannelEvents, options: ChannelStartOptions): BaileysSession {
    const { authStore } = this.options;
    const store = typeof authStore === 'function' ? authStore(connection) : authStore;
    // Every line names the connection and its company (issue 10 item 4).
    const logger = (this.options.logger ?? silentLogger).child({ connection: connection.id, company: connection.companyId });
    return new BaileysSession(store, events, logger, {
      factory: this.options.socketFactory ?? ((config) => makeWASocket(config)),
      backoff: this.options.backoff ?? { baseMs: 2_000, maxMs: 60_000 },
      maxMediaBytes: this.options.maxMediaBytes ?? 64 * 1024 * 1024,
      downloadMedia: this.options.downloadMedia ?? downloadWithLimit,
      mediaRetryDelayMs: this.options.mediaRetryDelayMs ?? 500,
      mediaTimeoutMs: this.options.mediaTimeoutMs ?? 60_000,
      mediaSource: this.options.mediaSource,
      mediaSlots: this.mediaSlots,
      version: this.options.version ?? (() => undefined),
      socketConfig: this.options.socketConfig ?? {},
      pairingPhone: options.pairingPhone?.replace(/\D/g, '') || undefined,
      inbox: options.inbox,
    });
  }
}

interface SessionSettings {
  factory: BaileysSocketFactory;
  backoff: { baseMs: number; maxMs: number };
  maxMediaBytes: number;
  downloadMedia: MediaDownloader;
  mediaRetryDelayMs: number;
  mediaTimeoutMs: number;
  mediaSource?: MediaSource;
  mediaSlots: Semaphore;
  version: () => [number, number, number] | undefined;
  socketConfig: Partial<SocketConfig>;
  pairingPhone?: string;
  /** Durable inbox for raw upserts (issue 10 item 1); without one, upserts are handled at once. */
  inbox?: ChannelInbox;
}

/** What a kept upsert holds: the raw message as Baileys gave it, Buffers included (BufferJSON). */
interface KeptUpsert {
  v: 1;
  message: WAMessage;
}

/** The id a kept message is deduplicated by: a replay of the same upsert is kept once. */
const keptIdOf = (key: WAMessageKey): string => [key.remoteJid, key.id, key.participant ?? '', key.fromMe ? 1 : 0].join('|');

/** What happened on the current socket; decides how its close is handled. */
interface SocketPhase {
  opened: boolean;
  askedToPair: boolean;
  pairingRequested: boolean;
}

/**
 * One WhatsApp connection. Holds at most one live socket: the old one is detached and ended
 * before the next is created. Terminal closes (logged out, replaced, forbidden) and stop/logout
 * leave the object dead; the kernel calls `start` again for a new one.
 */
export class BaileysSession implements ChannelSession {
  private sock?: BaileysSocketLike;
  /** The newest socket even once closed: kept messages handled between reconnects resolve @lids through it. */
  private lastSock?: BaileysSocketLike;
  private phase: SocketPhase = { opened: false, askedToPair: false, pairingRequested: false };
  private detach?: () => void;
  private auth!: StoreAuthState;
  private open = false;
  private stopped = false;
  /** A graceful stop is under way: the socket's close is expected, the taken work still finishes. */
  private draining = false;
  private attempt = 0;
  private qrCount = 0;
  private timer?: NodeJS.Timeout;
  /** Inbound/update handling runs in order, one event after the other. */
  private queue: Promise<void> = Promise.resolve();
  private credsWrite: Promise<void> = Promise.resolve();
  private readonly background = new Set<Promise<unknown>>();
  private readonly cache = keyCache();
  /** Baileys' count of retry receipts per message: one per session, kept across its reconnects. */
  private readonly retryCounter = keyCache(1_000);
  private readonly lids = new LidResolver();
  private readonly delivered = new Lru<string, true>(2_000);
  /** Group subjects by jid: asked once per group, then kept current by groups.update. */
  private readonly groupNames = new Lru<string, string>(500);
  /**
   * Group metadata for Baileys' sends (cachedGroupMetadata): without it every message to a group asks
   * WhatsApp for the participant list first. Kept fresh from group events (issue 10 item 8).
   */
  private readonly groupMeta = new Lru<string, GroupMetadata>(500);
  /** Media messages whose download is under way: a replay meanwhile is not fetched twice. */
  private readonly downloading = new Set<string>();
  private readonly reported = new Lru<string, true>(2_000);
  /** Ids of our own messages: quoting/deleting them needs `fromMe` in the key. */
  private readonly own = new Lru<string, true>(2_000);
  private readonly callJids = new Lru<string, string>(200);
  /** Group messages' participants as received (an @lid or a phone JID), by our message id. */
  private readonly participants = new Lru<string, string>(5_000);
  /** Numbers known to be on WhatsApp, with the JID they are registered under: checked once, not before every send. */
  private readonly onWhatsApp = new Lru<string, string>(5_000);
  private readonly store: BaileysAuthStore;
  private readonly sent: SentMessages;
  private forgotten = false;

  constructor(
    store: BaileysAuthStore,
    private readonly events: ChannelEvents,
    readonly logger: NonNullable<BaileysLogger>,
    private readonly settings: SessionSettings,
  ) {
    // Writes racing a logout (Baileys finishing in-flight work) must not resurrect the session.
    // Writes are tracked: a drain (deploy) waits for the key writes in flight before the socket is gone.
    const pending = <T>(work: Promise<T>): Promise<T> => {
      this.track(work.catch(() => undefined));
      return work;
    };
    this.store = {
      read: (k) => store.read(k),
      write: (k, v) => (this.forgotten ? Promise.resolve() : pending(store.write(k, v))),
      remove: (k) => pending(store.remove(k)),
      clear: () => store.clear(),
      ...(store.readMany ? { readMany: (keys: string[]) => store.readMany!(keys) } : {}),
      ...(store.writeMany ? { writeMany: (entries: [string, string | null][]) => (this.forgotten ? Promise.resolve() : pending(store.writeMany!(entries))) } : {}),
      ...(store.prune ? { prune: (prefix: string, before: Date) => store.prune!(prefix, before) } : {}),
    };
    const sentStore: SentMessageStore | undefined = store.sent && {
      keep: (id, v) => (this.forgotten ? Promise.resolve() : pending(store.sent!.keep(id, v))),
      read: (id) => store.sent!.read(id),
      prune: (before, max) => store.sent!.prune(before, max),
    };
    this.sent = new SentMessages(this.store, sentStore, logger, (work) => this.track(work));
  }

  /** Baileys' own chatter is debug-level noise: only its warnings and errors are kept. */
  private baileysLogger(): BaileysLogger {
    const child = this.logger.child({ module: 'baileys' });
    if (child.level !== 'silent') child.level = 'warn';
    return child;
  }

  /** Whether the store holds credentials of a completed link (something to unlink). */
  async hasLinkedCreds(): Promise<boolean> {
    const raw = await this.store.read('creds').catch(() => null);
    return !!raw && !!(JSON.parse(raw, BufferJSON.reviver) as { account?: unknown }).account;
  }

  private readonly openWaiters = new Set<() => void>();

  /** Resolves true once a socket opens, false after `timeoutMs` or when the session ends first. */
  whenOpen(timeoutMs: number): Promise<boolean> {
    if (this.open) return Promise.resolve(true);
    return new Promise((resolve) => {
      const done = (ok: boolean) => {
        clearTimeout(timer);
        this.openWaiters.delete(onOpen);
        resolve(ok);
      };
      const onOpen = () => done(true);
      const timer = setTimeout(() => done(false), timeoutMs);
      this.openWaiters.add(onOpen);
    });
  }

  /** Loads the credentials once (a broken store fails `start`) and opens the first socket. */
  async begin(): Promise<void> {
    this.auth = await useStoreAuthState(this.store, this.logger, this.cache);
    this.sent.prune();
    this.connect();
  }

  /** Resolves when every queued event and pending store write has been handled (tests, shutdown). */
  async whenIdle(): Promise<void> {
    let seen: [Promise<void>, Promise<void>];
    do {
      seen = [this.queue, this.credsWrite];
      await Promise.allSettled([...seen, ...this.background]);
    } while (seen[0] !== this.queue || seen[1] !== this.credsWrite || this.background.size > 0);
  }

  // ---- lifecycle ----------------------------------------------------------------------------

  private connect(): void {
    this.clearTimer();
    void this.retire();
    if (this.stopped) return;
    this.phase = { opened: false, askedToPair: false, pairingRequested: false };
    const { creds } = this.auth.state;
    if (creds.me && !creds.account) {
      // A pairing-code request stores `me` before the phone confirms; `account` only arrives with a
      // completed link. With a `me` the socket would try to log in an unlinked device instead of
      // asking to pair again.
      creds.me = undefined;
      creds.pairingCode = undefined;
    }
    const version = this.settings.version();
    const sock = this.settings.factory({
      markOnlineOnConnect: false, // keep notifications on the user's phone
      syncFullHistory: false,
      ...(version ? { version } : {}),
      ...this.settings.socketConfig,
      auth: this.auth.state,
      logger: this.baileysLogger(),
      // Status broadcasts and newsletters are never handled: Baileys need not even decrypt them.
      shouldIgnoreJid: (jid: string) => isIgnoredJid(jid),
      msgRetryCounterCache: this.retryCounter,
      cachedGroupMetadata: async (jid: string) => this.groupMeta.get(jid),
      getMessage: async (key) => (key.id ? await this.sent.get(key.id) : undefined),
    });
    this.sock = sock;
    this.lastSock = sock;
    this.attach(sock);
  }

  private attach(sock: BaileysSocketLike): void {
    const offs: (() => void)[] = [];
    const on = <E extends keyof BaileysEventMap>(event: E, fn: (arg: BaileysEventMap[E]) => void | Promise<void>) => {
      const listener = (arg: BaileysEventMap[E]) => {
        if (sock === this.sock) void fn(arg);
      };
      sock.ev.on(event, listener);
      offs.push(() => sock.ev.off(event, listener));
    };
    const queued = <E extends keyof BaileysEventMap>(event: E, fn: (arg: BaileysEventMap[E]) => Promise<void>) =>
      on(event, (arg) => this.enqueue(() => fn(arg)));

    on('creds.update', () => this.saveCreds());
    on('connection.update', (update) => this.onConnection(sock, update));
    on('lid-mapping.update', ({ lid, pn }) => this.lids.remember(lid, pn));
    on('messaging-history.set', ({ lidPnMappings }) => lidPnMappings?.forEach(({ lid, pn }) => this.lids.remember(lid, pn)));
    queued('messages.upsert', (upsert) => this.onUpsert(sock, upsert));
    queued('messages.update', (updates) => this.onUpdates(sock, updates));
    queued('message-receipt.update', (receipts) => this.onReceipts(sock, receipts));
    queued('contacts.upsert', (contacts) => this.onContacts(sock, contacts, true));
    queued('contacts.update', (contacts) => this.onContacts(sock, contacts, false));
    queued('call', (calls) => this.onCalls(sock, calls));
    // A renamed group: the next message carries the new name (the ticket's contact follows it).
    on('groups.update', (updates) => {
      for (const g of updates) {
        if (!g.id) continue;
        if (typeof g.subject === 'string') this.groupNames.set(g.id, g.subject);
        const known = this.groupMeta.get(g.id);
        if (known) this.groupMeta.set(g.id, { ...known, ...g } as GroupMetadata);
      }
    });
    on('groups.upsert', (groups) => {
      for (const g of groups) {
        this.groupMeta.set(g.id, g);
        if (typeof g.subject === 'string') this.groupNames.set(g.id, g.subject);
      }
    });
    // Someone joined, left, was promoted or demoted: the participant list is asked again on the next send.
    on('group-participants.update', ({ id }) => {
      this.groupMeta.delete(id);
    });
    this.detach = () => offs.forEach((off) => off());
  }

  /** Detaches and ends the current socket (a no-op on one Baileys already closed). */
  private async retire(): Promise<void> {
    const sock = this.sock;
    if (!sock) return;
    // Events Baileys still holds in its buffer go out to our listeners before they are detached.
    try {
      sock.ev.flush?.();
    } catch (err) {
      this.logger.warn({ err }, 'could not flush the event buffer');
    }
    this.detach?.();
    this.detach = undefined;
    this.sock = undefined;
    this.open = false;
    await sock.end(undefined).catch((err) => this.logger.warn({ err }, 'error ending socket'));
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private scheduleReconnect(): void {
    const { baseMs, maxMs } = this.settings.backoff;
    // Jitter (75–100 % of the step): many sessions dropped by one network blip do not all come back at once.
    const delay = Math.round(Math.min(maxMs, baseMs * 2 ** this.attempt) * (0.75 + Math.random() * 0.25));
    this.attempt += 1;
    this.logger.info({ delay, attempt: this.attempt }, 'reconnecting');
    this.timer = setTimeout(() => {
      this.timer = undefined;
      try {
        this.connect();
      } catch (err) {
        this.logger.error({ err }, 'could not create socket');
        this.scheduleReconnect();
      }
    }, delay);
  }

  private saveCreds(): void {
    this.credsWrite = this.credsWrite
      .then(() => this.auth.saveCreds())
      .catch((err) => this.logger.error({ err }, 'could not save creds'));
  }

  /** Forgets the credentials: pending creds writes land first, later writes are dropped. */
  private async forget(): Promise<void> {
    await this.credsWrite;
    this.forgotten = true;
    this.cache.flushAll();
    await this.store.clear();
  }

  private track(work: Promise<unknown>): void {
    this.background.add(work);
    void work.finally(() => this.background.delete(work));
  }

  private enqueue(work: () => Promise<void>): void {
    this.queue = this.queue.then(work).catch((err) => this.logger.error({ err }, 'event handling failed'));
  }

  // ---- connection -------------------------------------------------------------------------

  private onConnection(sock: BaileysSocketLike, update: BaileysEventMap['connection.update']): void {
    if (this.stopped || this.draining) return;
    if (update.qr) this.onQr(sock, update.qr);
    if (update.connection === 'connecting') this.events.status('OPENING');
    if (update.connection === 'open') {
      this.open = true;
      this.phase.opened = true;
      this.attempt = 0;
      this.qrCount = 0;
      this.events.status('CONNECTED', { number: numberOf(sock.user?.id) });
      for (const wake of [...this.openWaiters]) wake();
    }
    if (update.connection === 'close') this.onClose(statusCodeOf(update.lastDisconnect?.error), (update.lastDisconnect?.error as Error | undefined)?.message);
  }

  private onQr(sock: BaileysSocketLike, qr: string): void {
    this.phase.askedToPair = true;
    const phone = this.settings.pairingPhone;
    if (!phone) {
      this.events.status('qrcode', { qrcode: qr, retries: this.qrCount++ });
      return;
    }
    // The first QR means the server is waiting for a companion: the moment a code can be asked for.
    // Later QRs on the same socket are refreshes; the code already given stays valid.
    if (this.phase.pairingRequested) return;
    this.phase.pairingRequested = true;
    this.track(
      sock.requestPairingCode(phone).then(
        (pairingCode) => {
          if (sock === this.sock && !this.stopped) this.events.status('PAIRING', { pairingCode });
        },
        (err) => {
          this.logger.warn({ err }, 'pairing code request failed, showing the QR instead');
          if (sock === this.sock && !this.stopped) this.events.status('qrcode', { qrcode: qr, retries: this.qrCount++ });
        },
      ),
    );
  }

  private onClose(code: number | undefined, message?: string): void {
    const phase = this.phase;
    void this.retire();
    const terminal = (message: string, reason: string, forget = false) => {
      this.logger.warn({ code, reason }, message);
      this.stopped = true;
      if (!forget) return this.events.status('DISCONNECTED', { reason });
      this.track(
        this.forget()
          .catch((err) => this.logger.error({ err }, 'could not clear auth store'))
          .then(() => this.events.status('DISCONNECTED', { reason })),
      );
    };
    switch (code) {
      case DisconnectReason.loggedOut:
        // Removed from the phone (or creds rejected): the creds are worthless; the next start needs a new QR.
        return terminal('logged out, forgetting credentials', 'logged_out', true);
      case DisconnectReason.connectionReplaced:
        // Another process or device opened this session; fighting for it would loop forever.
        return terminal('connection replaced by another session', 'replaced');
      case DisconnectReason.forbidden:
      case DisconnectReason.multideviceMismatch:
        // Account blocked or not multi-device: retrying cannot help; creds kept in case it is lifted.
        return terminal('connection refused by WhatsApp', 'refused');
      case OUTDATED_CLIENT:
        // WhatsApp refuses this client version: reconnecting with it would loop forever (issue 10 item 5).
        return terminal('WhatsApp Web version outdated (set WA_WEB_VERSION, or restart to fetch the current one)', 'outdated_client');
      case DisconnectReason.restartRequired:
        // Sent right after pairing: the new creds only take effect on a fresh socket (which reports OPENING).
        this.connect();
        return;
    }
    if (code === DisconnectReason.timedOut && phase.askedToPair && !phase.opened && QR_EXPIRED.test(message ?? '')) {
      // "QR refs attempts ended": nobody scanned or typed the code, and looping would show QRs to
      // nobody. The creds were never linked, so forgetting them loses nothing. The same 408 from a
      // network blip while the QR is shown (connection lost) only reconnects (issue 10 item 8).
      return terminal('pairing not completed in time', 'pairing_timeout', true);
    }
    // timedOut/connectionLost (408), connectionClosed (428), unavailableService (503), unknown, and
    // badSession (500): in practice a stream error the next socket recovers from. Clearing keys
    // there would log the device out for a transient fault; broken per-chat signal sessions are
    // renegotiated by Baileys' own retry receipts.
    this.events.status(code === DisconnectReason.timedOut ? 'TIMEOUT' : 'OPENING');
    this.scheduleReconnect();
  }

  // ---- inbound ----------------------------------------------------------------------------

  private lookup(sock: BaileysSocketLike) {
    const store = sock.signalRepository?.lidMapping;
    return store ? (lid: string) => store.getPNForLID(lid) : undefined;
  }

  /** Our id for a message: `<id>` in a 1:1 chat, `<id>:<participant number>` in a group. */
  private async providerIdOf(sock: BaileysSocketLike, key: WAMessageKey): Promise<string | undefined> {
    if (!key.id || !key.remoteJid) return undefined;
    if (!isGroupJid(key.remoteJid)) return key.id;
    const who = key.fromMe ? numberOf(sock.user?.id) : await this.lids.resolve(key.participant, key.participantAlt, this.lookup(sock));
    return who ? `${key.id}:${who}` : undefined;
  }

  private async onUpsert(sock: BaileysSocketLike, { messages, type }: BaileysEventMap['messages.upsert']): Promise<void> {
    if (type !== 'notify' && type !== 'append') return;
    const { inbox } = this.settings;
    if (inbox) {
      // Durable first: WhatsApp has already been told "received" and will not send these again, so
      // before any parsing or download they are kept where a crash cannot reach them.
      const items = messages
        .filter((m) => m.key?.remoteJid && m.key.id && !isIgnoredJid(m.key.remoteJid))
        // A placeholder Baileys could not decrypt yet (CIPHERTEXT, no content) is upserted again under the
        // same key once it can: keeping the placeholder would make the inbox drop the real one as a replay.
        .filter((m) => m.messageStubType === WAMessageStubType.REVOKE || !!normalizeMessageContent(m.message))
        .map((message) => ({ id: keptIdOf(message.key), data: JSON.stringify({ v: 1, message } satisfies KeptUpsert, BufferJSON.replacer) }));
      if (items.length) await this.keep(inbox, items);
      return;
    }
    for (const message of messages) {
      try {
        await this.onMessage(sock, message);
      } catch (err) {
        this.logger.error({ err, id: message.key?.id }, 'inbound message failed');
      }
    }
  }

  /**
   * Keeps raw upserts, retrying until the inbox takes them: a failed keep is never only logged. The
   * ordered event chain waits meanwhile, so nothing after them overtakes them. Only a session being
   * stopped for good gives up (its socket is closed: nothing more arrives either).
   */
  private async keep(inbox: ChannelInbox, items: { id: string; data: string }[]): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        await inbox.keep(items);
        return;
      } catch (err) {
        if (this.stopped) {
          this.logger.error({ err, ids: items.map((i) => i.id) }, 'session stopped before inbound messages could be kept: they are lost');
          return;
        }
        this.logger.error({ err, attempt, count: items.length }, 'could not keep inbound messages, retrying');
        await sleep(Math.min(250 * 2 ** attempt, 10_000));
      }
    }
  }

  /** One kept upsert, handled in a job (possibly after a restart): parsed, its media fetched, delivered. */
  async handleKept(data: string): Promise<void> {
    const kept = JSON.parse(data, BufferJSON.reviver) as KeptUpsert;
    const sock = this.sock ?? this.lastSock;
    if (!sock) throw new Error('session has no socket yet');
    // Waits for the media: the job ends once the message is with the kernel (or for good without its file).
    await this.onMessage(sock, kept.message, true);
  }

  private async onMessage(sock: BaileysSocketLike, msg: WAMessage, inline = false): Promise<void> {
    const { key } = msg;
    const remoteJid = key.remoteJid;
    if (!remoteJid || !key.id || isIgnoredJid(remoteJid)) return;
    if (msg.messageStubType === WAMessageStubType.REVOKE) return this.reportRevoke(await this.providerIdOf(sock, key), await this.authorOf(sock, key));
    // No content: a stub or a message not decrypted yet (Baileys upserts it again once it is).
    const content = normalizeMessageContent(msg.message);
    if (!content) return;
    if (content.protocolMessage) return this.onProtocol(sock, msg, content.protocolMessage);
    const parsed = parseContent(content);
    if (!parsed) return;

    const isGroup = isGroupJid(remoteJid);
    const lookup = this.lookup(sock);
    const me = numberOf(sock.user?.id);
    // For our own messages remoteJidAlt may describe us rather than the chat; do not trust it there.
    const chatNumber = isGroup ? undefined : await this.lids.resolve(remoteJid, key.fromMe ? undefined : key.remoteJidAlt, lookup);
    const from = key.fromMe ? me : isGroup ? await this.lids.resolve(key.participant, key.participantAlt, lookup) : chatNumber;
    if ((!isGroup && !chatNumber) || !from) {
      // A kept message waits in the inbox (its job is handed again with a growing delay) until the
      // @lid's mapping arrives, instead of being dropped (issue 10 item 7).
      if (inline) throw new UnmappedLidError(key.participant ?? remoteJid);
      this.logger.warn({ id: key.id, remoteJid, participant: key.participant }, 'cannot resolve the phone number behind an @lid, skipping message');
      return;
    }
    const providerMessageId = isGroup ? `${key.id}:${from}` : key.id;
    // Quoting or marking it read later must name the participant exactly as WhatsApp did (maybe an @lid).
    if (isGroup && !key.fromMe && key.participant) this.participants.set(providerMessageId, key.participant);
    if (this.delivered.has(providerMessageId)) return;

    const quotedProviderMessageId = await this.quotedIdOf(sock, remoteJid, parsed.contextInfo);
    const chatName = isGroup ? await this.groupName(sock, remoteJid) : undefined;
    const deliver = async (media: ChannelMedia | undefined) => {
      await this.events.message({
      providerMessageId,
      chatId: isGroup ? remoteJid : (chatNumber as string),
      isGroup,
      from,
      fromName: key.fromMe ? undefined : (msg.pushName ?? msg.verifiedBizName ?? undefined),
      fromMe: !!key.fromMe,
      body: parsed.body,
      mediaType: parsed.mediaType,
      media,
      quotedProviderMessageId,
      chatName,
      timestamp: msg.messageTimestamp ? new Date(toNumber(msg.messageTimestamp) * 1000) : new Date(),
      });
      // Only after the kernel has it: a failed delivery may be retried by a replay.
      this.delivered.set(providerMessageId, true);
      if (key.fromMe) this.own.set(providerMessageId, true);
    };
    if (!parsed.media) return deliver(undefined);
    const file = parsed.media;
    const download = () =>
      this.settings.mediaSlots.run(() =>
        fetchMedia(msg, file, {
          download: this.settings.downloadMedia,
          reuploadRequest: (m) => (this.sock ?? sock).updateMediaMessage(m),
          logger: this.logger,
          maxBytes: this.settings.maxMediaBytes,
          attempts: 3,
          retryDelayMs: this.settings.mediaRetryDelayMs,
          timeoutMs: this.settings.mediaTimeoutMs,
          source: this.settings.mediaSource,
        }),
      );
    // A kept message is already off the ordered chain (in its own job): it waits for its media.
    if (inline) return deliver(await download());
    // Media is fetched outside the ordered event chain, a few at a time, with an overall timeout:
    // a slow or hanging download never holds up the connection's next messages, acks and edits.
    if (this.downloading.has(providerMessageId)) return;
    this.downloading.add(providerMessageId);
    this.track(
      download()
        .then(deliver)
        .catch((err) => this.logger.error({ err, id: key.id }, 'inbound media message failed'))
        .finally(() => this.downloading.delete(providerMessageId)),
    );
  }

  private async quotedIdOf(sock: BaileysSocketLike, remoteJid: string, ctx: proto.IContextInfo | null | undefined): Promise<string | undefined> {
    const stanzaId = ctx?.stanzaId;
    if (!stanzaId) return undefined;
    if (!isGroupJid(remoteJid)) return stanzaId;
    const who = isMe(sock, ctx.participant) ? numberOf(sock.user?.id) : await this.lids.resolve(ctx.participant, undefined, this.lookup(sock));
    return who ? `${stanzaId}:${who}` : stanzaId;
  }

  /** Revokes and edits arriving as messages (Baileys also mirrors them as messages.update). */
  private async onProtocol(sock: BaileysSocketLike, msg: WAMessage, protocol: proto.Message.IProtocolMessage): Promise<void> {
    const target = protocol.key;
    if (!target?.id) return;
    // The envelope says who sent it, and only their own message can be named: the target id is read
    // with the envelope's sender (and, in groups, participant), whatever protocol.key claims. A group
    // admin deleting someone else's message is therefore not applied to the stored history.
    const key: WAMessageKey = { ...msg.key, id: target.id };
    const id = await this.providerIdOf(sock, key);
    const author = await this.authorOf(sock, msg.key);
    if (protocol.type === proto.Message.ProtocolMessage.Type.REVOKE) this.reportRevoke(id, author);
    if (protocol.type === proto.Message.ProtocolMessage.Type.MESSAGE_EDIT) this.reportEdit(id, textOf(protocol.editedMessage), author);
  }

  /** The group's subject, asked once (a failed query names nothing: the group keeps its id as name). */
  private async groupName(sock: BaileysSocketLike, jid: string): Promise<string | undefined> {
    const known = this.groupNames.get(jid);
    if (known !== undefined) return known || undefined;
    const subject = await sock.groupMetadata?.(jid).then(
      (g) => {
        this.groupMeta.set(jid, g);
        return g.subject ?? '';
      },
      () => '',
    );
    this.groupNames.set(jid, subject ?? '');
    return subject || undefined;
  }

  /** Who sent an envelope: ourselves, or the chat (its number, or the group's id with the member's number). */
  private async authorOf(sock: BaileysSocketLike, key: WAMessageKey): Promise<MessageAuthor | undefined> {
    if (!key.remoteJid) return undefined;
    if (key.fromMe) return { fromMe: true, chatId: key.remoteJid };
    if (isGroupJid(key.remoteJid)) {
      // The member as their messages name them (InboundMessage.from): the kernel compares the two.
      const participant = await this.lids.resolve(key.participant, key.participantAlt, this.lookup(sock));
      return participant ? { fromMe: false, chatId: key.remoteJid, participant } : undefined;
    }
    const chat = await this.lids.resolve(key.remoteJid, key.remoteJidAlt, this.lookup(sock));
    return chat ? { fromMe: false, chatId: chat } : undefined;
  }

  private async onUpdates(sock: BaileysSocketLike, updates: WAMessageUpdate[]): Promise<void> {
    for (const { key, update } of updates) {
      if (!key.remoteJid || isIgnoredJid(key.remoteJid)) continue;
      const id = await this.providerIdOf(sock, key);
      if (!id) continue;
      // Baileys reports a revoke or edit under the sender's envelope key (its fromMe is the sender's).
      if (update.messageStubType === WAMessageStubType.REVOKE) {
        this.reportRevoke(id, await this.authorOf(sock, key));
        continue;
      }
      const edited = update.message?.editedMessage?.message;
      if (edited) this.reportEdit(id, textOf(edited.protocolMessage?.editedMessage ?? edited), await this.authorOf(sock, key));
      const ack = ackOf(update.status);
      if (ack) this.events.ack(id, ack);
    }
  }

  /** Group receipts: each participant's delivery, read or play of our message moves its ack forward. */
  private async onReceipts(sock: BaileysSocketLike, receipts: BaileysEventMap['message-receipt.update']): Promise<void> {
    for (const { key, receipt } of receipts) {
      if (!key.remoteJid || !key.fromMe || isIgnoredJid(key.remoteJid)) continue;
      const id = await this.providerIdOf(sock, key);
      const ack = receipt.playedTimestamp ? 4 : receipt.readTimestamp ? 3 : receipt.receiptTimestamp ? 2 : undefined;
      if (id && ack) this.events.ack(id, ack);
    }
  }

  // The same revoke/edit arrives both as an upsert and as an update; report it once.
  private reportRevoke(id: string | undefined, author: MessageAuthor | undefined): void {
    if (!id || !author || this.reported.has(`revoke:${id}`)) return;
    this.reported.set(`revoke:${id}`, true);
    this.events.revoke(id, author);
  }

  private reportEdit(id: string | undefined, text: string | undefined, author: MessageAuthor | undefined): void {
    if (!id || !author || text === undefined || this.reported.has(`edit:${id}:${text}`)) return;
    this.reported.set(`edit:${id}:${text}`, true);
    this.events.edit(id, text, author);
  }

  private async onContacts(sock: BaileysSocketLike, contacts: Partial<Contact>[], upsert: boolean): Promise<void> {
    for (const c of contacts) {
      if (!c.id || isGroupJid(c.id) || isIgnoredJid(c.id)) continue;
      this.lids.remember(c.lid ?? c.id, c.phoneNumber ?? c.id);
      const number = await this.lids.resolve(c.id, c.phoneNumber, this.lookup(sock));
      if (!number) continue;
      const name = c.name ?? c.notify ?? c.verifiedName ?? undefined;
      const profilePicUrl = c.imgUrl && /^https?:\/\//.test(c.imgUrl) ? c.imgUrl : undefined;
      // Updates without a name or picture (e.g. only "picture changed") tell the kernel nothing.
      if (!upsert && !name && !profilePicUrl) continue;
      this.events.contact({ number, name, ...(profilePicUrl ? { profilePicUrl } : {}) });
    }
  }

  private async onCalls(sock: BaileysSocketLike, calls: WACallEvent[]): Promise<void> {
    for (const call of calls) {
      if (call.status !== 'offer') continue;
      const number = await this.lids.resolve(call.from, call.callerPn, this.lookup(sock));
      if (!number) {
        this.logger.warn({ from: call.from, id: call.id }, 'cannot resolve caller number, ignoring call');
        continue;
      }
      // Rejecting must name the caller exactly as the offer did (it may be an @lid).
      this.callJids.set(call.id, call.from);
      this.events.call?.(number, call.id);
    }
  }

  // ---- outbound ---------------------------------------------------------------------------

  private openSocket(): BaileysSocketLike {
    if (!this.sock || !this.open) throw new Error('WhatsApp session is not connected.');
    return this.sock;
  }

  /** Rebuilds the WhatsApp key of one of our ids in `jid`. */
  private keyOf(jid: string, providerMessageId: string, sock: BaileysSocketLike, fromMeIn1to1: boolean): WAMessageKey {
    if (!isGroupJid(jid)) return { remoteJid: jid, id: providerMessageId, fromMe: fromMeIn1to1 };
    const cut = providerMessageId.lastIndexOf(':');
    const id = cut < 0 ? providerMessageId : providerMessageId.slice(0, cut);
    const number = cut < 0 ? undefined : providerMessageId.slice(cut + 1);
    const fromMe = !number || number === numberOf(sock.user?.id);
    if (fromMe) return { remoteJid: jid, id, fromMe: true };
    return { remoteJid: jid, id, fromMe: false, participant: this.participants.get(providerMessageId) ?? `${number}@s.whatsapp.net` };
  }

  /**
   * An id made the way Baileys makes its own (generateMessageIDV2 for our user), in the form `send`
   * returns (group ids carry our number).
   */
  newMessageId(to: string): string {
    const user = this.sock?.user?.id ?? this.auth?.state.creds.me?.id;
    const id = generateMessageIDV2(user);
    const me = numberOf(user);
    return isGroupJid(chatJid(to)) && me ? `${id}:${me}` : id;
  }

  /**
   * Sends under the kernel's id when given (issue 28 item 1). A retry whose message already left is
   * found among the copies kept for retry receipts and not sent again. Left: a process that dies after
   * the stanza left and before the copy is kept sends it again under the same id, which WhatsApp takes
   * as the same message (a recipient's phone shows an id once per chat).
   */
  async send(message: OutboundMessage): Promise<{ providerMessageId: string }> {
    const sock = this.openSocket();
    const given = message.providerMessageId;
    const messageId = given?.split(':')[0];
    if (given && messageId && (await this.sent.get(messageId))) return { providerMessageId: given };
    // The JID WhatsApp's number check answered: older Brazilian, Mexican and Argentinian numbers are
    // registered under a form that differs from the typed one (issue 10 item 7).
    const jid = await this.recipientJid(sock, chatJid(message.to));
    const quotedId = message.quotedProviderMessageId;
    // WhatsApp shows the quote from the content we send; without it the reply goes unquoted rather
    // than with an empty quote box.
    const options: MiscMessageGenerationOptions = {
      ...(messageId ? { messageId } : {}),
      ...(quotedId && message.quotedBody !== undefined
        ? { quoted: { key: this.keyOf(jid, quotedId, sock, this.own.has(quotedId)), message: { conversation: message.quotedBody } } }
        : {}),
    };
    const sent = await sock.sendMessage(jid, outboundContent(message), Object.keys(options).length ? options : undefined);
    const id = sent?.key?.id;
    if (!id) throw new Error('WhatsApp returned no message id.');
    const me = numberOf(sock.user?.id);
    const providerMessageId = isGroupJid(jid) && me ? `${id}:${me}` : id;
    if (sent.message) await this.sent.remember(id, sent.message);
    // Baileys echoes our own sends as an upsert; the kernel already has them.
    this.delivered.set(providerMessageId, true);
    this.own.set(providerMessageId, true);
    return { providerMessageId };
  }

  /**
   * Where a message to `jid` goes: for a 1:1 chat, the JID WhatsApp's number check returns (asked once
   * per number, then remembered); a number WhatsApp does not know gets ChannelRecipientError
   * (ERR_WAPP_INVALID_CONTACT), not a retry. Groups go as they are.
   */
  private async recipientJid(sock: BaileysSocketLike, jid: string): Promise<string> {
    if (isGroupJid(jid)) {
      // Asked once and kept (cachedGroupMetadata), instead of Baileys asking before every send.
      if (!this.groupMeta.get(jid) && sock.groupMetadata) {
        const meta = await sock.groupMetadata(jid).catch(() => undefined);
        if (meta) this.groupMeta.set(jid, meta);
      }
      return jid;
    }
    if (!sock.onWhatsApp) return jid;
    const known = this.onWhatsApp.get(jid);
    if (known) return known;
    const [found] = (await sock.onWhatsApp(jid)) ?? [];
    if (!found?.exists) throw new ChannelRecipientError(`${numberOf(jid)} is not on WhatsApp.`);
    const registered = found.jid && !isGroupJid(found.jid) ? found.jid : jid;
    this.onWhatsApp.set(jid, registered);
    return registered;
  }

  async delete(chatId: string, providerMessageId: string): Promise<void> {
    const sock = this.openSocket();
    const jid = chatJid(chatId);
    // In a 1:1 chat only our own messages can be deleted for everyone.
    await sock.sendMessage(jid, { delete: this.keyOf(jid, providerMessageId, sock, true) });
  }

  async edit(chatId: string, providerMessageId: string, body: string): Promise<void> {
    const sock = this.openSocket();
    const jid = chatJid(chatId);
    await sock.sendMessage(jid, { text: body, edit: this.keyOf(jid, providerMessageId, sock, true) });
  }

  async isOnChannel(number: string): Promise<boolean> {
    const sock = this.openSocket();
    try {
      await this.recipientJid(sock, chatJid(number));
      return true;
    } catch (err) {
      if (isChannelRecipientError(err)) return false;
      throw err;
    }
  }

  async markRead(chatId: string, providerMessageIds: string[]): Promise<void> {
    const sock = this.openSocket();
    const jid = chatJid(chatId);
    if (!providerMessageIds.length || !sock.readMessages) return;
    await sock.readMessages(providerMessageIds.map((id) => this.keyOf(jid, id, sock, false)));
  }

  async rejectCall(from: string, callId: string): Promise<void> {
    const sock = this.openSocket();
    await sock.rejectCall(callId, this.callJids.get(callId) ?? chatJid(from));
  }

  /**
   * A deploy's stop (issue 10 item 2): the socket is closed first, so WhatsApp is told "received" for
   * nothing more and keeps what is still in flight for the next owner; then the events already taken
   * are finished (kept in the inbox, credentials and keys written), and only then is the session over.
   */
  async drain(): Promise<void> {
    this.draining = true;
    this.clearTimer();
    // Messages Baileys already acknowledged may sit in its event buffer; ending does not release them.
    this.sock?.ev.flush?.();
    await this.sock?.end(undefined).catch((err) => this.logger.warn({ err }, 'error ending socket'));
    await this.whenIdle();
    this.stopped = true;
    await this.retire();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.clearTimer();
    await this.retire();
  }

  async logout(): Promise<void> {
    this.stopped = true;
    this.clearTimer();
    // Detach first: the loggedOut close Baileys emits must not be handled a second time.
    this.detach?.();
    this.detach = undefined;
    await this.sock?.logout().catch((err) => this.logger.warn({ err }, 'logout request failed, forgetting credentials anyway'));
    await this.retire();
    await this.forget();
  }
}
