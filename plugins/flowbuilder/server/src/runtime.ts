import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { EntityManager, LockMode } from '@mikro-orm/core';
import type { Job, Queue } from 'bullmq';
import {
  COMPANIES,
  CONTACTS,
  createExtensionPoint,
  PLUGIN_CONTEXT,
  HANDLER_BINDINGS,
  INBOUND_CHAIN,
  JOB_QUEUES,
  MESSAGES,
  TENANCY,
  TICKET_HOLDS,
  TICKETS,
  type Companies,
  type Contacts,
  type PluginContext,
  type InboundChainContext,
  type InboundChainMessage,
  type InboundChainTicket,
  type InboundHandler,
  type InboundHandlerResult,
  type JobQueues,
  type Messages,
  type Tenancy,
  type TicketHolds,
  type Tickets,
} from '@atende/sdk-server';
import { FLOW_STARTER, KEYWORD_ACTIONS, type FlowStarter, type KeywordAction, type KeywordMatch } from '@atende/plugin-flowbuilder-contract';
import { FlowEntity, FlowRunEntity, KeywordEntity, type KeywordRow } from './entities.js';
import { TriggerIndex, triggerText } from './trigger-index.js';
import { FlowEngine, PLUGIN_ID, type Outcome, type RunEnv, type StoredNodeState } from './engine.js';

export const TIMERS_QUEUE = 'flowbuilder-timers';
/** The holder keys of this plugin's two handlers. */
export const FLOW_HANDLER = `${PLUGIN_ID}.flow`;
export const BOUND_HANDLER = `${PLUGIN_ID}.bound`;
const TIMER_ATTEMPTS = 3;
/** How often lost effects and timers are looked for (see sweep). */
const SWEEP_MS = 60_000;

interface TimerJob {
  companyId: number;
  runId: number;
  step: number;
}
const timerJobId = (runId: number, step: number) => `flowbuilder-run-${runId}-${step}`;
const isOurs = (holder: string | null) => !!holder && holder.startsWith(`${PLUGIN_ID}.`);
const norm = triggerText;
const keywordActionPoint = createExtensionPoint<KeywordAction>(KEYWORD_ACTIONS);

/**
 * The flow builder on the kernel's inbound chain (issue 16 items 3–4):
 * - `flowbuilder.flow` (priority 50) sees customer texts on tickets not open with an agent: the ticket's
 *   running flow when it holds the ticket, else keywords (exact, any case) and phrase triggers (exact phrase
 *   on that connection).
 * - `flowbuilder.bound` (priority 60, bound) starts the flow a queue or connection is bound to, on new tickets.
 * A running flow holds the ticket; it lets go when the flow ends or hands over (to the ticket's queue, or
 * the queue/user of a ticket node). Timers (interval, content pauses, follow-up) are BullMQ delayed jobs.
 */
@Injectable()
export class FlowRuntime implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger('FlowRuntime');
  private queue!: Queue;
  private off: (() => void)[] = [];
  private sweeper?: NodeJS.Timeout;

  constructor(
    private readonly em: EntityManager,
    private readonly engine: FlowEngine,
    @Inject(JOB_QUEUES) private readonly jobs: JobQueues,
    @Inject(TENANCY) private readonly tenancy: Tenancy,
    @Inject(MESSAGES) private readonly messages: Messages,
    @Inject(TICKETS) private readonly tickets: Tickets,
    @Inject(TICKET_HOLDS) private readonly holds: TicketHolds,
    @Inject(CONTACTS) private readonly contacts: Contacts,
    @Inject(PLUGIN_CONTEXT) private readonly plugin: PluginContext,
    @Inject(COMPANIES) private readonly companies: Companies,
    private readonly triggers: TriggerIndex,
  ) {}

  onModuleInit(): void {
    const customer = (m: InboundChainMessage, t: InboundChainTicket) => !m.fromMe && !m.isGroup && !t.isGroup;
    // Keywords and phrases are texts, and not looked for on a ticket an agent has open, nor when the text
    // is none of the company's keywords and phrases (TriggerIndex): the chain then opens no transaction
    // for ordinary messages (a held ticket reaches its holder whatever `appliesTo` says).
    const flow: InboundHandler = {
      priority: 50,
      appliesTo: (m, t, companyId) => customer(m, t) && m.mediaType === 'chat' && t.status !== 'open' && this.triggers.mayMatch(companyId, norm(m.body)),
      handle: (ctx) => this.onMessage(ctx),
    };
    const bound: InboundHandler = { priority: 60, bound: true, appliesTo: (m, t) => customer(m, t) && t.status !== 'open', handle: (ctx) => this.onBound(ctx) };
    this.off.push(INBOUND_CHAIN.register(FLOW_HANDLER, flow), INBOUND_CHAIN.register(BOUND_HANDLER, bound));
    // Connections and queues name a flow in their declared binding field `flowId` (`bindings.flowId`;
    // the spec's `integrationId` belongs to the integrations plugin, whose flowbuilder type starts flows through FLOW_STARTER).
    this.off.push(
      HANDLER_BINDINGS.register(PLUGIN_ID, {
        field: 'flowId',
        exists: (companyId, id) => this.tenancy.forCompany(companyId, async (em) => (await em.count(FlowEntity, { id, companyId })) > 0),
      }),
    );
    // Another plugin's chain handler starting a flow (the integrations plugin's flowbuilder type): the hold goes to FLOW_HANDLER.
    this.off.push(
      createExtensionPoint<FlowStarter>(FLOW_STARTER).register(PLUGIN_ID, {
        start: async (raw, flowId) => {
          const caller = raw as InboundChainContext;
          // The flow builder's own plan flag holds whoever starts the flow: a company that lost it keeps
          // no flows running through another plugin.
          if (!(await this.companies.hasPlanFlag(caller.companyId, 'useCampaigns'))) return 'pass';
          const ctx: InboundChainContext = { ...caller, claim: (state, options) => caller.handOver(FLOW_HANDLER, state, options) };
          const env = this.envOf(ctx, ctx.contact);
          const started = await this.engine.start(ctx.em, env, flowId);
          return started ? this.apply(ctx, started, env) : 'pass';
        },
      }),
    );
    // An agent accepting, transferring or closing the ticket lets go of any hold (kernel lifecycle): the run stops.
    this.plugin.events.subscribe(['ticket.updated'], async (event) => {
      await this.stopIfReleased(event.companyId, event.payload.ticketId);
    });
    this.queue = this.jobs.queue(TIMERS_QUEUE);
    this.jobs.worker(TIMERS_QUEUE, (job: Job<TimerJob>) => this.onTimer(job), { concurrency: 5 });
  }

  onApplicationBootstrap(): void {
    void this.rearm().catch((err: unknown) => this.log.error(`re-arming flow timers failed: ${(err as Error).message}`));
    this.sweeper = setInterval(() => void this.sweep().catch((err: unknown) => this.log.warn(`flow sweep failed: ${(err as Error).message}`)), SWEEP_MS);
    this.sweeper.unref();
  }

  onModuleDestroy(): void {
    for (const off of this.off) off();
    this.off = [];
    if (this.sweeper) clearInterval(this.sweeper);
  }

  // ---------- inbound ----------

  private envOf(ctx: InboundChainContext, contact: { name: string; number: string }): RunEnv {
    const t = ctx.ticket;
    return { companyId: ctx.companyId, ticket: { id: t.id, contactId: t.contactId, whatsappId: t.whatsappId, queueId: t.queueId, userId: t.userId }, contact };
  }

  /**
   * The bound handler: continues the flow it holds, else starts the bound flow on a new ticket, or on a
   * pending ticket put in a bound queue after it was opened (the queue bot or an agent chose the queue)
   * that never ran a flow (so a flow handing over to its own queue does not start again).
   */
  async onBound(ctx: InboundChainContext): Promise<InboundHandlerResult> {
    if (ctx.holder) return this.onMessage(ctx);
    if (!ctx.binding) return 'pass';
    if (!ctx.ticket.created) {
      if (ctx.binding.on !== 'queue' || ctx.ticket.status !== 'pending') return 'pass';
      const [ran] = await ctx.em
        .getConnection()
        .execute(`select 1 from flowbuilder_runs where company_id = ? and ticket_id = ? limit 1`, [ctx.companyId, ctx.ticket.id], 'all', ctx.em.getTransactionContext());
      if (ran) return 'pass';
    }
    const env = this.envOf(ctx, ctx.contact);
    const started = await this.engine.start(ctx.em, env, ctx.binding.ref);
    return started ? this.apply(ctx, started, env) : 'pass';
  }

  /** Other plugins' actions on a matched keyword (KEYWORD_ACTIONS), after the commit, each on its own. */
  private keywordActions(ctx: InboundChainContext, keyword: KeywordRow, body: string): void {
    const actions = keywordActionPoint.all();
    if (!actions.length) return;
    const t = ctx.ticket;
    const match: KeywordMatch = {
      companyId: ctx.companyId,
      keyword: { id: keyword.id, name: keyword.name, keyword: keyword.keyword, enableGoogleSheets: keyword.enableGoogleSheets, sheets: { ...keyword.sheets } },
      ticket: { id: t.id, contactId: t.contactId, whatsappId: t.whatsappId },
      contact: { name: ctx.contact.name, number: ctx.contact.number },
      message: { body },
    };
    for (const { key, contribution } of actions) {
      ctx.afterCommit(() => contribution.run(match).catch((err: unknown) => this.log.warn(`keyword action ${key} failed: ${(err as Error).message}`)));
    }
  }

  async onMessage(ctx: InboundChainContext): Promise<InboundHandlerResult> {
    const { companyId, ticket, message, em } = ctx;
    const env = this.envOf(ctx, ctx.contact);
    let run = await this.engine.running(em, companyId, ticket.id);
    // Not held any more (an agent accepted or moved it, the hold was let go): the flow stops here.
    if (run && !ctx.holder) {
      this.engine.end(run, 'released');
      await em.flush();
      run = null;
    }
    const body = message.mediaType === 'chat' ? norm(message.body) : '';

    // Keywords first, whether a flow runs or not.
    if (body) {
      const [kw] = await em
        .getConnection()
        .execute(`select id from flowbuilder_keywords where company_id = ? and lower(keyword) = ? limit 1`, [companyId, body], 'all', em.getTransactionContext());
      if (kw) {
        const keyword = (await em.findOne(KeywordEntity, { id: kw.id as number, companyId }))!;
        const add = keyword.addTagId ? [keyword.addTagId] : [];
        const remove = keyword.removeTagId ? [keyword.removeTagId] : [];
        if (add.length || remove.length) ctx.afterCommit(() => this.tickets.retag(companyId, ticket.id, { add, remove }));
        this.keywordActions(ctx, keyword, message.body);
        if (keyword.activateFlowId) {
          const started = await this.engine.start(em, env, keyword.activateFlowId);
          if (started) return this.apply(ctx, started, env);
        }
        if (keyword.disableFlow && run) {
          this.engine.end(run, 'keyword');
          await em.flush();
          await ctx.release();
          return 'handled';
        }
        // A keyword that only changes tags: a running flow keeps waiting; otherwise the chain goes on.
        if (run) return 'handled';
        return 'pass';
      }
    }

    if (ctx.holder) {
      if (!run) {
        // Handed over by another handler with `{ flowId }`: start that flow; otherwise nothing of ours runs.
        const flowId = (ctx.holder.state as { flowId?: unknown } | null)?.flowId;
        if (typeof flowId === 'number') {
          const started = await this.engine.start(em, env, flowId);
          if (started) return this.apply(ctx, started, env);
        }
        await ctx.release();
        return 'pass';
      }
      const waiting = run.nodeState as StoredNodeState | null;
      // A pause that an answer does not end (content block, follow-up without 'Respuesta'): the message is only stored.
      if (waiting && !waiting.message) return 'handled';
      // The answer cancels the armed timer (interval, follow-up): its job is dropped, and would find the step moved on anyway.
      const armed = run.wakeAt ? timerJobId(run.id, run.step) : null;
      if (armed) ctx.afterCommit(() => this.queue.remove(armed).catch(() => 0));
      const outcome = await this.engine.advance(em, run, env, 'message', { body: message.body, mediaType: message.mediaType });
      return this.apply(ctx, outcome, env);
    }

    // Phrase triggers: the exact phrase (any case), on the trigger's connection (or any when it names none).
    if (body) {
      const rows = await em.getConnection().execute(
        `select c.id, c.flow_id, c.repeat from flowbuilder_campaigns c
          where c.company_id = ? and c.status and lower(trim(c.phrase)) = ? and (c.whatsapp_id is null or c.whatsapp_id = ?)
          order by c.id`,
        [companyId, body, ticket.whatsappId],
        'all',
        em.getTransactionContext(),
      );
      for (const r of rows) {
        if (!r.repeat) {
          const [used] = await em
            .getConnection()
            .execute(`select 1 from flowbuilder_runs where company_id = ? and campaign_id = ? and contact_id = ? limit 1`, [companyId, r.id, ticket.contactId], 'all', em.getTransactionContext());
          if (used) continue;
        }
        const started = await this.engine.start(em, env, r.flow_id as number, r.id as number);
        if (started) return this.apply(ctx, started, env);
      }
    }
    return 'pass';
  }

  /** Inside the chain: holds or lets go of the ticket as the outcome says; sends and timers after the commit. */
  private async apply(ctx: InboundChainContext, outcome: Outcome, env: RunEnv): Promise<InboundHandlerResult> {
    if (outcome.ended) {
      const to = this.target(outcome, env);
      try {
        await ctx.release(to ?? undefined);
      } catch (err) {
        // A queue or user that is not (or no longer) the company's: the ticket is let go where it is rather than
        // staying held by a run that has ended.
        this.log.warn(`flow run ${outcome.runId}: handover of ticket ${env.ticket.id} failed (${(err as Error).message}); released in place`);
        await ctx.release();
      }
    } else {
      await ctx.claim({ runId: outcome.runId });
    }
    if (outcome.effects.length) ctx.afterCommit(() => this.performPending(env.companyId, outcome.runId));
    if (outcome.timerMs !== undefined) ctx.afterCommit(() => this.arm(env.companyId, outcome.runId, outcome.step, outcome.timerMs!));
    return 'handled';
  }

  /** A handover's destination: the node's queue/user, else the ticket's own queue; null to stay where it is. */
  private target(outcome: Outcome, env: RunEnv): { queueId?: number; userId?: number } | null {
    if (!outcome.handover) return null;
    const queueId = outcome.handover.queueId ?? env.ticket.queueId;
    const userId = outcome.handover.userId;
    if (!queueId && !userId) return null;
    return { ...(queueId ? { queueId } : {}), ...(userId ? { userId } : {}) };
  }

  /**
   * The outbox: performs the run's committed, not yet performed steps in order, under the run's row lock (so the
   * after-commit call, the sweep and the next message of the ticket never interleave), each send first looking for
   * itself by its correlation id (a crash between a send and the clearing sends nothing twice). A refused send is
   * logged and dropped, as before; the step leaves the outbox once all of it was handed to the kernel.
   */
  async performPending(companyId: number, runId: number): Promise<void> {
    await this.tenancy.forCompany(companyId, (em) =>
      em.transactional(async (tx) => {
        const run = await tx.findOne(FlowRunEntity, { id: runId, companyId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
        if (!run?.pendingEffects?.length) return;
        for (const pending of run.pendingEffects) {
          let i = 0;
          for (const e of pending.effects) {
            const correlationId = `run-${run.id}-${pending.step}-${i++}`;
            try {
              if (e.kind === 'retag') await this.tickets.retag(companyId, run.ticketId, { add: e.add, remove: e.remove });
              else if (await this.messages.findSent(companyId, PLUGIN_ID, correlationId)) continue;
              else if (e.kind === 'send') await this.messages.sendToTicket(companyId, run.ticketId, { body: e.body, ...(e.media ? { media: e.media } : {}), source: PLUGIN_ID, correlationId });
              else await this.messages.sendToNumber(companyId, e.to, { body: e.body, source: PLUGIN_ID, correlationId });
            } catch (err) {
              this.log.warn(`flow run ${run.id} (ticket ${run.ticketId}): ${e.kind} failed: ${(err as Error).message}`);
            }
          }
        }
        run.pendingEffects = null;
      }),
    );
  }

  /**
   * Every minute: steps whose effects were committed but not performed (the process died after the commit) and
   * timers whose job is gone (Redis lost it, or arming failed after the commit). Both are idempotent.
   */
  async sweep(): Promise<void> {
    await this.performAllPending(`and updated_at < now() - interval '30 seconds'`, 500);
    const late = await this.em
      .getConnection()
      .execute(`select id, company_id, step from flowbuilder_runs where status = 'running' and wake_at < now() - interval '60 seconds' order by wake_at limit 500`, []);
    for (const r of late) await this.arm(r.company_id as number, r.id as number, r.step as number, 0);
  }

  /** Ends the ticket's running run when no handler of this plugin holds the ticket any more. */
  async stopIfReleased(companyId: number, ticketId: number): Promise<void> {
    await this.tenancy.forCompany(companyId, (em) =>
      em.transactional(async (tx) => {
        const run = await this.engine.running(tx, companyId, ticketId);
        if (!run || isOurs(await this.holds.holder(companyId, ticketId))) return;
        this.engine.end(run, 'released');
      }),
    );
  }

  // ---------- timers ----------

  async arm(companyId: number, runId: number, step: number, delayMs: number): Promise<void> {
    const data: TimerJob = { companyId, runId, step };
    await this.queue.add('wake', data, { jobId: timerJobId(runId, step), delay: delayMs, attempts: TIMER_ATTEMPTS, backoff: { type: 'exponential', delay: 5_000 }, removeOnComplete: true, removeOnFail: true });
  }

  /** Running runs whose timer is armed get their job back (lost with Redis); an existing job id adds nothing. */
  async rearm(): Promise<void> {
    const rows = await this.em
      .getConnection()
      .execute(`select id, company_id, step, wake_at from flowbuilder_runs where status = 'running' and wake_at is not null order by id limit 5000`, []);
    for (const r of rows) await this.arm(r.company_id as number, r.id as number, r.step as number, Math.max(0, new Date(r.wake_at as string).getTime() - Date.now()));
    // Effects a previous process committed but did not perform (it stopped in between).
    await this.performAllPending('', 5000);
  }

  /** Runs with effects still in their outbox (`olderThan`: a fixed SQL condition), each performed under its own company. */
  private async performAllPending(olderThan: string, limit: number): Promise<void> {
    const rows = await this.em
      .getConnection()
      .execute(`select id, company_id from flowbuilder_runs where pending_effects is not null ${olderThan} order by id limit ${limit}`, []);
    for (const r of rows) await this.performPending(r.company_id as number, r.id as number);
  }

  async onTimer(job: Job<TimerJob>): Promise<void> {
    const { companyId, runId, step } = job.data;
    const done = await this.tenancy.forCompany(companyId, (em) =>
      em.transactional(async (tx) => {
        const run = await tx.findOne(FlowRunEntity, { id: runId, companyId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
        if (!run || run.status !== 'running' || run.step !== step) return null;
        const holder = await this.holds.holder(companyId, run.ticketId);
        // The company lost the plan flag since the timer was armed: the run ends and the ticket is let go, unsent.
        if (!(await this.companies.hasPlanFlag(companyId, 'useCampaigns'))) {
          this.engine.end(run, 'no_plan');
          if (isOurs(holder)) await this.holds.release(companyId, run.ticketId, holder!);
          return null;
        }
        const ticket = await this.tickets.get(companyId, run.ticketId);
        if (!ticket || !isOurs(holder) || ticket.status === 'closed') {
          this.engine.end(run, 'released');
          return null;
        }
        const c = await this.contacts.get(companyId, ticket.contactId);
        const env: RunEnv = { companyId, ticket: { id: ticket.id, contactId: ticket.contactId, whatsappId: ticket.whatsappId, queueId: ticket.queueId, userId: ticket.userId }, contact: { name: c?.name ?? '', number: c?.number ?? '' } };
        const outcome = await this.engine.advance(tx, run, env, 'timer', null);
        return { outcome, env, holder: holder! };
      }),
    );
    if (!done) return;
    const { outcome, env, holder } = done;
    if (outcome.effects.length) await this.performPending(companyId, runId);
    if (outcome.ended) await this.letGo(env, outcome, holder);
    else if (outcome.timerMs !== undefined) await this.arm(companyId, runId, outcome.step, outcome.timerMs);
  }

  /** Outside the chain: a handover through the ticket lifecycle (which lets go of any hold), else a plain release. */
  private async letGo(env: RunEnv, outcome: Outcome, holder: string): Promise<void> {
    const to = this.target(outcome, env);
    // Compare-and-release first: when an agent took the ticket meanwhile, the release fails and nothing moves it.
    if (!(await this.holds.release(env.companyId, env.ticket.id, holder))) return;
    try {
      if (to?.userId) await this.tickets.transition(env.companyId, env.ticket.id, { status: 'open', userId: to.userId, ...(to.queueId ? { queueId: to.queueId } : {}) });
      else if (to?.queueId) await this.tickets.transition(env.companyId, env.ticket.id, { status: 'pending', queueId: to.queueId, userId: null });
    } catch (err) {
      this.log.warn(`flow run ${outcome.runId}: handover of ticket ${env.ticket.id} failed: ${(err as Error).message}`);
    }
  }
}
