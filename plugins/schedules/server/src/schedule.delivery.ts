import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { EntityManager, LockMode } from '@mikro-orm/core';
import type { Job, Queue } from 'bullmq';
import {
  AppError,
  COMPANIES,
  CONNECTIONS,
  CONTACTS,
  JOB_QUEUES,
  MESSAGES,
  TENANCY,
  TICKETS,
  type Companies,
  type Connections,
  type Contacts,
  type JobQueues,
  type Messages,
  type Tenancy,
  type Tickets,
} from '@atende/sdk-server';
import { ScheduleEntity, type ScheduleRow } from './schedule.entity.js';
import { SchedulesRealtime } from './schedules.realtime.js';
import { toDto } from './schedule.dto.js';

export const SCHEDULES_QUEUE = 'schedules-send';
export const PLUGIN_ID = 'schedules';

/** What a job carries: which row, and the sendAt it was armed for (an edit re-arms under a new id). */
export interface ScheduleJobData {
  companyId: number;
  scheduleId: number;
  sendAt: number;
}

/** One job per (schedule, sendAt): arming twice is a no-op, and an edited time is a different job. */
export const jobIdOf = (scheduleId: number, sendAt: Date | number) => `schedule-${scheduleId}-${typeof sendAt === 'number' ? sendAt : sendAt.getTime()}`;

/**
 * The correlation id the message is stored with: the same (schedule, sendAt) key as the job. With the
 * time in it, a schedule that failed and was edited to a new time is a new send, not one already done.
 */
export const correlationIdOf = (scheduleId: number, sendAt: Date | number) => jobIdOf(scheduleId, sendAt);

/** Retries of a failed send: 4 tries, 15 s, 30 s, 60 s apart; then the row is marked failed with the reason. */
export const SEND_ATTEMPTS = 4;
const BACKOFF_MS = 15_000;
const REARM_BATCH = 500;
/** How often overdue pending schedules are looked at (a job lost to a Redis blip right after the commit). */
const SWEEP_MS = 5 * 60_000;

/** A failure retrying cannot fix (the contact or every connection is gone, the kernel refused the request). */
class PermanentFailure extends Error {}

const reasonOf = (err: unknown): string => {
  if (err instanceof PermanentFailure) return err.message;
  if (err instanceof AppError) return err.code;
  return (err instanceof Error ? err.message : String(err)).slice(0, 255) || 'error';
};
const isPermanent = (err: unknown) => err instanceof PermanentFailure || (err instanceof AppError && err.status >= 400 && err.status < 500);

/**
 * Delivery by a BullMQ delayed job at sendAt. The row in PostgreSQL is the truth: the job re-reads it
 * under a row lock and sends only while it is still pending with the same sendAt, so an edited or deleted
 * schedule is not sent. Jobs lost with Redis (or never queued because the process died right after the
 * commit) are armed again at every start from the pending rows.
 */
@Injectable()
export class ScheduleDelivery implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger('SchedulesDelivery');
  private queue!: Queue;
  private sweeper: NodeJS.Timeout | null = null;

  constructor(
    private readonly em: EntityManager,
    @Inject(JOB_QUEUES) private readonly jobs: JobQueues,
    @Inject(TENANCY) private readonly tenancy: Tenancy,
    @Inject(MESSAGES) private readonly messages: Messages,
    @Inject(CONTACTS) private readonly contacts: Contacts,
    @Inject(CONNECTIONS) private readonly connections: Connections,
    @Inject(TICKETS) private readonly tickets: Tickets,
    @Inject(COMPANIES) private readonly companies: Companies,
    private readonly live: SchedulesRealtime,
  ) {}

  onModuleInit(): void {
    this.queue = this.jobs.queue(SCHEDULES_QUEUE);
    this.jobs.worker(SCHEDULES_QUEUE, (job: Job<ScheduleJobData>) => this.process(job), { concurrency: 5 });
  }

  async onApplicationBootstrap(): Promise<void> {
    // In the background: a slow Redis must not hold the boot; the jobs are idempotent anyway.
    void this.rearm().catch((err: unknown) => this.log.error(`re-arming pending schedules failed: ${reasonOf(err)}`));
    this.sweeper = setInterval(() => {
      void this.rearm({ overdueOnly: true }).catch((err: unknown) => this.log.warn(`schedules sweep failed: ${reasonOf(err)}`));
    }, SWEEP_MS);
    this.sweeper.unref();
  }

  onModuleDestroy(): void {
    if (this.sweeper) clearInterval(this.sweeper);
  }

  /** Queues (or leaves queued) the job of a pending schedule; a sendAt already past sends at once. Answers whether it queued one. */
  async arm(row: Pick<ScheduleRow, 'id' | 'companyId' | 'sendAt'>): Promise<boolean> {
    const jobId = jobIdOf(row.id, row.sendAt);
    const existing = await this.queue.getJob(jobId);
    if (existing) {
      const state = await existing.getState();
      // A finished job under this id would swallow the add; a live one is already what we want.
      if (state !== 'completed' && state !== 'failed') return false;
      await existing.remove();
    }
    const data: ScheduleJobData = { companyId: row.companyId, scheduleId: row.id, sendAt: row.sendAt.getTime() };
    await this.queue.add('send', data, {
      jobId,
      delay: Math.max(0, row.sendAt.getTime() - Date.now()),
      attempts: SEND_ATTEMPTS,
      backoff: { type: 'exponential', delay: BACKOFF_MS },
      removeOnComplete: true,
      removeOnFail: true,
    });
    return true;
  }

  /** Drops the job of a schedule's former time (best effort: a job that runs anyway finds the row changed and does nothing). */
  async disarm(scheduleId: number, sendAt: Date): Promise<void> {
    await this.queue.remove(jobIdOf(scheduleId, sendAt)).catch(() => undefined);
  }

  /**
   * Every pending schedule of every company gets its job back if it is missing. A platform task, so it
   * reads across companies (raw SQL by design); each job then works inside its own company. The periodic
   * sweep looks only at those already a minute overdue (a live job is then in its retry backoff: kept).
   */
  async rearm({ overdueOnly = false } = {}): Promise<number> {
    let after = 0;
    let armed = 0;
    for (;;) {
      const rows = (await this.em
        .getConnection()
        .execute(
          `select id, company_id, send_at from schedules
            where status = 'pending' and id > ? ${overdueOnly ? "and send_at < now() - interval '1 minute'" : ''}
            order by id limit ?`,
          [after, REARM_BATCH],
        )) as {
        id: number;
        company_id: number;
        send_at: Date | string;
      }[];
      for (const r of rows) {
        if (await this.arm({ id: r.id, companyId: r.company_id, sendAt: new Date(r.send_at) })) armed++;
      }
      if (rows.length < REARM_BATCH) break;
      after = rows[rows.length - 1]!.id;
    }
    if (armed) this.log.log(`${armed} pending schedule(s) without a job armed`);
    return armed;
  }

  /** The job: send what the row still asks for, or nothing. Thrown errors make BullMQ retry with backoff. */
  async process(job: Job<ScheduleJobData>): Promise<void> {
    const { companyId, scheduleId, sendAt } = job.data;
    const lastTry = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    let retry: string | null = null;
    const row = await this.tenancy.forCompany(companyId, (em) =>
      em.transactional(async (tx) => {
        // Locked: an edit or delete arriving now waits for this send, then sees it sent.
        const s = await tx.findOne(ScheduleEntity, { id: scheduleId, companyId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
        if (!s || s.status !== 'pending' || s.sendAt.getTime() !== sendAt) return null;
        try {
          // The send commits on its own, before this row does: after a crash or a failed commit here the
          // row is still pending, and the retry (or the start-up re-arm) finds the stored message instead.
          const stored = await this.messages.findSent(companyId, PLUGIN_ID, correlationIdOf(s.id, sendAt));
          const sent = stored ?? (await this.send(companyId, s));
          tx.assign(s, { ...sent, status: 'sent', sentAt: new Date(), error: null, attempts: s.attempts + 1 });
        } catch (err) {
          const reason = reasonOf(err);
          const final = lastTry || isPermanent(err);
          tx.assign(s, { error: reason.slice(0, 255), attempts: s.attempts + 1, ...(final ? { status: 'failed' } : {}) });
          this.log.warn(`schedule ${scheduleId} of company ${companyId}: ${reason}${final ? ' (failed)' : ' (will retry)'}`);
          if (!final) retry = reason;
        }
        return s;
      }),
    );
    if (row) {
      const contact = await this.contacts.get(companyId, row.contactId);
      this.live.changed(companyId, 'update', toDto(row, contact));
    }
    if (retry) throw new Error(retry);
  }

  /**
   * Through the Messages port, as this plugin, on the contact's connection. Not for a company that is
   * inactive or whose plan no longer has the flag (the kernel gates routes and events, not our jobs).
   */
  private async send(companyId: number, s: ScheduleRow): Promise<{ whatsappId: number; ticketId: number; messageId: number }> {
    const company = await this.companies.get(companyId);
    if (!company?.status) throw new PermanentFailure('company_inactive');
    if (!(await this.companies.hasPlanFlag(companyId, 'useSchedules'))) throw new PermanentFailure('no_plan');
    const contact = await this.contacts.get(companyId, s.contactId);
    if (!contact) throw new PermanentFailure('contact_not_found');
    const whatsappId = await this.connectionFor(companyId, s.contactId);
    if (!whatsappId) throw new PermanentFailure('no_connection');
    const media = s.mediaUrl ? { url: s.mediaUrl, ...(s.mediaName ? { name: s.mediaName } : {}) } : undefined;
    const { messageId, ticketId } = await this.messages.sendToNumber(
      companyId,
      { whatsappId, number: contact.number, name: contact.name },
      { body: s.body, ...(media ? { media } : {}), source: PLUGIN_ID, correlationId: correlationIdOf(s.id, s.sendAt) },
    );
    return { whatsappId, ticketId, messageId };
  }

  /** The connection of the contact's most recently updated ticket; else the company's default; else its first. */
  async connectionFor(companyId: number, contactId: number): Promise<number | null> {
    const [last] = await this.tickets.find(companyId, { contactId, limit: 1 });
    if (last && (await this.connections.get(companyId, last.whatsappId))) return last.whatsappId;
    const all = await this.connections.list(companyId);
    const chosen = all.find((c) => c.isDefault) ?? [...all].sort((a, b) => a.id - b.id)[0];
    return chosen?.id ?? null;
  }
}
