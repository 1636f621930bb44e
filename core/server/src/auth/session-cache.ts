import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Profile } from '@atende/core-contract';
import { ChangeFeed } from '../database/change-feed.js';
import { FeedCache } from '../database/feed-cache.js';

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

/** A safety net only: changes arrive by NOTIFY; an entry is read again after this long anyway. */
const MAX_AGE_MS = 60_000;
/** Beyond this many users the oldest entries go (a Map keeps insertion order). */
const MAX_ENTRIES = 50_000;

/**
 * The signed-in users of this process, in memory, so authenticating a request costs no query (issue 13
 * item 2). Correct because of how it forgets: triggers on users, companies and user_queues (migration
 * core_0018) announce every committed change through the ChangeFeed, whoever wrote it, to every
 * process; the process that made the change also forgets at once (`forgetUser`/`forgetCompany`), so its
 * own next request never sees the old row. While the feed is down nothing is cached (every request reads
 * the database, as before), so a missed notification can never leave a revoked session alive. A read
 * that started before a change was announced does not store what it read.
 */
@Injectable()
export class SessionCache {
  private readonly records: FeedCache<number, SessionRecord>;

  constructor(
    private readonly em: EntityManager,
    private readonly feed: ChangeFeed,
  ) {
    this.records = new FeedCache(feed, { maxAgeMs: MAX_AGE_MS, maxEntries: MAX_ENTRIES });
    feed.on('u', (id) => this.records.forget(id));
    feed.on('c', (companyId) => this.records.forgetWhere((record) => record.companyId === companyId));
  }

  /** The user with company and queues: from memory when known, else one query (null: no such user). */
  get(userId: number): Promise<SessionRecord | null> {
    return this.records.get(userId, () => this.read(userId));
  }

  forgetUser(userId: number): void {
    this.feed.changed('u', userId);
  }

  forgetCompany(companyId: number): void {
    this.feed.changed('c', companyId);
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
    // Frozen: callers get the cached object itself, and none may change it for the next request.
    return Object.freeze({
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
      queueIds: Object.freeze([...(row.queue_ids as number[])]) as number[],
    });
  }
}
