import type { SqlPart } from '../ticket-visibility.js';

/**
 * The count of the tickets `where` selects (alias `t`), read from the kept group totals and the deltas
 * not folded in yet (migration core_0034_ticket_counts): both carry company_id, status, queue_id and
 * user_id, exactly what the lists' visibility and queue conditions read, so the same `where` applies
 * (ticketWhere with status and queueIds only: dates, tags or unread are not kept per group). One
 * snapshot reads both tables, and folding moves rows from one to the other in one statement: exact.
 */
export function keptCountSql(where: SqlPart): SqlPart {
  return {
    sql: `select coalesce(sum(t.n), 0)::int as count from (
            select company_id, status, queue_id, user_id, n from ticket_counts where company_id = ?
            union all
            select company_id, status, queue_id, user_id, delta from ticket_count_deltas where company_id = ?
          ) t where ${where.sql}`,
    params: [companyOf(where), companyOf(where), ...where.params],
  };
}

/** The company every ticketWhere starts with (visibleSql's first parameter): the inner scans use it too, so each reads only that company's rows. */
function companyOf(where: SqlPart): number {
  const [companyId] = where.params;
  if (!where.sql.startsWith('t.company_id = ?') || typeof companyId !== 'number') throw new Error('A kept count needs a condition that starts with the company.');
  return companyId;
}

/**
 * Folds the pending deltas into the group totals, in one transaction: the advisory lock lets one
 * process fold at a time (others skip this round), the delete and the upsert are one statement (a
 * count never sees a delta both pending and folded, nor neither), and emptied groups go.
 */
export const FOLD_LOCK = 7305037;
export const FOLD_SQL = `
  with d as (
    delete from ticket_count_deltas returning company_id, status, queue_id, user_id, delta
  ), folded as (
    insert into ticket_counts (company_id, status, queue_id, user_id, n)
    select company_id, status, queue_id, user_id, sum(delta) from d group by company_id, status, queue_id, user_id
    order by company_id, status, queue_id, user_id
    on conflict (company_id, status, queue_id, user_id) do update set n = ticket_counts.n + excluded.n
  )
  select count(*)::int as deltas from d`;
/**
 * Once this many deltas have been folded (in one fold or over many), the deltas table is vacuumed: a
 * count reads the pending deltas by scanning that table, and the dead rows folds leave (100,000 after
 * a bulk import, a campaign, the bench's seed) made a count take 6.7 ms instead of 0.05 ms (the open
 * count's 2.31× health in bench:workspace of 2026-11-28 01:10) until autovacuum came by — a minute
 * later at best, never on a server that runs without it (this machine's PostgreSQL does).
 */
export const VACUUM_AFTER_DELTAS = 10_000;
export const VACUUM_SQL = `vacuum ticket_count_deltas`;
export const DROP_EMPTY_SQL = `delete from ticket_counts where n = 0`;
