import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { DROP_EMPTY_SQL, FOLD_LOCK, FOLD_SQL, VACUUM_AFTER_DELTAS, VACUUM_SQL } from './ticket-counts.js';

/** How often the deltas are folded: a count reads the deltas of about this long (see keptCountSql). */
const FOLD_EVERY_MS = 2_000;

/**
 * Keeps the header counts cheap: folds the ticket count deltas the triggers append into the group
 * totals every couple of seconds (migration core_0034_ticket_counts). Counts are exact whether or not
 * a fold ran; folding only keeps the deltas a count reads few.
 */
@Injectable()
export class TicketCountsService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('TicketCounts');
  private timer?: NodeJS.Timeout;
  private folding: Promise<void> | null = null;
  /** Deltas this process folded since it last vacuumed their table. */
  private foldedSinceVacuum = 0;

  constructor(private readonly orm: MikroORM) {}

  onModuleInit(): void {
    this.timer = setInterval(() => void this.fold(), FOLD_EVERY_MS);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.folding;
  }

  /** One fold (at most one at a time in this process; another process's fold makes this one skip). */
  fold(): Promise<void> {
    this.folding ??= this.foldOnce()
      .catch((err: Error) => this.logger.warn(`Folding ticket counts failed: ${err.message}`))
      .finally(() => (this.folding = null));
    return this.folding;
  }

  private async foldOnce(): Promise<void> {
    const folded = await this.orm.em.fork().transactional(async (tx) => {
      const run = (sql: string, params: unknown[] = []) => tx.getConnection().execute(sql, params, 'all', tx.getTransactionContext());
      const [lock] = await run('select pg_try_advisory_xact_lock(?) as ok', [FOLD_LOCK]);
      if (!lock.ok) return 0;
      const [{ deltas }] = await run(FOLD_SQL);
      await run(DROP_EMPTY_SQL);
      return deltas as number;
    });
    this.foldedSinceVacuum += folded;
    if (this.foldedSinceVacuum < VACUUM_AFTER_DELTAS) return;
    this.foldedSinceVacuum = 0;
    // Outside the transaction (VACUUM cannot run in one).
    await this.orm.em.getConnection().execute(VACUUM_SQL);
  }
}
