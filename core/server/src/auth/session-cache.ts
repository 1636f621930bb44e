import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import pg, { type Client as PgClient } from 'pg';
import type { Profile } from '@atende/core-contract';
import { APP_CONFIG, type AppConfig } from '../config/config.js';

/** What a request needs to know about its user: who, whether they may still sign in, their company and queues. */
export interface SessionRecord {
  id: number;
  companyId: number;
  profile: Profile;
  super: boolean;
  enabled: boolean;
  tokenVersion: number;
  isPlatform: boolean;
  companyActive: boolean;
  dueDate: Date | null;
  /** The ticket lists' visibility (ticket-visibility.ts): the agent's allTicket setting and queues. */
  allTicket: boolean;
  queueIds: number[];
}

/** The NOTIFY channel the triggers of migration core_0018 speak on. */
export const SESSION_CHANNEL = 'atende_sessions';
/** A safety net only: changes arrive by NOTIFY; an entry is read again after this long anyway. */
const MAX_AGE_MS = 5 * 60_000;
/** Beyond this many users the oldest entries go (a Map keeps insertion order). */
const MAX_ENTRIES = 50_000;
const RECONNECT_MS = 1_000;

/**
 * The signed-in users of this process, in memory, so authenticating a request costs no query (issue 13
 * item 2). Correct because of how it forgets: triggers on users, companies and user_queues NOTIFY
 * `atende_sessions` with the user or company that changed, only when the change commits and whoever
 * wrote it, and every process LISTENs; the process that made the change also forgets at once
 * (`forgetUser`/`forgetCompany`), so its own next request never sees the old row. While the LISTEN
 * connection is down nothing is cached (every request reads the database, as before), so a missed
 * notification can never leave a revoked session alive. A read that started before a change was
 * announced does not store what it read (the epoch moved).
 */
@Injectable()
export class SessionCache implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('SessionCache');
  private readonly records = new Map<number, { record: SessionRecord; at: number }>();
  /** Moves on every change announced; a fill that started before one is not stored. */
  private epoch = 0;
  private listening = false;
  private client: PgClient | null = null;
  private stopped = false;
  private reconnect: NodeJS.Timeout | null = null;

  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.listen();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    if (this.reconnect) clearTimeout(this.reconnect);
    this.disconnected();
    await this.client?.end().catch(() => undefined);
  }

  /** The user with company and queues: from memory when known, else one query (null: no such user). */
  async get(userId: number): Promise<SessionRecord | null> {
    const hit = this.listening ? this.records.get(userId) : undefined;
    if (hit && Date.now() - hit.at < MAX_AGE_MS) return hit.record;
    const epoch = this.epoch;
    const record = await this.read(userId);
    if (record && this.listening && epoch === this.epoch) {
      this.records.delete(userId);
      this.records.set(userId, { record, at: Date.now() });
      if (this.records.size > MAX_ENTRIES) this.records.delete(this.records.keys().next().value as number);
    }
    return record;
  }

  forgetUser(userId: number): void {
    this.epoch += 1;
    this.records.delete(userId);
  }

  forgetCompany(companyId: number): void {
    this.epoch += 1;
    for (const [id, { record }] of this.records) if (record.companyId === companyId) this.records.delete(id);
  }

  /** Whether entries are being kept (the LISTEN connection is up). */
  get caching(): boolean {
    return this.listening;
  }

  private async read(userId: number): Promise<SessionRecord | null> {
    const [row] = await this.em.getConnection().execute<Record<string, unknown>[]>(
      `select u.id, u.company_id, u.profile, u.super, u.enabled, u.token_version, u.all_ticket,
              c.is_platform, c.due_date, c.status,
              coalesce((select array_agg(q.id order by q.id) from user_queues uq join queues q on q.id = uq.queue_id and q.company_id = u.company_id
                         where uq.user_id = u.id), '{}') as queue_ids
         from users u join companies c on c.id = u.company_id
        where u.id = ?`,
      [userId],
    );
    if (!row) return null;
    return {
      id: row.id as number,
      companyId: row.company_id as number,
      profile: row.profile as Profile,
      super: row.super as boolean,
      enabled: row.enabled as boolean,
      tokenVersion: row.token_version as number,
      isPlatform: row.is_platform as boolean,
      companyActive: row.status as boolean,
      dueDate: row.due_date == null ? null : new Date(row.due_date as string | Date),
      allTicket: row.all_ticket === 'enabled',
      queueIds: row.queue_ids as number[],
    };
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.config.DATABASE_URL });
    this.client = client;
    client.on('notification', (n) => this.announced(n.payload ?? ''));
    client.on('error', (err) => {
      this.logger.warn(`session notifications lost (${err.message}); reading every session from the database until they are back`);
      this.lost(client);
    });
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`listen ${SESSION_CHANNEL}`);
      if (this.client === client && !this.stopped) this.listening = true;
    } catch (err) {
      this.logger.warn(`session notifications unavailable (${(err as Error).message}); retrying`);
      this.lost(client);
    }
  }

  private announced(payload: string): void {
    const [kind, id] = payload.split(':');
    if (kind === 'u') this.forgetUser(Number(id));
    else if (kind === 'c') this.forgetCompany(Number(id));
    else this.disconnected(); // unknown: forget everything rather than guess
  }

  private lost(client: PgClient): void {
    if (this.client !== client) return;
    this.client = null;
    this.disconnected();
    void client.end().catch(() => undefined);
    if (!this.stopped && !this.reconnect) {
      this.reconnect = setTimeout(() => {
        this.reconnect = null;
        void this.listen();
      }, RECONNECT_MS);
    }
  }

  private disconnected(): void {
    this.listening = false;
    this.epoch += 1;
    this.records.clear();
  }
}
