import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import type { Job, Queue, Worker } from 'bullmq';
import type { DomainEvent } from '@atende/core-contract';
import {
  AppError,
  COMPANIES,
  CONTACTS,
  PLUGIN_CONTEXT,
  JOB_QUEUES,
  MESSAGES,
  TICKETS,
  type Companies,
  type Contacts,
  type PluginContext,
  type JobQueues,
  type Messages,
  type Tickets,
} from '@atende/sdk-server';
import { CampaignSettingsService } from './campaign-settings.service.js';
import { CampaignsRealtime } from './campaigns.realtime.js';
import { pacingOf, pickVariant, render, variantsOf } from './render.js';
import { MESSAGE_COLUMNS, q, type CampaignRow } from './sql.js';

export const PLUGIN_ID = 'campaigns';
export const SEND_QUEUE = 'campaigns-send';
export const START_QUEUE = 'campaigns-start';
/** One repeatable job (BullMQ runs it once per cluster) that finds what lost its job (README "Sweep"). */
export const SWEEP_QUEUE = 'campaigns-sweep';
/** How often the sweep runs: CAMPAIGNS_SWEEP_MS (500 ms – 1 h), 30 s by default. */
export const sweepEveryMs = (raw = process.env.CAMPAIGNS_SWEEP_MS): number => {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 500 && n <= 3_600_000 ? n : 30_000;
};
/** A first try later than max(interval, this) is re-paced, not sent (no burst after downtime). */
export const LATE_MIN_MS = 30_000;
/** Advisory-lock class of the engine's cluster-wide tasks (recover, sweep); the per-connection pacing lock is 0x63616d70. */
const CLUSTER_LOCK = 0x63616d71;
/** Rows a sweep looks at per pass (the rest the next pass). */
const SWEEP_ROWS = 5000;
/** Tries of one recipient's send (a connection down, a kernel error), 10 s, 20 s, 40 s… apart. */
export const SEND_ATTEMPTS = 5;
const BACKOFF_MS = 10_000;
/** Rows per statement when recipients are written, paced or re-armed. */
const BATCH = 1000;
/** addBulk batches in flight at once when arming. */
export const ADD_PARALLEL = 4;

export interface SendJob {
  companyId: number;
  campaignId: number;
  shippingId: number;
  /** The row's scheduled_for (ms) this job was armed for: a re-paced row has a new job and the old one does nothing. */
  at: number;
}
export interface StartJob {
  companyId: number;
  campaignId: number;
  /** scheduled_at in ms, or 0 for "now". */
  at: number;
}

/** Deterministic: one job per (recipient, time it was paced to). */
export const sendJobId = (campaignId: number, shippingId: number, at: number) => `campaign-${campaignId}-${shippingId}-${at}`;
export const startJobId = (campaignId: number, at: number) => `campaign-start-${campaignId}-${at}`;
/** Stored with the message: the send-log row, so a retry finds a send already stored and acks find their row. */
export const correlationIdOf = (campaignId: number, shippingId: number) => `campaign-${campaignId}-${shippingId}`;
export const shippingOf = (correlationId: string | null | undefined): { campaignId: number; shippingId: number } | null => {
  const m = /^campaign-(\d+)-(\d+)$/.exec(correlationId ?? '');
  return m ? { campaignId: Number(m[1]), shippingId: Number(m[2]) } : null;
};

/** Failures retrying cannot fix. */
class Permanent extends Error {}
const reasonOf = (err: unknown): string => (err instanceof AppError ? err.code : err instanceof Error ? err.message : String(err)).slice(0, 255) || 'error';
const isPermanent = (err: unknown) => err instanceof Permanent || (err instanceof AppError && err.status >= 400 && err.status < 500 && err.code !== 'ERR_WAPP_NOT_INITIALIZED');

/** A pending row whose message the Messages port already stored: `sent` (its answer comes by event or the sweep). */
const markStored = (em: EntityManager, companyId: number, campaignId: number, shippingId: number, stored: { messageId: number; ticketId: number }, countTry: boolean) =>
  q(
    em,
    `update campaign_shipping set status = 'sent', message_id = ?, ticket_id = ?, sent_at = coalesce(sent_at, now())${countTry ? ', attempts = attempts + 1' : ''}
      where id = ? and company_id = ? and campaign_id = ? and status = 'pending'`,
    [stored.messageId, stored.ticketId, shippingId, companyId, campaignId],
  );

interface ShippingLocked {
  id: number;
  company_id: number;
  campaign_id: number;
  number: string;
  name: string;
  email: string;
  is_whatsapp_valid: boolean | null;
  variant: number;
  status: string;
  scheduled_for: Date | null;
  attempts: number;
}

/**
 * The sending engine (README "Sending engine"). The PostgreSQL send log (campaign_shipping, one row per
 * campaign and number, written when the campaign starts) is the truth; BullMQ jobs only say when to look
 * at a row. A job locks its row, sends only while the row is pending with the time it was armed for and
 * the campaign is running, and asks Messages.findSent first, so a retried, duplicated or stale job never
 * sends twice. Rows whose job is lost (Redis flushed, crash, a failure after a commit) are re-armed by the
 * sweep (a repeatable job, once per cluster) and by the recovery at start, before the send worker runs.
 */
@Injectable()
export class CampaignEngine implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger('CampaignsEngine');
  private sendQueue!: Queue;
  private startQueue!: Queue;
  private sweepQueue!: Queue;
  private sendWorker!: Worker;
  private readonly progressTimers = new Map<number, NodeJS.Timeout>();

  constructor(
    private readonly em: EntityManager,
    @Inject(JOB_QUEUES) private readonly jobs: JobQueues,
    @Inject(MESSAGES) private readonly messages: Messages,
    @Inject(CONTACTS) private readonly contacts: Contacts,
    @Inject(TICKETS) private readonly tickets: Tickets,
    @Inject(COMPANIES) private readonly companies: Companies,
    @Inject(PLUGIN_CONTEXT) private readonly plugin: PluginContext,
    private readonly settings: CampaignSettingsService,
    private readonly live: CampaignsRealtime,
  ) {}

  onModuleInit(): void {
    this.sendQueue = this.jobs.queue(SEND_QUEUE);
    this.startQueue = this.jobs.queue(START_QUEUE);
    this.sweepQueue = this.jobs.queue(SWEEP_QUEUE);
    // One send at a time per process: the pacing is in the jobs' delays, and sends leave in their order.
    // Not running until `recover` re-paced what is overdue (onApplicationBootstrap).
    this.sendWorker = this.jobs.worker(SEND_QUEUE, (job: Job<SendJob>) => this.process(job), { concurrency: 1, autorun: false });
    // A job failed for good (last try thrown outside the catch, stalled twice) leaves no pending row behind.
    this.sendWorker.on('failed', (job: Job<SendJob> | undefined, err: Error) => {
      if (job) void this.onSendFailed(job, err).catch((e: unknown) => this.log.warn(`failed send job not settled: ${reasonOf(e)}`));
    });
    this.jobs.worker(START_QUEUE, (job: Job<StartJob>) => this.startJob(job.data), { concurrency: 2 });
    this.jobs.worker(SWEEP_QUEUE, () => this.sweep(), { concurrency: 1 });
    this.plugin.events.subscribe(['message.sent', 'message.ack'] as const, (e) => this.onMessageEvent(e), { concurrency: 4 });
  }

  async onApplicationBootstrap(): Promise<void> {
    void (async () => {
      await this.recover().catch((err: unknown) => this.log.error(`campaign recovery failed: ${reasonOf(err)}`));
      void this.sendWorker.run().catch((err: unknown) => this.log.error(`campaign send worker stopped: ${reasonOf(err)}`));
      await this.sweepQueue.upsertJobScheduler('sweep', { every: sweepEveryMs() }, { name: 'sweep', opts: { removeOnComplete: true, removeOnFail: true } });
    })().catch((err: unknown) => this.log.error(`campaign sweep not scheduled: ${reasonOf(err)}`));
  }

  onModuleDestroy(): void {
    for (const t of this.progressTimers.values()) clearTimeout(t);
  }

  // ── starting ────────────────────────────────────────────────────────────────────────────────────

  /** Queues the start of a PROGRAMADA campaign at its time (now when it has none). */
  async schedule(row: Pick<CampaignRow, 'id' | 'company_id' | 'scheduled_at'>): Promise<void> {
    const at = row.scheduled_at ? new Date(row.scheduled_at).getTime() : 0;
    const jobId = startJobId(row.id, at);
    const existing = await this.startQueue.getJob(jobId);
    if (existing) {
      const state = await existing.getState();
      if (state !== 'completed' && state !== 'failed') return;
      await existing.remove();
    }
    await this.startQueue.add('start', { companyId: row.company_id, campaignId: row.id, at } satisfies StartJob, {
      jobId,
      delay: Math.max(0, at - Date.now()),
      attempts: 5,
      backoff: { type: 'exponential', delay: BACKOFF_MS },
      removeOnComplete: true,
      removeOnFail: 100,
    });
  }

  async startJob({ companyId, campaignId, at }: StartJob): Promise<void> {
    await this.start(companyId, campaignId, at);
  }

  /**
   * PROGRAMADA → EM_ANDAMENTO: the recipients are written to the send log in the same transaction that
   * changes the status (so a running campaign always has its rows), then paced and armed. `at` must be
   * the time the campaign is still scheduled for (an edited time has its own job).
   */
  async start(companyId: number, campaignId: number, at: number | null = null): Promise<boolean> {
    const em = this.em.fork();
    const started = await em.transactional(async (tx) => {
      const [c] = await q<CampaignRow>(tx, `select * from campaigns where id = ? and company_id = ? for update`, [campaignId, companyId]);
      if (!c || c.status !== 'PROGRAMADA') return null;
      if (at !== null && (c.scheduled_at ? new Date(c.scheduled_at).getTime() : 0) !== at) return null;
      await this.materialize(tx, c);
      await q(tx, `update campaigns set status = 'EM_ANDAMENTO', updated_at = now() where id = ? and company_id = ?`, [campaignId, companyId]);
      return c;
    });
    if (!started) return false;
    await this.arm(companyId, campaignId);
    await this.finishIfDone(companyId, campaignId);
    this.live.changedById(companyId, campaignId);
    return true;
  }

  /** Writes one pending row per recipient (unique per campaign and number), each with its variant drawn at random. */
  private async materialize(tx: EntityManager, c: CampaignRow): Promise<void> {
    const variants = variantsOf(MESSAGE_COLUMNS.map((k) => c[k]));
    const limit = c.max_contacts ?? 2_147_483_647;
    if (c.recipient_type === 'contacts') {
      if (!c.contact_list_id) return;
      // One statement whatever the list's size; numbers known to be off WhatsApp are left out.
      const pick = variants.length ? `(array[${variants.join(', ')}])[1 + floor(random() * ${variants.length})::int]` : '-1';
      await q(
        tx,
        `insert into campaign_shipping (company_id, campaign_id, number, name, email, contact_list_item_id, is_whatsapp_valid, variant)
         select i.company_id, ?, i.number, i.name, i.email, i.id, i.is_whatsapp_valid, ${pick}
           from contact_list_items i
          where i.company_id = ? and i.contact_list_id = ? and i.is_whatsapp_valid is not false
          order by i.id limit ?
         on conflict (campaign_id, number) do nothing`,
        [c.id, c.company_id, c.contact_list_id, limit],
      );
      return;
    }
    if (!c.tag_id) return;
    let written = 0;
    let afterId = 0;
    while (written < limit) {
      const page = await this.contacts.byTag(c.company_id, c.tag_id, { afterId, limit: 500 });
      if (!page.length) break;
      afterId = page[page.length - 1]!.id;
      const people = page.filter((p) => !p.isGroup && /^\d{8,15}$/.test(p.number)).slice(0, limit - written);
      if (people.length) {
        const inserted = await q(
          tx,
          `insert into campaign_shipping (company_id, campaign_id, number, name, email, contact_id, variant)
           values ${people.map(() => '(?, ?, ?, ?, ?, ?, ?)').join(', ')}
           on conflict (campaign_id, number) do nothing returning id`,
          people.flatMap((p) => [c.company_id, c.id, p.number, p.name.slice(0, 255), (p.email ?? '').slice(0, 254), p.id, pickVariant(variants)]),
        );
        written += inserted.length;
      }
      if (page.length < 500) break;
    }
  }

  // ── pacing and arming ──────────────────────────────────────────────────────────────────────────

  /**
   * Gives the pending rows of the campaign (all of them, or only `scope`: those ids, or those due before
   * a time) a time after what is already queued on the same connection by running campaigns (so two
   * campaigns on one number share its rhythm) and a job for that time; the rows' previous jobs are
   * removed (a job already running finds its row re-timed and does nothing). Under a per-connection
   * advisory lock, so two armings never interleave their times.
   */
  async arm(companyId: number, campaignId: number, scope: { ids?: number[]; dueBefore?: number } = {}): Promise<number> {
    if (scope.ids && !scope.ids.length) return 0;
    const em = this.em.fork();
    const settings = await this.settings.get(companyId, em);
    const onlyOn = (a: string) => [
      ...(scope.ids ? [`${a}id in (${scope.ids.map(() => '?').join(', ')})`] : []),
      ...(scope.dueBefore !== undefined ? [`(${a}scheduled_for is null or ${a}scheduled_for < timestamptz 'epoch' + ?::bigint * interval '1 millisecond')`] : []),
    ];
    const only = onlyOn('');
    const onlyParams = [...(scope.ids ?? []), ...(scope.dueBefore !== undefined ? [scope.dueBefore] : [])];
    const scoped = only.length > 0;
    const paced = await em.transactional(async (tx) => {
      const [c] = await q<{ whatsapp_id: number | null; status: string }>(tx, `select whatsapp_id, status from campaigns where id = ? and company_id = ?`, [campaignId, companyId]);
      if (!c || c.status !== 'EM_ANDAMENTO') return [];
      await q(tx, `select pg_advisory_xact_lock(?, ?)`, [0x63616d70, c.whatsapp_id ?? 0]);
      // What the connection already has queued ahead (other running campaigns' pending rows, and this
      // campaign's rows outside the scope).
      const [ahead] = await q<{ last: Date | null; n: number }>(
        tx,
        `select max(s.scheduled_for) as last, count(*)::int as n
           from campaign_shipping s join campaigns c on c.id = s.campaign_id and c.company_id = s.company_id
          where s.company_id = ? and c.whatsapp_id is not distinct from ? and c.status = 'EM_ANDAMENTO' and s.status = 'pending'
            and s.scheduled_for > now() and ${scoped ? `(s.campaign_id <> ? or not (${onlyOn('s.').join(' and ')}))` : 's.campaign_id <> ?'}`,
        [companyId, c.whatsapp_id, campaignId, ...(scoped ? onlyParams : [])],
      );
      const p = pacingOf(settings);
      const start = ahead?.last ? Math.max(Date.now(), new Date(ahead.last).getTime()) : Date.now();
      const offset = ahead?.last ? (ahead.n ?? 0) : 0;
      // Every row paced in one statement: row k (after `offset` queued ahead) waits the sum of the gaps
      // up to it (pacingOf: interval, greater after every N-th, ±jitter), from `start`.
      const out = await q<{ id: number; at: string; prev: string | null }>(
        tx,
        `with ordered as (
           select id, (extract(epoch from scheduled_for) * 1000)::bigint as prev, row_number() over (order by id) - 1 + ?::bigint as idx
             from campaign_shipping where company_id = ? and campaign_id = ? and status = 'pending'${only.map((o) => ` and ${o}`).join('')}
         ), gaps as (
           select id, idx, prev,
                  case when idx = 0 then 0
                       else round((case when ?::int > 0 and idx % ?::int = 0 then ?::float8 else ?::float8 end) * (1 + (random() - 0.5) * ?::float8))
                  end as gap
             from ordered
         ), times as (
           select id, prev, ?::bigint + sum(gap) over (order by idx rows unbounded preceding) as at from gaps
         )
         update campaign_shipping s set scheduled_for = timestamptz 'epoch' + t.at * interval '1 millisecond'
           from times t where s.id = t.id and s.company_id = ? and s.status = 'pending'
         returning s.id, t.at::bigint as at, t.prev`,
        [offset, companyId, campaignId, ...onlyParams, p.every, p.every || 1, p.greater, p.interval, p.jitter, start, companyId],
      );
      return out.map((r) => ({ id: Number(r.id), at: Number(r.at), prev: r.prev === null ? null : Number(r.prev) })).sort((a, b) => a.at - b.at);
    });
    // The previous jobs go (a running one is locked and stays: it finds its row re-timed).
    const stale = paced.filter((r) => r.prev !== null && r.prev !== r.at);
    for (let i = 0; i < stale.length; i += BATCH) {
      await Promise.all(stale.slice(i, i + BATCH).map((r) => this.sendQueue.remove(sendJobId(campaignId, r.id, r.prev!)).catch(() => 0)));
    }
    // A few batches in flight at once: Redis round trips, not Redis work, bound a single stream.
    const batches: { id: number; at: number }[][] = [];
    for (let i = 0; i < paced.length; i += BATCH) batches.push(paced.slice(i, i + BATCH));
    const add = async (part: { id: number; at: number }[]) => {
      const now = Date.now();
      await this.sendQueue.addBulk(
        part.map((p) => ({
          name: 'send',
          data: { companyId, campaignId, shippingId: p.id, at: p.at } satisfies SendJob,
          opts: {
            jobId: sendJobId(campaignId, p.id, p.at),
            delay: Math.max(0, p.at - now),
            attempts: SEND_ATTEMPTS,
            backoff: { type: 'exponential', delay: BACKOFF_MS },
            removeOnComplete: true,
            removeOnFail: true,
          },
        })),
      );
    };
    for (let i = 0; i < batches.length; i += ADD_PARALLEL) await Promise.all(batches.slice(i, i + ADD_PARALLEL).map(add));
    return paced.length;
  }

  /**
   * Best effort, for a campaign being deleted: drops the queued jobs of its pending rows and its start
   * job (by their deterministic ids; a job that still runs finds the campaign gone).
   */
  async disarm(companyId: number, campaignId: number, scheduledAt: Date | null): Promise<void> {
    let after = 0;
    for (;;) {
      const rows = await q<{ id: number; scheduled_for: Date | null }>(
        this.em.fork(),
        `select id, scheduled_for from campaign_shipping where company_id = ? and campaign_id = ? and status = 'pending' and id > ? order by id limit ${BATCH}`,
        [companyId, campaignId, after],
      );
      if (!rows.length) break;
      await Promise.all(
        rows.filter((r) => r.scheduled_for).map((r) => this.sendQueue.remove(sendJobId(campaignId, Number(r.id), new Date(r.scheduled_for!).getTime())).catch(() => 0)),
      );
      after = Number(rows[rows.length - 1]!.id);
    }
    await this.startQueue.remove(startJobId(campaignId, scheduledAt ? new Date(scheduledAt).getTime() : 0)).catch(() => 0);
  }

  /** Runs `task` in one process of the cluster at a time (a transaction-scoped advisory lock); false when another holds it. */
  private async exclusively(key: number, task: () => Promise<void>): Promise<boolean> {
    return this.em.fork().transactional(async (tx) => {
      const [got] = await q<{ ok: boolean }>(tx, `select pg_try_advisory_xact_lock(?, ?) as ok`, [CLUSTER_LOCK, key]);
      if (!got?.ok) return false;
      await task();
      return true;
    });
  }

  /**
   * At every start, before this process's send worker runs, once per cluster (the lock; a replica that
   * finds it taken leaves the work to the one that holds it and to the sweep): PROGRAMADA campaigns get
   * their start job back; pending rows whose job is missing, and rows overdue by more than LATE_MIN_MS,
   * are re-paced from now and re-armed (their old jobs removed); `sent` rows are settled from the
   * Messages port; campaigns with nothing left finish.
   */
  async recover(): Promise<void> {
    await this.exclusively(1, () => this.sweepOnce({ graceMs: null, overdueMs: LATE_MIN_MS }));
  }

  /** The repeatable sweep job (every sweepEveryMs()): rows whose job was lost once their time is a pass behind. */
  async sweep(): Promise<void> {
    await this.exclusively(1, () => this.sweepOnce({ graceMs: sweepEveryMs(), overdueMs: null }));
  }

  /**
   * `graceMs` null: every pending row is looked at (boot); otherwise rows due more than `graceMs` ago.
   * `overdueMs`: rows due longer ago than that are re-paced even when their job exists. A platform task
   * across companies (raw SQL by design); each statement still pairs rows with their company.
   */
  async sweepOnce({ graceMs, overdueMs }: { graceMs: number | null; overdueMs: number | null }): Promise<void> {
    const em = this.em.fork();
    const now = Date.now();
    const cutoff = graceMs === null ? null : now - graceMs;
    // 1. Scheduled campaigns whose start job is gone (schedule() keeps a live one).
    const programmed = await q<Pick<CampaignRow, 'id' | 'company_id' | 'scheduled_at'>>(
      em,
      `select id, company_id, scheduled_at from campaigns where status = 'PROGRAMADA'${cutoff === null ? '' : ` and coalesce(scheduled_at, updated_at) < timestamptz 'epoch' + ?::bigint * interval '1 millisecond'`} order by id`,
      cutoff === null ? [] : [cutoff],
    );
    for (const r of programmed) await this.schedule(r).catch((err: unknown) => this.log.warn(`campaign ${r.id}: start job not restored: ${reasonOf(err)}`));

    // 2. Pending rows of running campaigns without a job (or overdue).
    const pending = await q<{ id: number; company_id: number; campaign_id: number; scheduled_for: Date | null }>(
      em,
      `select s.id, s.company_id, s.campaign_id, s.scheduled_for
         from campaign_shipping s join campaigns c on c.id = s.campaign_id and c.company_id = s.company_id
        where c.status = 'EM_ANDAMENTO' and s.status = 'pending'
          ${cutoff === null ? '' : `and (s.scheduled_for is null and c.updated_at < timestamptz 'epoch' + ?::bigint * interval '1 millisecond' or s.scheduled_for < timestamptz 'epoch' + ?::bigint * interval '1 millisecond')`}
        order by s.scheduled_for nulls first, s.id limit ${SWEEP_ROWS}`,
      cutoff === null ? [] : [cutoff, cutoff],
    );
    const lost = new Map<number, { companyId: number; ids: number[] }>();
    for (let i = 0; i < pending.length; i += 200) {
      await Promise.all(
        pending.slice(i, i + 200).map(async (r) => {
          const at = r.scheduled_for ? new Date(r.scheduled_for).getTime() : null;
          let missing = at === null || (overdueMs !== null && at < now - overdueMs);
          if (!missing) {
            const job = await this.sendQueue.getJob(sendJobId(Number(r.campaign_id), Number(r.id), at!));
            missing = !job || (await job.getState()) === 'failed';
          }
          if (!missing) return;
          const entry = lost.get(Number(r.campaign_id)) ?? { companyId: Number(r.company_id), ids: [] };
          entry.ids.push(Number(r.id));
          lost.set(Number(r.campaign_id), entry);
        }),
      );
    }
    for (const [campaignId, { companyId, ids }] of lost) {
      try {
        const n = await this.arm(companyId, campaignId, { ids });
        if (n) this.log.log(`campaign ${campaignId}: ${n} pending recipient(s) re-armed`);
      } catch (err) {
        this.log.warn(`campaign ${campaignId} not re-armed: ${reasonOf(err)}`);
      }
    }

    // 3. Sent rows the connection's answer never reached (events lost, plan flag gone): what the Messages port knows.
    const sent = await q<{ id: number; company_id: number; campaign_id: number }>(
      em,
      `select s.id, s.company_id, s.campaign_id from campaign_shipping s join campaigns c on c.id = s.campaign_id and c.company_id = s.company_id
        where c.status = 'EM_ANDAMENTO' and s.status = 'sent'${cutoff === null ? '' : ` and s.sent_at < timestamptz 'epoch' + ?::bigint * interval '1 millisecond'`}
        order by s.id limit ${SWEEP_ROWS}`,
      cutoff === null ? [] : [cutoff],
    );
    for (const r of sent) {
      try {
        const stored = await this.messages.findSent(Number(r.company_id), PLUGIN_ID, correlationIdOf(Number(r.campaign_id), Number(r.id)));
        if (stored && stored.ack !== 0) {
          await this.settle(Number(r.company_id), Number(r.campaign_id), Number(r.id), stored.ack, stored.messageId, stored.ticketId);
        }
      } catch (err) {
        this.log.warn(`campaign ${r.campaign_id} recipient ${r.id} not settled: ${reasonOf(err)}`);
      }
    }

    // 4. Whatever has nothing left finishes.
    const running = await q<{ id: number; company_id: number }>(em, `select id, company_id from campaigns where status = 'EM_ANDAMENTO' order by id`);
    for (const c of running) await this.finishIfDone(Number(c.company_id), Number(c.id)).catch(() => false);
  }

  /** The worker's `failed` event: a job out of tries (or thrown for good) fails its row if it is still the one armed. */
  async onSendFailed(job: Job<SendJob>, err: Error): Promise<void> {
    const final = job.attemptsMade >= (job.opts.attempts ?? 1) || err.name === 'UnrecoverableError';
    if (!final) return;
    const { companyId, campaignId, shippingId, at } = job.data;
    // Reported failed but perhaps stored: a row whose message exists is sent, not failed.
    const stored = await this.messages.findSent(companyId, PLUGIN_ID, correlationIdOf(campaignId, shippingId)).catch(() => null);
    if (stored) {
      await markStored(this.em.fork(), companyId, campaignId, shippingId, stored, false);
      return;
    }
    const failed = await q(
      this.em.fork(),
      `update campaign_shipping set status = 'failed', error = coalesce(error, ?) where id = ? and company_id = ? and campaign_id = ? and status = 'pending'
          and scheduled_for = timestamptz 'epoch' + ?::bigint * interval '1 millisecond' returning id`,
      [reasonOf(err), shippingId, companyId, campaignId, at],
    );
    if (failed.length) {
      await this.finishIfDone(companyId, campaignId);
      this.progress(companyId, campaignId);
    }
  }

  // ── sending ────────────────────────────────────────────────────────────────────────────────────

  async process(job: Job<SendJob>): Promise<void> {
    const { companyId, campaignId, shippingId, at } = job.data;
    const lastTry = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    let retry: string | null = null;
    const outcome = await this.em.fork().transactional(async (tx): Promise<{ terminal: boolean; rearm?: boolean } | null> => {
      // The row locked (a second job for it waits, then finds it done); the campaign shared-locked, so a
      // cancel waits for the send in flight and every later job sees it cancelled.
      const [s] = await q<ShippingLocked>(tx, `select * from campaign_shipping where id = ? and company_id = ? for update`, [shippingId, companyId]);
      if (!s || s.status !== 'pending' || !s.scheduled_for || new Date(s.scheduled_for).getTime() !== at) return null;
      const [c] = await q<CampaignRow>(tx, `select * from campaigns where id = ? and company_id = ? for share`, [campaignId, companyId]);
      if (!c || c.status !== 'EM_ANDAMENTO') return null;
      const settings = await this.settings.get(companyId, tx);
      // A first try far behind its time (the process was down, the queue stuck): re-paced from now with
      // the campaign's other overdue rows, so a backlog never leaves in a burst.
      if (job.attemptsMade === 0 && Date.now() - at > Math.max(pacingOf(settings).interval, LATE_MIN_MS)) return { terminal: false, rearm: true };
      const correlationId = correlationIdOf(campaignId, shippingId);
      try {
        const stored = await this.messages.findSent(companyId, PLUGIN_ID, correlationId);
        if (stored) {
          await markStored(tx, companyId, campaignId, shippingId, stored, false);
          return { terminal: false };
        }
        await this.sendable(companyId);
        if (!c.whatsapp_id) throw new Permanent('no_connection');
        if (s.is_whatsapp_valid === null && !(await this.messages.isOnWhatsApp(companyId, c.whatsapp_id, s.number))) {
          await q(tx, `update campaign_shipping set status = 'failed', error = 'invalid_number', attempts = attempts + 1 where id = ? and company_id = ?`, [shippingId, companyId]);
          return { terminal: true };
        }
        // The drawn variant, or another non-empty one if it was emptied while the campaign was cancelled.
        const variants = variantsOf(MESSAGE_COLUMNS.map((k) => c[k]));
        const variant = s.variant >= 0 && variants.includes(s.variant) ? s.variant : pickVariant(variants);
        const text = variant >= 0 ? render(c[MESSAGE_COLUMNS[variant]!] ?? '', s, settings.variables) : '';
        const media = c.media_path ? { url: c.media_path, ...(c.media_name ? { name: c.media_name } : {}) } : undefined;
        if (!text.trim() && !media) throw new Permanent('no_message');
        const sent = await this.messages.sendToNumber(
          companyId,
          { whatsappId: c.whatsapp_id, number: s.number, name: s.name },
          { body: text, ...(media ? { media } : {}), source: PLUGIN_ID, correlationId },
        );
        await q(
          tx,
          `update campaign_shipping set status = 'sent', message = ?, message_id = ?, ticket_id = ?, sent_at = now(), error = null, attempts = attempts + 1 where id = ? and company_id = ?`,
          [text, sent.messageId, sent.ticketId, shippingId, companyId],
        );
        return { terminal: false };
      } catch (err) {
        const reason = reasonOf(err);
        const final = lastTry || isPermanent(err);
        // Reported failed but perhaps stored after all (a timeout after the kernel kept it): sent, not failed.
        const stored = final ? await this.messages.findSent(companyId, PLUGIN_ID, correlationId).catch(() => null) : null;
        if (stored) {
          await markStored(tx, companyId, campaignId, shippingId, stored, true);
          return { terminal: false };
        }
        await q(tx, `update campaign_shipping set error = ?, attempts = attempts + 1${final ? ", status = 'failed'" : ''} where id = ? and company_id = ?`, [
          reason,
          shippingId,
          companyId,
        ]);
        this.log.warn(`campaign ${campaignId} recipient ${shippingId}: ${reason}${final ? ' (failed)' : ' (will retry)'}`);
        if (!final) retry = reason;
        return { terminal: final };
      }
    });
    if (outcome?.rearm) {
      const n = await this.arm(companyId, campaignId, { dueBefore: Date.now() - LATE_MIN_MS });
      this.log.log(`campaign ${campaignId}: ${n} overdue recipient(s) re-paced from now`);
      return;
    }
    if (outcome) {
      if (outcome.terminal) await this.finishIfDone(companyId, campaignId);
      this.progress(companyId, campaignId);
    }
    if (retry) throw new Error(retry);
  }

  /** Not for a company that went inactive, lost the plan flag or switched campaigns off after the start. */
  private async sendable(companyId: number): Promise<void> {
    const company = await this.companies.get(companyId);
    if (!company?.status) throw new Permanent('company_inactive');
    if (!company.campaignsEnabled) throw new Permanent('campaigns_disabled');
    if (!(await this.companies.hasPlanFlag(companyId, 'useCampaigns'))) throw new Permanent('no_plan');
  }

  // ── what the connection answered ───────────────────────────────────────────────────────────────

  /**
   * `message.sent` (the connection handed the message to WhatsApp) marks the row delivered; `message.ack`
   * 3+ (read) also fills readAt; -1 (WhatsApp refused it) marks it failed unless it was delivered. Each
   * row reaches exactly one terminal state: the updates are conditional on the state before.
   */
  async onMessageEvent(e: DomainEvent<'message.sent' | 'message.ack'>): Promise<void> {
    if (e.payload.source !== PLUGIN_ID) return;
    const ref = shippingOf(e.payload.correlationId);
    if (!ref) return;
    const ack = e.name === 'message.ack' ? (e.payload as { ack: number }).ack : 1;
    await this.settle(e.companyId, ref.campaignId, ref.shippingId, ack, e.payload.messageId, e.payload.ticketId);
  }

  /** A row's answer from the connection (an event, or the sweep asking the Messages port): ack ≥ 1 delivered, ≥ 3 read, < 0 failed. */
  async settle(companyId: number, campaignId: number, shippingId: number, ack: number, messageId: number, ticketId: number): Promise<void> {
    const em = this.em.fork();
    let delivered: { ticket_id: number | null }[] = [];
    let failed: unknown[] = [];
    if (ack >= 1) {
      delivered = await q(
        em,
        `update campaign_shipping set status = 'delivered', delivered_at = now(), message_id = coalesce(message_id, ?), ticket_id = coalesce(ticket_id, ?), error = null
          where id = ? and company_id = ? and campaign_id = ? and status in ('pending', 'sent') returning ticket_id`,
        [messageId, ticketId, shippingId, companyId, campaignId],
      );
      if (ack >= 3) await q(em, `update campaign_shipping set read_at = coalesce(read_at, now()) where id = ? and company_id = ? and campaign_id = ?`, [shippingId, companyId, campaignId]);
    } else if (ack < 0) {
      failed = await q(
        em,
        `update campaign_shipping set status = 'failed', error = 'ERR_SENDING_WAPP_MSG' where id = ? and company_id = ? and campaign_id = ? and status in ('pending', 'sent') returning id`,
        [shippingId, companyId, campaignId],
      );
    }
    for (const d of delivered) await this.afterDelivery(companyId, campaignId, d.ticket_id ?? ticketId);
    if (failed.length) {
      await this.finishIfDone(companyId, campaignId);
      this.progress(companyId, campaignId);
    }
    if (ack >= 3 && !delivered.length) this.progress(companyId, campaignId);
  }

  /** The tags the campaign puts on (and takes off) the ticket of a delivered message, once per recipient. */
  private async afterDelivery(companyId: number, campaignId: number, ticketId: number): Promise<void> {
    const [c] = await q<{ add_tag_id: number | null; remove_tag_id: number | null }>(this.em.fork(), `select add_tag_id, remove_tag_id from campaigns where id = ? and company_id = ?`, [
      campaignId,
      companyId,
    ]);
    if (c && (c.add_tag_id || c.remove_tag_id)) {
      await this.tickets
        .retag(companyId, ticketId, { ...(c.add_tag_id ? { add: [c.add_tag_id] } : {}), ...(c.remove_tag_id ? { remove: [c.remove_tag_id] } : {}) })
        .catch((err: unknown) => this.log.warn(`campaign ${campaignId}: tags of ticket ${ticketId} not changed: ${reasonOf(err)}`));
    }
    await this.finishIfDone(companyId, campaignId);
    this.progress(companyId, campaignId);
  }

  /** EM_ANDAMENTO → FINALIZADA once every row is delivered or failed (one conditional statement). */
  async finishIfDone(companyId: number, campaignId: number): Promise<boolean> {
    const done = await q(
      this.em.fork(),
      `update campaigns set status = 'FINALIZADA', completed_at = now(), updated_at = now()
        where id = ? and company_id = ? and status = 'EM_ANDAMENTO'
          and not exists (select 1 from campaign_shipping where campaign_id = ? and company_id = ? and status in ('pending', 'sent'))
        returning id`,
      [campaignId, companyId, campaignId, companyId],
    );
    if (done.length) {
      this.log.log(`campaign ${campaignId} of company ${companyId} finished`);
      this.live.changedById(companyId, campaignId);
      this.progress(companyId, campaignId, true);
    }
    return done.length > 0;
  }

  /** Live progress, at most about once a second per campaign (the last state always goes out). */
  progress(companyId: number, campaignId: number, now = false): void {
    if (now) {
      const t = this.progressTimers.get(campaignId);
      if (t) clearTimeout(t);
      this.progressTimers.delete(campaignId);
      void this.live.progress(companyId, campaignId);
      return;
    }
    if (this.progressTimers.has(campaignId)) return;
    const timer = setTimeout(() => {
      this.progressTimers.delete(campaignId);
      void this.live.progress(companyId, campaignId);
    }, 1000);
    timer.unref();
    this.progressTimers.set(campaignId, timer);
  }
}
