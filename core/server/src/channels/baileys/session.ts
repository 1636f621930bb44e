import {
  BufferJSON,
  DisconnectReason,
  type BaileysEventMap,
  type GroupMetadata,
  type SocketConfig,
} from '@whiskeysockets/baileys';
import type { ChannelEvents, ChannelSession, OutboundMessage } from '@atende/sdk-server';
import type { BaileysAuthStore, SentMessageStore } from './auth-store.js';
import { keyCache, useStoreAuthState, type StoreAuthState } from './auth-state.js';
import { ChatMemory } from './chat-memory.js';
import { BaileysInbound, type InboundMediaSettings } from './inbound-translator.js';
import { isIgnoredJid, numberOf } from './jids.js';
import { BaileysOutbound } from './outbound.js';
import { SentMessages } from './sent-messages.js';
import type { BaileysLogger, BaileysSocketFactory, BaileysSocketLike } from './socket.js';

/** Baileys' message when nobody scanned the QR (or typed the code) in time; a lost connection is also 408. */
const QR_EXPIRED = /QR refs attempts ended/i;

/** What WhatsApp answers a client whose version it no longer accepts ("Connection Failure" 405). */
const OUTDATED_CLIENT = 405;

const statusCodeOf = (error: unknown): number | undefined =>
  (error as { output?: { statusCode?: number } } | undefined)?.output?.statusCode;

export interface SessionSettings extends InboundMediaSettings {
  factory: BaileysSocketFactory;
  backoff: { baseMs: number; maxMs: number };
  version: () => [number, number, number] | undefined;
  socketConfig: Partial<SocketConfig>;
  pairingPhone?: string;
}

/** What happened on the current socket; decides how its close is handled. */
interface SocketPhase {
  opened: boolean;
  askedToPair: boolean;
  pairingRequested: boolean;
}

/**
 * One WhatsApp connection's lifecycle: opening, pairing, reconnecting with backoff, terminal closes,
 * drain/stop/logout. Inbound events go to `BaileysInbound`, sends to `BaileysOutbound`; both share the
 * session's `ChatMemory`. Holds at most one live socket: the old one is detached and ended
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
  private readonly memory = new ChatMemory();
  private readonly inbound: BaileysInbound;
  private readonly outbound: BaileysOutbound;
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
    this.inbound = new BaileysInbound(
      {
        events,
        logger,
        settings,
        isStopped: () => this.stopped,
        liveSocket: () => this.sock,
        socket: () => this.sock ?? this.lastSock,
        track: (work) => this.track(work),
      },
      this.memory,
    );
    this.outbound = new BaileysOutbound(
      {
        connected: () => (this.open ? this.sock : undefined),
        userId: () => this.sock?.user?.id ?? this.auth?.state.creds.me?.id,
        sent: this.sent,
      },
      this.memory,
    );
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
      cachedGroupMetadata: async (jid: string) => this.memory.groupMeta.get(jid),
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
    on('lid-mapping.update', ({ lid, pn }) => this.memory.lids.remember(lid, pn));
    on('messaging-history.set', ({ lidPnMappings }) => lidPnMappings?.forEach(({ lid, pn }) => this.memory.lids.remember(lid, pn)));
    queued('messages.upsert', (upsert) => this.inbound.onUpsert(sock, upsert));
    queued('messages.update', (updates) => this.inbound.onUpdates(sock, updates));
    queued('message-receipt.update', (receipts) => this.inbound.onReceipts(sock, receipts));
    queued('contacts.upsert', (contacts) => this.inbound.onContacts(sock, contacts, true));
    queued('contacts.update', (contacts) => this.inbound.onContacts(sock, contacts, false));
    queued('call', (calls) => this.inbound.onCalls(sock, calls));
    // A renamed group: the next message carries the new name (the ticket's contact follows it).
    on('groups.update', (updates) => {
      for (const g of updates) {
        if (!g.id) continue;
        if (typeof g.subject === 'string') this.memory.groupNames.set(g.id, g.subject);
        const known = this.memory.groupMeta.get(g.id);
        if (known) this.memory.groupMeta.set(g.id, { ...known, ...g } as GroupMetadata);
      }
    });
    on('groups.upsert', (groups) => {
      for (const g of groups) {
        this.memory.groupMeta.set(g.id, g);
        if (typeof g.subject === 'string') this.memory.groupNames.set(g.id, g.subject);
      }
    });
    // Someone joined, left, was promoted or demoted: the participant list is asked again on the next send.
    on('group-participants.update', ({ id }) => {
      this.memory.groupMeta.delete(id);
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

  // ---- inbound and outbound: delegated ------------------------------------------------------

  /** One kept upsert, handled in a job (possibly after a restart): parsed, its media fetched, delivered. */
  handleKept(data: string): Promise<void> {
    return this.inbound.handleKept(data);
  }

  newMessageId(to: string): string {
    return this.outbound.newMessageId(to);
  }

  send(message: OutboundMessage): Promise<{ providerMessageId: string }> {
    return this.outbound.send(message);
  }

  delete(chatId: string, providerMessageId: string): Promise<void> {
    return this.outbound.delete(chatId, providerMessageId);
  }

  edit(chatId: string, providerMessageId: string, body: string): Promise<void> {
    return this.outbound.edit(chatId, providerMessageId, body);
  }

  isOnChannel(number: string): Promise<boolean> {
    return this.outbound.isOnChannel(number);
  }

  markRead(chatId: string, providerMessageIds: string[]): Promise<void> {
    return this.outbound.markRead(chatId, providerMessageIds);
  }

  rejectCall(from: string, callId: string): Promise<void> {
    return this.outbound.rejectCall(from, callId);
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
