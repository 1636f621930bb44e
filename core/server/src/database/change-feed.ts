import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import pg, { type Client as PgClient } from 'pg';
import { APP_CONFIG, type AppConfig } from '../config/config.js';

/**
 * The NOTIFY channel the kernel's change triggers speak on (migrations core_0018 and core_0019). A
 * payload is `<kind>:<id>`: `u:` a user, `c:` a company, `w:` a connection, `s:` a company's settings, `q:` a queue's binding
 * (core_0022).
 */
export const CHANGES_CHANNEL = 'atende_sessions';
const RECONNECT_MS = 1_000;
/** How the LISTEN connection shows in pg_stat_activity. */
export const CHANGE_FEED_APPLICATION = 'atende-change-feed';
/**
 * A connection dropped without a reset (a NAT or pooler timeout, a failover) sends no error: a ping this
 * often, answered within PING_TIMEOUT_MS, proves the LISTEN connection is still there.
 */
const PING_MS = 5_000;
const PING_TIMEOUT_MS = 3_000;

type Listener = (id: number) => void;

/**
 * Tells the in-process caches what changed in the database, whoever changed it (a service, raw SQL, a
 * plugin through a port, another process): triggers NOTIFY on commit, and this LISTEN connection hands
 * each change to the caches that asked for its kind. While the connection is down `live` is false and
 * every cache must read the database instead of its memory: a change announced meanwhile is lost, so
 * on every loss the caches are told to forget everything (`onReset`). A ping every few seconds notices a
 * connection that died silently. DATABASE_URL must reach PostgreSQL directly or through a session-mode
 * pooler: behind a transaction-mode pooler LISTEN receives nothing.
 */
@Injectable()
export class ChangeFeed implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('ChangeFeed');
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly resets = new Set<() => void>();
  private client: PgClient | null = null;
  private listening = false;
  private stopped = false;
  private reconnect: NodeJS.Timeout | null = null;
  private ping: NodeJS.Timeout | null = null;
  /** Moves on every change and every reset: a cache fill that started before a move must not be kept. */
  private seq = 0;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async onModuleInit(): Promise<void> {
    await this.listen();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    if (this.reconnect) clearTimeout(this.reconnect);
    if (this.ping) clearInterval(this.ping);
    this.lostAll();
    await this.client?.end().catch(() => undefined);
  }

  /** Whether caches may keep entries now (the LISTEN connection is up). */
  get live(): boolean {
    return this.listening;
  }

  /** A number that moves on every change or reset (see `seq` above). */
  get version(): number {
    return this.seq;
  }

  /** Calls `fn` with the id of every change of `kind` (`u`, `c`, `w`, `s`). */
  on(kind: string, fn: Listener): void {
    const set = this.listeners.get(kind) ?? new Set<Listener>();
    set.add(fn);
    this.listeners.set(kind, set);
  }

  /** Calls `fn` whenever changes may have been missed: forget everything. */
  onReset(fn: () => void): void {
    this.resets.add(fn);
  }

  /** A change made by this process: its caches forget at once, before the NOTIFY comes back. */
  changed(kind: string, id: number): void {
    this.seq += 1;
    for (const fn of this.listeners.get(kind) ?? []) fn(id);
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.config.DATABASE_URL, keepAlive: true, application_name: CHANGE_FEED_APPLICATION });
    this.client = client;
    client.on('notification', (n) => this.announced(n.payload ?? ''));
    client.on('error', (err) => {
      this.logger.warn(`change notifications lost (${err.message}); caches read the database until they are back`);
      this.lost(client);
    });
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`listen ${CHANGES_CHANNEL}`);
      if (this.client === client && !this.stopped) {
        // Reads that began while the feed was down may hold rows changed meanwhile (no NOTIFY reached
        // us): moving the version keeps them out of the caches.
        this.seq += 1;
        this.listening = true;
        this.watch(client);
      }
    } catch (err) {
      this.logger.warn(`change notifications unavailable (${(err as Error).message}); retrying`);
      this.lost(client);
    }
  }

  private watch(client: PgClient): void {
    if (this.ping) clearInterval(this.ping);
    this.ping = setInterval(() => {
      const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no answer to a ping')), PING_TIMEOUT_MS).unref());
      Promise.race([client.query('select 1'), timeout]).catch((err: Error) => {
        this.logger.warn(`change notifications lost (${err.message}); caches read the database until they are back`);
        this.lost(client);
      });
    }, PING_MS);
    this.ping.unref();
  }

  private announced(payload: string): void {
    const [kind, id] = payload.split(':');
    if (/^[a-z]$/.test(kind) && /^\d+$/.test(id ?? '')) this.changed(kind, Number(id));
    else this.lostAll(); // unreadable: forget everything rather than guess
  }

  private lost(client: PgClient): void {
    if (this.client !== client) return;
    this.client = null;
    this.listening = false;
    if (this.ping) clearInterval(this.ping);
    this.ping = null;
    this.lostAll();
    void client.end().catch(() => undefined);
    if (!this.stopped && !this.reconnect) {
      this.reconnect = setTimeout(() => {
        this.reconnect = null;
        void this.listen();
      }, RECONNECT_MS);
    }
  }

  private lostAll(): void {
    this.seq += 1;
    for (const fn of this.resets) fn();
  }
}
