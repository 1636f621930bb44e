import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import {
  COMPANIES,
  JOB_QUEUES,
  REALTIME,
  TENANCY,
  TICKET_HISTORY,
  TICKETS,
  createLogger,
  type Companies,
  type JobQueues,
  type RealtimePublisher,
  type Tenancy,
  type TicketHistory,
  type Tickets,
} from '@atende/sdk-server';
import { DASHBOARD_EVENT } from '@atende/plugin-dashboard-contract';
import { ReadCache } from '../cache/read-cache.js';
import { HISTORY_COUNTERS, messagePageDeltas, ticketPageDeltas, type Bucket } from './history-deltas.js';

export const BACKFILL_QUEUE = 'dashboard-backfill';
/** Rows read per page: one transaction each, so a stop loses at most one page's work (done again). */
const PAGE = 500;

type Exec = (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]>;
type Phase = 'tickets' | 'messages' | 'done';

/**
 * Fills the rollups with what happened before the plugin was installed (`dashboard_installed.at`, set
 * by its migration; later rows reach it as domain events): once per company, in a BullMQ job so the
 * boot never waits. Tickets first, then messages, a page at a time through the TICKET_HISTORY port.
 * Each page is applied in the same transaction that moves the company's cursor in
 * `dashboard_backfills` (row locked, compared first): a page is counted exactly once however many
 * processes or retries run it, and a stopped job resumes where it was.
 */
@Injectable()
export class BackfillJob implements OnApplicationBootstrap {
  private readonly log = createLogger('dashboard.backfill');
  constructor(
    @Inject(JOB_QUEUES) private readonly jobs: JobQueues,
    @Inject(COMPANIES) private readonly companies: Companies,
    @Inject(TICKET_HISTORY) private readonly history: TicketHistory,
    @Inject(TICKETS) private readonly tickets: Tickets,
    @Inject(TENANCY) private readonly tenancy: Tenancy,
    @Inject(REALTIME) private readonly realtime: RealtimePublisher,
    private readonly em: EntityManager,
    private readonly cache: ReadCache,
  ) {}

  onApplicationBootstrap(): void {
    this.jobs.worker(BACKFILL_QUEUE, async (job) => this.run((job.data as { companyId: number }).companyId), { concurrency: 1 });
    // In the background: the boot does not wait for Redis nor for the companies' list.
    void this.schedule().catch((err: unknown) => this.log.error(`scheduling the backfill failed: ${(err as Error).message}`));
  }

  /** One job per company not yet done (its id dedupes the jobs several processes add at once). */
  async schedule(): Promise<void> {
    // The plugin's own table across companies: which backfills are finished (no tenant data read).
    const done = new Set(
      ((await this.em.fork().getConnection().execute(`select company_id from dashboard_backfills where phase = 'done'`)) as Record<string, unknown>[]).map((r) => Number(r.company_id)),
    );
    const queue = this.jobs.queue(BACKFILL_QUEUE);
    for (const company of await this.companies.list({})) {
      if (done.has(company.id)) continue;
      await queue.add('company', { companyId: company.id }, { jobId: `company-${company.id}`, attempts: 10, backoff: { type: 'exponential', delay: 5000 }, removeOnComplete: true, removeOnFail: { age: 86_400 } });
    }
  }

  /** Backfills one company to the end (or to where another run already took it). */
  async run(companyId: number): Promise<void> {
    // The plugin's one-row install time (not tenant data).
    const [installed] = (await this.em.fork().getConnection().execute(`select at from dashboard_installed`)) as { at: Date | string }[];
    if (!installed) return;
    const before = new Date(installed.at).toISOString();
    const timeZone = await this.tickets.timeZone(companyId);
    await this.tenancy.forCompany(companyId, (em) => em.getConnection().execute(`insert into dashboard_backfills (company_id) values (?) on conflict do nothing`, [companyId]));
    let pages = 0;
    for (;;) {
      const [state] = (await this.tenancy.forCompany(companyId, (em) =>
        em.getConnection().execute(`select phase, cursor from dashboard_backfills where company_id = ?`, [companyId]),
      )) as { phase: Phase; cursor: number }[];
      if (!state || state.phase === 'done') break;
      const cursor = Number(state.cursor);
      const query = { before, after: cursor, limit: PAGE };
      const page = state.phase === 'tickets' ? await this.history.tickets(companyId, query) : await this.history.messages(companyId, query);
      const next: { phase: Phase; cursor: number } =
        page.cursor !== null ? { phase: state.phase, cursor: page.cursor } : state.phase === 'tickets' ? { phase: 'messages', cursor: 0 } : { phase: 'done', cursor };
      await this.tenancy.forCompany(companyId, (em) =>
        em.transactional(async (tx: EntityManager) => {
          const exec: Exec = (sql, params) => tx.getConnection().execute(sql, params, 'all', tx.getTransactionContext());
          const [locked] = await exec(`select phase, cursor from dashboard_backfills where company_id = ? for update`, [companyId]);
          // Another run applied this page meanwhile: read again from where it left.
          if (!locked || locked.phase !== state.phase || Number(locked.cursor) !== cursor) return;
          if (state.phase === 'tickets') await this.applyTickets(exec, companyId, page.rows as Parameters<typeof ticketPageDeltas>[0], timeZone, new Date(before));
          else await this.applyMessages(exec, companyId, page.rows as Parameters<typeof messagePageDeltas>[0], timeZone);
          await exec(`update dashboard_backfills set phase = ?, cursor = ?, finished_at = ${next.phase === 'done' ? 'now()' : 'null'} where company_id = ?`, [next.phase, next.cursor, companyId]);
        }),
      );
      pages += 1;
    }
    if (pages > 0) {
      this.log.log(`company ${companyId}: history before ${before} counted (${pages} page(s))`);
      this.cache.changed(companyId);
      this.realtime.toCompany(companyId, DASHBOARD_EVENT, { event: 'backfill' }, { permission: 'dashboard:view' });
    }
  }

  private async applyTickets(exec: Exec, companyId: number, rows: Parameters<typeof ticketPageDeltas>[0], timeZone: string, before: Date): Promise<void> {
    if (!rows.length) return;
    const { buckets, states } = ticketPageDeltas(rows, timeZone, before);
    // A ticket the writer met first (an event after the install) keeps its state; it learns its creation time.
    // Lists are written inline by the driver, where a null would leave a hole: "none" travels as 0.
    await exec(
      `insert into dashboard_tickets (company_id, ticket_id, status, queue_id, user_id, whatsapp_id, created_at)
       select ?, x.ticket_id, x.status, nullif(x.queue_id, 0), nullif(x.user_id, 0), x.whatsapp_id, x.created_at
         from unnest(array[?]::int[], array[?]::varchar[], array[?]::int[], array[?]::int[], array[?]::int[], array[?]::timestamptz[])
           as x(ticket_id, status, queue_id, user_id, whatsapp_id, created_at)
       on conflict (company_id, ticket_id) do update set created_at = coalesce(dashboard_tickets.created_at, excluded.created_at)`,
      [
        companyId,
        states.map((s) => s.ticketId),
        states.map((s) => s.status),
        states.map((s) => s.queueId ?? 0),
        states.map((s) => s.userId ?? 0),
        states.map((s) => s.whatsappId),
        states.map((s) => (s.createdAt ?? new Date(0)).toISOString()),
      ],
    );
    await addBuckets(exec, companyId, buckets);
  }

  private async applyMessages(exec: Exec, companyId: number, rows: Parameters<typeof messagePageDeltas>[0], timeZone: string): Promise<void> {
    if (!rows.length) return;
    const { buckets, perTicket, contactDays } = messagePageDeltas(rows, timeZone);
    const ids = [...perTicket.keys()];
    await exec(
      `update dashboard_tickets d set msgs_in = d.msgs_in + x.n, replied = d.replied or x.replied
         from unnest(array[?]::int[], array[?]::int[], array[?]::boolean[]) as x(ticket_id, n, replied)
        where d.company_id = ? and d.ticket_id = x.ticket_id`,
      [ids, ids.map((id) => perTicket.get(id)!.msgsIn), ids.map((id) => perTicket.get(id)!.replied), companyId],
    );
    if (contactDays.length) {
      // Counted only when the (day, connection, contact) row is new: a contact who also wrote after the install that day is one.
      const fresh = await exec(
        `insert into dashboard_contact_days (company_id, day, whatsapp_id, contact_id)
         select ?, x.* from unnest(array[?]::date[], array[?]::int[], array[?]::int[]) as x
         on conflict do nothing returning to_char(day, 'YYYY-MM-DD') as day, whatsapp_id, contact_id`,
        [companyId, contactDays.map((c) => c.day), contactDays.map((c) => c.whatsappId), contactDays.map((c) => c.contactId)],
      );
      const hourOf = new Map(contactDays.map((c) => [`${c.day}|${c.whatsappId}|${c.contactId}`, c.hour]));
      for (const r of fresh) {
        const hour = hourOf.get(`${String(r.day)}|${Number(r.whatsapp_id)}|${Number(r.contact_id)}`) ?? 0;
        buckets.addAt(String(r.day), hour, { queueId: null, userId: null, whatsappId: Number(r.whatsapp_id) }, 'active_contacts');
      }
    }
    await addBuckets(exec, companyId, buckets.list());
  }
}

/** Adds the buckets to the rollups in one statement (each key once: `Buckets` summed them). */
async function addBuckets(exec: Exec, companyId: number, buckets: Bucket[]): Promise<void> {
  if (!buckets.length) return;
  const cols = HISTORY_COUNTERS;
  await exec(
    `insert into dashboard_rollups (company_id, day, hour, queue_id, whatsapp_id, user_id, ${cols.join(', ')})
     select ?, x.* from unnest(array[?]::date[], array[?]::smallint[], array[?]::int[], array[?]::int[], array[?]::int[], ${cols.map(() => 'array[?]::int[]').join(', ')}) as x
     on conflict (company_id, day, hour, queue_id, whatsapp_id, user_id)
     do update set ${cols.map((c) => `${c} = dashboard_rollups.${c} + excluded.${c}`).join(', ')}`,
    [
      companyId,
      buckets.map((b) => b.day),
      buckets.map((b) => b.hour),
      buckets.map((b) => b.queueId),
      buckets.map((b) => b.whatsappId),
      buckets.map((b) => b.userId),
      ...cols.map((c) => buckets.map((b) => b.add[c])),
    ],
  );
}
