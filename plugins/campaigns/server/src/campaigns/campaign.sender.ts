import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { BULK_SEND_MAX, MESSAGES, type BulkRecipient, type Messages } from '@atende/sdk-server';
import { CampaignSettingsService } from './campaign-settings.service.js';
import { CampaignEngine, LATE_MIN_MS, PLUGIN_ID, SEND_ATTEMPTS, correlationIdOf } from './campaign.engine.js';
import { SendSignal } from './send-signal.js';
import { Permanent, isPermanent, reasonOf } from './send-errors.js';
import { laneKey, planLanes, retryDelayMs, type Lane, type RunningCampaign } from './send-lanes.js';
import { pacingOf, pickVariant, render, variantsOf } from './render.js';
import { MESSAGE_COLUMNS, q, type CampaignRow } from './sql.js';

/** Advisory-lock class of a lane's batch: one batch per connection in the cluster at a time (its order holds). */
export const LANE_LOCK = 0x63616d73;
/** The longest a sender sleeps without looking (rows paced by another process): CAMPAIGNS_POLL_MS, 1 s by default. */
export const pollMs = (raw = process.env.CAMPAIGNS_POLL_MS): number => {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 50 && n <= 60_000 ? n : 1000;
};
/** Batches of different lanes in flight at once in one process. */
const LANES_PARALLEL = 2;
/** How soon a slot looks again when every due lane is being sent (here or by another process). */
const BUSY_MS = 20;

interface Row {
  id: number;
  campaign_id: number;
  number: string;
  name: string;
  email: string;
  is_whatsapp_valid: boolean | null;
  variant: number;
  scheduled_for: Date;
  attempts: number;
}

/** What a batch decided for each row, written back in a few statements. */
interface Outcomes {
  sent: { id: number; text: string | null; messageId: number; ticketId: number }[];
  failed: { id: number; error: string }[];
  retry: { id: number; error: string; attempts: number }[];
}

/**
 * The sending loop of one process (README "Send lanes"). The send log is the truth; no job per
 * recipient exists. Each pass reads the running campaigns' next times (one query), takes every due
 * lane once in a fair order (send-lanes.ts), and for each: under the lane's lock, its due rows of
 * campaigns still EM_ANDAMENTO, oldest first, locked, sent with one `Messages.sendToNumbers` per
 * campaign (stored once per correlation id, so a batch redone after a crash sends nobody twice), and
 * marked in the same transaction. Then it sleeps until the next row is due (or a wake, or the poll).
 */
@Injectable()
export class CampaignSender implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger('CampaignsSender');
  private stopped = false;
  private loop: Promise<void> | null = null;
  /** Lanes a slot of this process is running. */
  private readonly inFlight = new Set<number>();
  /** When (a counter) each company and lane was last given a batch: the least recent goes first. */
  private readonly served = { company: new Map<number, number>(), lane: new Map<number, number>() };
  /**
   * When this process last sent for each campaign. Late rows of a campaign it is sending are a backlog
   * (a slow or busy process), sent in order; late rows it has not touched for LATE_MIN_MS mean the
   * cluster was down, and are re-paced. Empty after a restart, so a restart re-paces.
   */
  private readonly lastSent = new Map<number, number>();
  private clock = 0;

  constructor(
    private readonly em: EntityManager,
    @Inject(MESSAGES) private readonly messages: Messages,
    private readonly settings: CampaignSettingsService,
    private readonly engine: CampaignEngine,
    private readonly signal: SendSignal,
  ) {}

  onApplicationBootstrap(): void {
    this.loop = this.signal.ready.then(() => this.run());
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    this.signal.wake();
    await this.loop?.catch(() => undefined);
  }

  /**
   * LANES_PARALLEL slots, each: plan (one query), take the first due lane no slot of this process is
   * running — the company served least recently, then its lane served least recently — run its batch,
   * and plan again. A slot that finds nothing due sleeps until the next row's time (or a wake, or the
   * poll); one that finds only lanes in flight (here or in another process) looks again shortly.
   */
  private async run(): Promise<void> {
    await Promise.all(Array.from({ length: LANES_PARALLEL }, () => this.slot()));
  }

  private async slot(): Promise<void> {
    while (!this.stopped) {
      let wait = pollMs();
      try {
        const running = await q<{ id: number; company_id: number; whatsapp_id: number | null; first: string | null }>(
          this.em.fork(),
          `select c.id, c.company_id, c.whatsapp_id,
                  (select (extract(epoch from s.scheduled_for) * 1000)::bigint from campaign_shipping s
                    where s.campaign_id = c.id and s.company_id = c.company_id and s.status = 'pending' and s.scheduled_for is not null
                    order by s.scheduled_for limit 1) as first
             from campaigns c where c.status = 'EM_ANDAMENTO'`,
        );
        const { due, next } = planLanes(
          running.map((r): RunningCampaign => ({ campaignId: Number(r.id), companyId: Number(r.company_id), whatsappId: r.whatsapp_id, first: r.first === null ? null : Number(r.first) })),
          Date.now(),
          this.served,
        );
        const lane = due.find((l) => !this.inFlight.has(laneKey(l)));
        if (lane) {
          const key = laneKey(lane);
          this.inFlight.add(key);
          this.served.company.set(lane.companyId, ++this.clock);
          this.served.lane.set(key, this.clock);
          try {
            const result = await this.batch(lane);
            wait = result === 'busy' ? (due.length > 1 ? 0 : BUSY_MS) : 0;
          } finally {
            this.inFlight.delete(key);
          }
        } else if (due.length) wait = BUSY_MS;
        else if (next !== null) wait = Math.min(wait, Math.max(0, next - Date.now()));
      } catch (err) {
        this.log.error(`campaign send pass failed: ${reasonOf(err)}`);
      }
      if (this.stopped) break;
      if (wait > 0) await this.signal.sleep(wait);
      else await new Promise((r) => setImmediate(r));
    }
  }

  /**
   * One batch of a lane: 'busy' when another process holds the lane, 'more' when it took as many rows
   * as it may (more are due), 'done' otherwise.
   */
  async batch(lane: Lane): Promise<'done' | 'more' | 'busy'> {
    const { companyId, whatsappId, campaignIds, limit } = lane;
    const late = new Set<number>();
    const touched = new Set<number>();
    const terminal = new Set<number>();
    const result = await this.em.fork().transactional(async (tx): Promise<'done' | 'more' | 'busy'> => {
      const [got] = await q<{ ok: boolean }>(tx, `select pg_try_advisory_xact_lock(?, ?) as ok`, [LANE_LOCK, whatsappId || -companyId]);
      if (!got?.ok) return 'busy';
      // Each campaign's due rows from its index, merged by time: the lane's order.
      const picked = await q<{ id: number }>(
        tx,
        `select id from (${campaignIds
          .map(() => `(select id, scheduled_for from campaign_shipping where campaign_id = ? and company_id = ? and status = 'pending' and scheduled_for <= now() order by scheduled_for, id limit ?)`)
          .join(' union all ')}) x order by scheduled_for, id limit ?`,
        [...campaignIds.flatMap((id) => [id, companyId, limit]), limit],
      );
      if (!picked.length) return 'done';
      const rows = await q<Row>(
        tx,
        `select id, campaign_id, number, name, email, is_whatsapp_valid, variant, scheduled_for, attempts from campaign_shipping
          where company_id = ? and id in (${picked.map(() => '?').join(', ')}) and status = 'pending' and scheduled_for <= now()
          order by scheduled_for, id for update skip locked`,
        [companyId, ...picked.map((p) => Number(p.id))],
      );
      // Shared-locked after the rows: a cancel waits for this batch, and every later batch sees it cancelled.
      const campaigns = await q<CampaignRow>(tx, `select * from campaigns where company_id = ? and id in (${campaignIds.map(() => '?').join(', ')}) for share`, [
        companyId,
        ...campaignIds,
      ]);
      const running = new Map(campaigns.filter((c) => c.status === 'EM_ANDAMENTO').map((c) => [Number(c.id), c]));
      const settings = await this.settings.get(companyId, tx);
      const pacing = pacingOf(settings);
      const outcomes: Outcomes = { sent: [], failed: [], retry: [] };
      const byCampaign = new Map<number, Row[]>();
      for (const r of rows) {
        const c = running.get(Number(r.campaign_id));
        if (!c) continue;
        // A first try far behind its time (the cluster was down): the campaign is re-paced from now, not sent in a burst.
        if (
          (pacing.interval > 0 || (pacing.every > 0 && pacing.greater > 0)) &&
          r.attempts === 0 &&
          Date.now() - new Date(r.scheduled_for).getTime() > Math.max(pacing.interval, LATE_MIN_MS) &&
          Date.now() - (this.lastSent.get(Number(r.campaign_id)) ?? 0) > LATE_MIN_MS
        ) {
          late.add(Number(r.campaign_id));
          continue;
        }
        if (late.has(Number(r.campaign_id))) continue;
        const list = byCampaign.get(Number(r.campaign_id)) ?? [];
        list.push(r);
        byCampaign.set(Number(r.campaign_id), list);
      }
      let refused: unknown = null;
      try {
        await this.engine.sendable(companyId);
        if (!whatsappId) throw new Permanent('no_connection');
      } catch (err) {
        refused = err;
      }
      for (const [campaignId, list] of byCampaign) {
        touched.add(campaignId);
        if (refused) {
          await this.fail(companyId, campaignId, list, refused, outcomes);
          continue;
        }
        await this.sendCampaign(companyId, running.get(campaignId)!, list, settings.variables, outcomes);
      }
      await this.record(tx, companyId, outcomes);
      const now = Date.now();
      for (const campaignId of byCampaign.keys()) this.lastSent.set(campaignId, now);
      // Entries older than LATE_MIN_MS decide nothing: dropped so the map stays the size of the live campaigns.
      if (this.lastSent.size > 1000) for (const [id, at] of this.lastSent) if (now - at > LATE_MIN_MS) this.lastSent.delete(id);
      for (const f of outcomes.failed) terminal.add(Number(rows.find((r) => r.id === f.id)!.campaign_id));
      return picked.length >= limit ? 'more' : 'done';
    });
    for (const campaignId of late) {
      const n = await this.engine.arm(companyId, campaignId, { dueBefore: Date.now() - LATE_MIN_MS });
      this.log.log(`campaign ${campaignId}: ${n} overdue recipient(s) re-paced from now`);
    }
    for (const campaignId of terminal) await this.engine.finishIfDone(companyId, campaignId);
    for (const campaignId of touched) this.engine.progress(companyId, campaignId);
    return result;
  }

  /** One campaign's rows of the batch: checked, rendered, and sent in one call per BULK_SEND_MAX. */
  private async sendCampaign(companyId: number, c: CampaignRow, rows: Row[], variables: readonly { key: string; value: string }[], outcomes: Outcomes): Promise<void> {
    const variants = variantsOf(MESSAGE_COLUMNS.map((k) => c[k]));
    const media = c.media_path ? { url: c.media_path, ...(c.media_name ? { name: c.media_name } : {}) } : undefined;
    const ready: { row: Row; text: string }[] = [];
    for (const row of rows) {
      // A number the list never checked is asked about first (one question each; the bench's lists are checked).
      if (row.is_whatsapp_valid === null) {
        try {
          if (!(await this.messages.isOnWhatsApp(companyId, c.whatsapp_id!, row.number))) {
            outcomes.failed.push({ id: row.id, error: 'invalid_number' });
            continue;
          }
        } catch (err) {
          await this.fail(companyId, Number(c.id), [row], err, outcomes);
          continue;
        }
      }
      // The drawn variant, or another non-empty one if it was emptied while the campaign was cancelled.
      const variant = row.variant >= 0 && variants.includes(row.variant) ? row.variant : pickVariant(variants);
      const text = variant >= 0 ? render(c[MESSAGE_COLUMNS[variant]!] ?? '', row, variables) : '';
      if (!text.trim() && !media) outcomes.failed.push({ id: row.id, error: 'no_message' });
      else ready.push({ row, text });
    }
    for (let i = 0; i < ready.length; i += BULK_SEND_MAX) {
      const part = ready.slice(i, i + BULK_SEND_MAX);
      try {
        const answers = await this.messages.sendToNumbers(
          companyId,
          c.whatsapp_id!,
          part.map(({ row, text }): BulkRecipient => ({ number: row.number, name: row.name, body: text, correlationId: correlationIdOf(Number(c.id), row.id) })),
          { source: PLUGIN_ID, ...(media ? { media } : {}) },
        );
        answers.forEach((a, k) => {
          const { row, text } = part[k]!;
          if ('error' in a) outcomes.failed.push({ id: row.id, error: a.error });
          else outcomes.sent.push({ id: row.id, text, messageId: a.messageId, ticketId: a.ticketId });
        });
      } catch (err) {
        await this.fail(
          companyId,
          Number(c.id),
          part.map((p) => p.row),
          err,
          outcomes,
        );
      }
    }
  }

  /**
   * A failure for these rows: for good when retrying cannot help or they are out of tries (unless the
   * Messages port stored the message after all — a timeout after its commit: then sent), otherwise a
   * later try.
   */
  private async fail(companyId: number, campaignId: number, rows: Row[], err: unknown, outcomes: Outcomes): Promise<void> {
    const error = reasonOf(err);
    for (const row of rows) {
      if (!isPermanent(err) && row.attempts + 1 < SEND_ATTEMPTS) {
        outcomes.retry.push({ id: row.id, error, attempts: row.attempts });
        continue;
      }
      const stored = await this.messages.findSent(companyId, PLUGIN_ID, correlationIdOf(campaignId, row.id)).catch(() => null);
      if (stored) outcomes.sent.push({ id: row.id, text: null, messageId: stored.messageId, ticketId: stored.ticketId });
      else outcomes.failed.push({ id: row.id, error });
    }
    this.log.warn(`${rows.length} campaign recipient(s): ${error}`);
  }

  /** The batch's outcomes in three statements at most (each conditional on the row still pending). */
  private async record(tx: EntityManager, companyId: number, o: Outcomes): Promise<void> {
    if (o.sent.length) {
      await q(
        tx,
        `update campaign_shipping s set status = 'sent', message = coalesce(x.message, s.message), message_id = x.message_id, ticket_id = x.ticket_id, sent_at = now(), error = null, attempts = s.attempts + 1
           from json_to_recordset(?::json) as x(id int, message text, message_id int, ticket_id int)
          where s.id = x.id and s.company_id = ? and s.status = 'pending'`,
        [JSON.stringify(o.sent.map((r) => ({ id: r.id, message: r.text, message_id: r.messageId, ticket_id: r.ticketId }))), companyId],
      );
    }
    if (o.failed.length) {
      await q(
        tx,
        `update campaign_shipping s set status = 'failed', error = x.error, attempts = s.attempts + 1
           from json_to_recordset(?::json) as x(id int, error text) where s.id = x.id and s.company_id = ? and s.status = 'pending'`,
        [JSON.stringify(o.failed.map((r) => ({ id: r.id, error: r.error.slice(0, 255) }))), companyId],
      );
    }
    if (o.retry.length) {
      await q(
        tx,
        `update campaign_shipping s set error = x.error, attempts = s.attempts + 1, scheduled_for = now() + x.delay_ms * interval '1 millisecond'
           from json_to_recordset(?::json) as x(id int, error text, delay_ms bigint) where s.id = x.id and s.company_id = ? and s.status = 'pending'`,
        [JSON.stringify(o.retry.map((r) => ({ id: r.id, error: r.error.slice(0, 255), delay_ms: retryDelayMs(r.attempts) }))), companyId],
      );
    }
  }
}
