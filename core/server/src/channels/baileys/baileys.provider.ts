import { makeWASocket, type SocketConfig } from '@whiskeysockets/baileys';
import type { ChannelConnection, ChannelEvents, ChannelProvider, ChannelStartOptions } from '@atende/sdk-server';
import type { BaileysAuthStore } from './auth-store.js';
import { downloadWithLimit, type MediaDownloader } from './media.js';
import type { MediaSource } from './media-download.js';
import { Semaphore } from './semaphore.js';
import { BaileysSession } from './session.js';
import { silentLogger, type BaileysLogger, type BaileysSocketFactory } from './socket.js';

// The provider's pieces, split along their seams (issue 28 item 9): socket.ts (the socket's shape),
// session.ts (lifecycle), inbound-translator.ts, outbound.ts, chat-memory.ts, sent-messages.ts.
export { BaileysSession } from './session.js';
export { UnmappedLidError } from './inbound-translator.js';
export type { BaileysLogger, BaileysSocketFactory, BaileysSocketLike } from './socket.js';

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

/** How long an unlink waits for its short-lived socket to open. */
const UNLINK_OPEN_MS = 15_000;

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
