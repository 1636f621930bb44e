import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import type { Job } from 'bullmq';
import type { DomainEvent, DomainEventMap, DomainEventName, PlanFeature } from '@atende/core-contract';
import type { BatchSubscriptionOptions, DomainEventBatchHandler, DomainEventHandler, DomainEvents } from '@atende/sdk-server';
import { JobQueuesService } from '../jobs/job-queues.service.js';
import { CompanyPlanService } from '../platform/company-plan.service.js';
import { PluginRegistry } from '../plugins/plugin-registry.js';

/** The kernel subscribes under this id: no plan flag gates it. */
export const KERNEL_SUBSCRIBER = 'kernel';
/** A plugin's durable events queue. */
export const pluginEventsQueue = (pluginId: string) => `plugin-events-${pluginId}`;
/** Plan flags are read at most this often per company (a plan change clears them at once). */
const FLAGS_TTL_MS = 10_000;

/** The most events in one batch when the subscriber does not say. */
const DEFAULT_MAX_BATCH = 100;
/** The name of a batch job (one event's job is named after its event). */
const BATCH_JOB = 'events';

type JobOptions = { jobId: string; attempts: number; backoff: { type: 'exponential'; delay: number }; removeOnComplete: { age: number; count: number }; removeOnFail: { age: number } };
type DurableJob = { name: string; data: DomainEvent | { events: DomainEvent[] }; opts: JobOptions };

interface DurableSubscription {
  names: Set<DomainEventName>;
  attempts: number;
  /** Set for `subscribeBatches`: the events of one tick go in jobs of up to this many. */
  maxBatch?: number;
}

/**
 * Emits domain events after commit and delivers them to subscribers: in-process through
 * @nestjs/event-emitter, durably through one BullMQ queue per plugin. Every process registers the
 * same subscriptions at boot (plugins do it in onModuleInit), so the process that emits knows which
 * plugins' queues get the event; any process's worker may handle it.
 */
@Injectable()
export class DomainEventsService implements DomainEvents {
  private readonly logger = new Logger('DomainEvents');
  private readonly durable = new Map<string, DurableSubscription>();
  private readonly flags = new Map<number, { flags: Promise<Record<string, boolean>>; until: number }>();
  /** Durable events waiting to be added to each plugin's queue, in emission order (see queueDurable). */
  private readonly outbox = new Map<string, { jobs: DurableJob[]; flushing: boolean }>();

  constructor(
    private readonly emitter: EventEmitter2,
    private readonly jobs: JobQueuesService,
    private readonly plans: CompanyPlanService,
    private readonly registry: PluginRegistry,
  ) {
    // The cached flags of a company whose plan or status changed are stale at once.
    this.emitter.on('company.updated', (e: DomainEvent<'company.updated'>) => this.flags.delete(e.companyId));
  }

  /**
   * Tells every subscriber. Call it only once the change is committed (after `flush` or the
   * transaction resolved): an event is never emitted for a change that was rolled back.
   */
  emit<K extends DomainEventName>(name: K, companyId: number, payload: DomainEventMap[K]): DomainEvent<K> {
    const event: DomainEvent<K> = { id: randomUUID(), name, companyId, at: new Date().toISOString(), payload };
    this.emitter.emit(name, event);
    this.fanOut(event);
    return event;
  }

  /** ticket.created for a ticket just committed (by an agent, the inbound pipeline or a plugin). */
  ticketCreated(ticket: { id: number; companyId: number; contactId: number; whatsappId: number; status: string; queueId?: number | null; userId?: number | null }): void {
    this.emit('ticket.created', ticket.companyId, {
      ticketId: ticket.id,
      contactId: ticket.contactId,
      whatsappId: ticket.whatsappId,
      status: ticket.status,
      queueId: ticket.queueId ?? null,
      userId: ticket.userId ?? null,
    });
  }

  on<K extends DomainEventName>(pluginId: string, name: K, handler: DomainEventHandler<K>): () => void {
    const listener = async (event: DomainEvent<K>) => {
      try {
        if (await this.allowed(pluginId, event.companyId)) await handler(event);
      } catch (err) {
        this.logger.error(`${pluginId} failed on ${name} ${event.id}: ${(err as Error).message}`);
      }
    };
    this.emitter.on(name, listener);
    return () => void this.emitter.off(name, listener);
  }

  subscribe<K extends DomainEventName>(
    pluginId: string,
    names: readonly K[],
    handler: DomainEventHandler<K>,
    options: { concurrency?: number; attempts?: number } = {},
  ): void {
    if (this.durable.has(pluginId)) throw new Error(`Plugin "${pluginId}" subscribes durably once, with every event it needs.`);
    this.durable.set(pluginId, { names: new Set(names), attempts: options.attempts ?? 8 });
    this.jobs.worker(
      pluginEventsQueue(pluginId),
      async (job: Job<DomainEvent<K>>) => {
        // Checked again when handled: the plan may have lost the flag since the event was queued.
        if (await this.allowed(pluginId, job.data.companyId)) await handler(job.data);
      },
      { concurrency: options.concurrency ?? 1 },
    );
  }

  subscribeBatches<K extends DomainEventName>(pluginId: string, names: readonly K[], handler: DomainEventBatchHandler<K>, options: BatchSubscriptionOptions = {}): void {
    if (this.durable.has(pluginId)) throw new Error(`Plugin "${pluginId}" subscribes durably once, with every event it needs.`);
    const maxBatch = Math.max(1, Math.floor(options.maxEvents ?? DEFAULT_MAX_BATCH));
    const attempts = options.attempts ?? 8;
    this.durable.set(pluginId, { names: new Set(names), attempts, maxBatch });
    this.jobs.worker(
      pluginEventsQueue(pluginId),
      async (job: Job<DomainEvent<K> | { events: DomainEvent<K>[] }>) => {
        const told = 'events' in job.data ? job.data.events : [job.data];
        // Checked again when handled: the plan may have lost the flag since the events were queued.
        const events: DomainEvent<K>[] = [];
        for (const event of told) if (await this.allowed(pluginId, event.companyId)) events.push(event);
        if (!events.length) return;
        if (events.length === 1) return void (await handler(events));
        try {
          await handler(events);
        } catch (err) {
          // One bad event must not hold the others back: each is retried alone, with its own tries
          // (the handler dedupes by event id what the failed batch may already have done).
          this.logger.warn(`${pluginId} failed on a batch of ${events.length} events (${(err as Error).message}): each is retried alone`);
          await this.jobs.queue(pluginEventsQueue(pluginId)).addBulk(events.map((event) => ({ name: event.name, data: event, opts: this.jobOptions(event.id, attempts) })));
        }
      },
      // One batch at a time: events reach the handler in the order they were emitted (per process).
      { concurrency: 1 },
    );
  }

  private jobOptions(jobId: string, attempts: number): JobOptions {
    return { jobId, attempts, backoff: { type: 'exponential', delay: 1000 }, removeOnComplete: { age: 3600, count: 10_000 }, removeOnFail: { age: 7 * 86_400 } };
  }

  /**
   * Queued for each durable subscriber at once, in emission order: the plan check waits for the add
   * (flush). Checked here with an `await` per plugin, a later event whose flags were cached could be
   * queued before an earlier one still waiting for them: a webhook's ticket.status_changed went out
   * before its ticket.created (a CI run of 2026-11-28).
   */
  private fanOut(event: DomainEvent): void {
    for (const [pluginId, sub] of this.durable) {
      if (sub.names.has(event.name)) this.queueDurable(pluginId, { name: event.name, data: event, opts: this.jobOptions(event.id, sub.attempts) });
    }
  }

  /**
   * A plugin's events are added to its queue together (one add or addBulk, one round trip): an inbound
   * flood emits several events per message for each durable subscriber (issue 37 item 1). The events of
   * one tick go together, and those emitted while an add is on its way go with the next one: adds run one
   * at a time per plugin, so its queue holds its events in the order they were emitted.
   */
  private queueDurable(pluginId: string, job: DurableJob): void {
    let box = this.outbox.get(pluginId);
    if (!box) this.outbox.set(pluginId, (box = { jobs: [], flushing: false }));
    box.jobs.push(job);
    if (box.jobs.length === 1 && !box.flushing) setImmediate(() => void this.flush(pluginId));
  }

  private async flush(pluginId: string): Promise<void> {
    const box = this.outbox.get(pluginId);
    if (!box || box.flushing) return;
    box.flushing = true;
    try {
      while (box.jobs.length) await this.add(pluginId, box.jobs.splice(0));
    } finally {
      box.flushing = false;
    }
  }

  /** Adds these events to the plugin's queue, less those of companies whose plan lacks its flag. */
  private async add(pluginId: string, all: DurableJob[]): Promise<void> {
    try {
      let jobs: DurableJob[] = [];
      // Once per company of the add (a flood's add holds many events of few companies). A check that
      // fails keeps the event: the handler checks again when it runs.
      const allowed = new Map<number, boolean>();
      for (const job of all) {
        const { companyId } = job.data as DomainEvent;
        if (!allowed.has(companyId)) allowed.set(companyId, await this.allowed(pluginId, companyId).catch(() => true));
        if (allowed.get(companyId)) jobs.push(job);
      }
      if (!jobs.length) return;
      const maxBatch = this.durable.get(pluginId)?.maxBatch;
      if (maxBatch) jobs = this.batched(jobs, maxBatch);
      const queue = this.jobs.queue(pluginEventsQueue(pluginId));
      // One job alone: a plain add (addBulk's transaction costs more than it saves for one).
      await (jobs.length === 1 ? queue.add(jobs[0].name, jobs[0].data, jobs[0].opts) : queue.addBulk(jobs));
    } catch (err) {
      this.logger.error(`${all.length} event(s) not queued for ${pluginId} (${all.map((j) => j.opts.jobId).join(', ')}): ${(err as Error).message}`);
    }
  }

  /**
   * A batch subscriber's events of one tick as jobs of up to `maxBatch` events, in emission order (a lone
   * event stays a plain job). A batch's id is its first event's with a prefix (BullMQ refuses ':' in ids).
   */
  private batched(jobs: DurableJob[], maxBatch: number): DurableJob[] {
    const out: DurableJob[] = [];
    for (let i = 0; i < jobs.length; i += maxBatch) {
      const part = jobs.slice(i, i + maxBatch);
      const events = part.map((j) => j.data as DomainEvent);
      out.push(part.length === 1 ? part[0] : { name: BATCH_JOB, data: { events }, opts: { ...part[0].opts, jobId: `batch-${events[0].id}` } });
    }
    return out;
  }

  /** Whether the company's plan has the subscriber's flag (the kernel and flagless plugins always). */
  async allowed(pluginId: string, companyId: number): Promise<boolean> {
    if (pluginId === KERNEL_SUBSCRIBER) return true;
    const flag = this.registry.plugins.find((p) => p.definition.id === pluginId)?.definition.planFlag as PlanFeature | undefined;
    if (!flag) return true;
    let cached = this.flags.get(companyId);
    if (!cached || cached.until < Date.now()) {
      cached = { flags: this.plans.flagsOf(companyId) as Promise<Record<string, boolean>>, until: Date.now() + FLAGS_TTL_MS };
      this.flags.set(companyId, cached);
      cached.flags.catch(() => this.flags.delete(companyId));
    }
    return (await cached.flags)[flag] === true;
  }
}
