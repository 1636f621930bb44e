import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import type { Job, Queue } from 'bullmq';
import type { DomainEvent } from '@atende/core-contract';
import {
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
import { SendSignal } from './send-signal.js';
import { Permanent, reasonOf } from './send-errors.js';
import { pacingOf, pickVariant, variantsOf } from './render.js';
import { MESSAGE_COLUMNS, q, type CampaignRow } from './sql.js';

export const PLUGIN_ID = 'campaigns';
/** The queue of the per-recipient jobs of before the send lanes: emptied once at start (nothing reads it now). */
export const LEGACY_SEND_QUEUE = 'campaigns-send';
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
export interface StartJob {
  companyId: number;
  campaignId: number;
  /** scheduled_at in ms, or 0 for "now". */
  at: number;
}

export const startJobId = (campaignId: number, at: number) => `campaign-start-${campaignId}-${at}`;
/** Stored with the message: the send-log row, so a retry finds a send already stored and acks find their row. */
export const correlationIdOf = (campaignId: number, shippingId: number) => `campaign-${campaignId}-${shippingId}`;
export const shippingOf = (correlationId: string | null | undefined): { campaignId: number; shippingId: number } | null => {
  const m = /^campaign-(\d+)-(\d+)$/.exec(correlationId ?? '');
  return m ? { campaignId: Number(m[1]), shippingId: Number(m[2]) } : null;
};


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
  private startQueue!: Queue;
  private sweepQueue!: Queue;
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
    private readonly signal: SendSignal,
  ) {}

  onModuleInit(): void {
    this.startQueue = this.jobs.queue(START_QUEUE);
    this.sweepQueue = this.jobs.queue(SWEEP_QUEUE);
    this.jobs.worker(START_QUEUE, (job: Job<StartJob>) => this.startJob(job.data), { concurrency: 2 });
    this.jobs.worker(SWEEP_QUEUE, () => this.sweep(), { concurrency: 1 });
    this.plugin.events.subscribe(['message.sent', 'message.ack'] as const, (e) => this.onMessageEvent(e), { concurrency: 4 });
  }

  async onApplicationBootstrap(): Promise<void> {
    void (async () => {
      await this.recover().catch((err: unknown) => this.log.error(`campaign recovery failed: ${reasonOf(err)}`));
      // This process's sender (campaign.sender.ts) runs from here on.
      this.signal.markReady();
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
      if (!c || c.status !== 'EM_ANDAMENTO') return 0;
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
      return out.length;
    });
    // The rows are the queue: this process's sender looks at once (the others at their next poll).
    if (paced) this.signal.wake();
    return paced;
  }

  /**
   * Best effort, for a campaign being deleted: drops its start job (by its deterministic id). Its rows go
   * with it (foreign key), so no lane sends them; a batch in flight finds the campaign gone.
   */
  async disarm(companyId: number, campaignId: number, scheduledAt: Date | null): Promise<void> {
    void companyId;
    await this.startQueue.remove(startJobId(campaignId, scheduledAt ? new Date(scheduledAt).getTime() : 0)).catch(() => 0);
  }

  /**
   * After a cancel: what the campaign handed to the Messages port that has not left yet is taken back
   * (`Messages.withdraw`: its outbound jobs removed, the messages deleted from their tickets), and those
   * rows are pending again (a restart sends them). So a cancelled campaign's backlog does not hold the
   * connection (issue 37 item 3). Returns how many were taken back.
   */
  async withdraw(companyId: number, campaignId: number): Promise<number> {
    let taken = 0;
    let after = 0;
    for (;;) {
      const rows = await q<{ id: number }>(
        this.em.fork(),
        `select id from campaign_shipping where company_id = ? and campaign_id = ? and status = 'sent' and id > ? order by id limit 1000`,
        [companyId, campaignId, after],
      );
      if (!rows.length) break;
      after = Number(rows[rows.length - 1]!.id);
      const back = await this.messages.withdraw(
        companyId,
        PLUGIN_ID,
        rows.map((r) => correlationIdOf(campaignId, Number(r.id))),
      );
      const ids = back.map((c) => shippingOf(c)?.shippingId).filter((id): id is number => id !== undefined);
      if (ids.length) {
        const undone = await q(
          this.em.fork(),
          `update campaign_shipping set status = 'pending', message_id = null, ticket_id = null, sent_at = null, message = null
            where company_id = ? and campaign_id = ? and status = 'sent' and id in (${ids.map(() => '?').join(', ')}) returning id`,
          [companyId, campaignId, ...ids],
        );
        taken += undone.length;
      }
    }
    if (taken) {
      this.log.log(`campaign ${campaignId}: ${taken} message(s) not yet sent taken back`);
      this.progress(companyId, campaignId, true);
    }
    return taken;
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
   * At every start, before this process's sender runs, once per cluster (the lock; a replica that finds
   * it taken leaves the work to the one that holds it and to the sweep): PROGRAMADA campaigns get their
   * start job back; running campaigns' rows never paced are paced; `sent` rows are settled from the
   * Messages port; campaigns with nothing left finish. Rows overdue after downtime are re-paced by the
   * sender when it meets them (no burst). The per-recipient jobs of before the send lanes are dropped.
   */
  async recover(): Promise<void> {
    await this.exclusively(1, async () => {
      await this.jobs
        .queue(LEGACY_SEND_QUEUE)
        .obliterate({ force: true })
        .catch((err: unknown) => this.log.warn(`old send jobs not dropped: ${reasonOf(err)}`));
      await this.sweepOnce({ graceMs: null });
    });
  }

  /** The repeatable sweep job (every sweepEveryMs()): what lost its way once it is a pass behind. */
  async sweep(): Promise<void> {
    await this.exclusively(1, () => this.sweepOnce({ graceMs: sweepEveryMs() }));
  }

  /**
   * `graceMs` null: everything is looked at (boot); otherwise what is more than `graceMs` old. A platform
   * task across companies (raw SQL by design); each statement still pairs rows with their company.
   */
  async sweepOnce({ graceMs }: { graceMs: number | null }): Promise<void> {
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

    // 2. Pending rows of running campaigns never paced (arm failed after the start's commit): paced now.
    const unpaced = await q<{ company_id: number; campaign_id: number }>(
      em,
      `select distinct s.company_id, s.campaign_id
         from campaign_shipping s join campaigns c on c.id = s.campaign_id and c.company_id = s.company_id
        where c.status = 'EM_ANDAMENTO' and s.status = 'pending' and s.scheduled_for is null
          ${cutoff === null ? '' : `and c.updated_at < timestamptz 'epoch' + ?::bigint * interval '1 millisecond'`}`,
      cutoff === null ? [] : [cutoff],
    );
    for (const r of unpaced) {
      try {
        const n = await this.arm(Number(r.company_id), Number(r.campaign_id), { dueBefore: 0 });
        if (n) this.log.log(`campaign ${r.campaign_id}: ${n} pending recipient(s) paced`);
      } catch (err) {
        this.log.warn(`campaign ${r.campaign_id} not paced: ${reasonOf(err)}`);
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
    // A connection sends its queue in order: once a campaign's oldest open row is still queued (ack 0),
    // its newer ones are too — the rest of that campaign waits for the next pass (a campaign with
    // interval 0 may have thousands queued in the kernel; asking about each every pass would be a flood).
    const queued = new Set<number>();
    for (const r of sent) {
      if (queued.has(Number(r.campaign_id))) continue;
      try {
        const stored = await this.messages.findSent(Number(r.company_id), PLUGIN_ID, correlationIdOf(Number(r.campaign_id), Number(r.id)));
        if (stored?.ack === 0) queued.add(Number(r.campaign_id));
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

  // ── sending: campaign.sender.ts (the send lanes) ─────────────────────────────────────────────────

  /** Not for a company that went inactive, lost the plan flag or switched campaigns off after the start. */
  async sendable(companyId: number): Promise<void> {
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
