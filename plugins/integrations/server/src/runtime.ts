import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import {
  HANDLER_BINDINGS,
  INBOUND_CHAIN,
  JOB_QUEUES,
  MESSAGES,
  TENANCY,
  TICKET_HOLDS,
  TICKETS,
  type InboundChainContext,
  type InboundHandlerResult,
  type JobQueues,
  type Messages,
  type Tenancy,
  type TicketHolds,
  type Tickets,
} from '@atende/sdk-server';
import type { IntegrationOutcome } from '@atende/plugin-integrations-contract';
import { IntegrationEntity, SessionEntity, type SessionRow } from './entities.js';
import { toDto } from './integrations.dto.js';
import { decrypt } from './crypto.js';
import { RemoteCalls } from './remote-calls.js';
import { typeOf } from './types.js';
import { handoverNote } from './handover-note.js';

export const PLUGIN_ID = 'integrations';
/** The chain handler's key: the ticket's holder while an integration talks with the customer. */
export const HANDLER_KEY = `${PLUGIN_ID}.bound`;
export const CALLS_QUEUE = 'integrations-calls';
/** Attempts at a remote per message (the first and one retry), then a human takes over. */
export const REMOTE_ATTEMPTS = 2;
const RETRY_PAUSE_MS = 300;
/** Pause between a bot's messages, at most (Typebot's delay is the tenant's, bounded here). */
const MAX_DELAY_MS = 10_000;

interface CallJob {
  companyId: number;
  integrationId: number;
  ticket: { id: number; contactId: number; whatsappId: number; queueId: number | null };
  contact: { name: string; number: string };
  message: { id: number; body: string; mediaType: string };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Integrations on the kernel's inbound chain (issue 33 item 2). The handler (priority 55, `bound`) runs on
 * tickets whose queue or connection is bound to an integration (`integrationId`), and on the tickets it
 * holds. Inside the chain it only claims the ticket and queues a job (after the commit): the remote call
 * happens in the job, never under the ticket's row lock. The job calls the type's runtime with a time
 * limit and a bounded retry, sends what comes back, and when the remote fails lets go of the ticket to its
 * queue with the reason kept on the ticket's session (GET /api/integrations/runs/:ticketId) and a ticket
 * note saying why (Tickets.note).
 * A type with `inChain` (flowbuilder) acts inside the chain instead (no remote call).
 */
@Injectable()
export class IntegrationsRuntime implements OnModuleInit, OnModuleDestroy {
  private readonly log = new Logger('IntegrationsRuntime');
  private queue!: Queue;
  private off: (() => void)[] = [];
  /** One job per ticket at a time in this process: a bot's answers keep the customer's order. */
  private readonly perTicket = new Map<number, Promise<unknown>>();

  constructor(
    @Inject(JOB_QUEUES) private readonly jobs: JobQueues,
    @Inject(TENANCY) private readonly tenancy: Tenancy,
    @Inject(MESSAGES) private readonly messages: Messages,
    @Inject(TICKET_HOLDS) private readonly holds: TicketHolds,
    @Inject(TICKETS) private readonly tickets: Tickets,
    private readonly remote: RemoteCalls,
  ) {}

  onModuleInit(): void {
    this.off.push(
      INBOUND_CHAIN.register(HANDLER_KEY, {
        priority: 55,
        bound: true,
        appliesTo: (m, t) => !m.fromMe && !m.isGroup && !t.isGroup && t.status !== 'open',
        handle: (ctx) => this.onMessage(ctx),
      }),
      HANDLER_BINDINGS.register(PLUGIN_ID, {
        field: 'integrationId',
        exists: (companyId, id) => this.tenancy.forCompany(companyId, async (em) => (await em.count(IntegrationEntity, { id, companyId })) > 0),
      }),
    );
    this.queue = this.jobs.queue(CALLS_QUEUE);
    this.jobs.worker(CALLS_QUEUE, (job: Job<CallJob>) => this.serial(job.data.ticket.id, () => this.call(job.data)), { concurrency: 4 });
  }

  onModuleDestroy(): void {
    for (const off of this.off) off();
    this.off = [];
  }

  async onMessage(ctx: InboundChainContext): Promise<InboundHandlerResult> {
    const held = ctx.holder?.state as { integrationId?: number } | null | undefined;
    const integrationId = held?.integrationId ?? ctx.binding?.ref;
    if (!integrationId) return 'pass';
    const { companyId, ticket, em } = ctx;
    const row = await em.findOne(IntegrationEntity, { id: integrationId, companyId });
    if (!row || !row.isActive) {
      if (ctx.holder) await ctx.release();
      return 'pass';
    }
    if (!ctx.holder) {
      // A conversation a human took over (or one that finished) does not start again on the same ticket.
      const before = await em.findOne(SessionEntity, { companyId, ticketId: ticket.id, integrationId });
      if (before && before.status !== 'active') return 'pass';
    }
    const type = typeOf(row.type);
    if (type?.inChain) {
      const answer = await type.inChain(ctx, toDto(row));
      if (answer !== 'run') return answer;
    }
    if (!type?.run) return 'pass';
    await ctx.claim({ integrationId });
    const job: CallJob = {
      companyId,
      integrationId,
      ticket: { id: ticket.id, contactId: ticket.contactId, whatsappId: ticket.whatsappId, queueId: ticket.queueId },
      contact: { name: ctx.contact.name, number: ctx.contact.number },
      message: { id: ctx.message.id, body: ctx.message.body, mediaType: ctx.message.mediaType },
    };
    // After the commit: the job must find the hold, and a rolled-back chain queues nothing. One job per message.
    ctx.afterCommit(() => this.queue.add('call', job, { jobId: `integrations-msg-${ctx.message.id}`, removeOnComplete: 1000, removeOnFail: 1000 }));
    return 'handled';
  }

  private serial<T>(ticketId: number, fn: () => Promise<T>): Promise<T> {
    const prev = this.perTicket.get(ticketId) ?? Promise.resolve();
    const next = prev.catch(() => undefined).then(fn);
    this.perTicket.set(ticketId, next);
    void next.finally(() => this.perTicket.get(ticketId) === next && this.perTicket.delete(ticketId)).catch(() => undefined);
    return next;
  }

  /** One customer message through the integration, outside any ticket lock. */
  async call(job: CallJob): Promise<void> {
    const { companyId, ticket } = job;
    // Taken by an agent (or another handler) since: the bot says nothing more.
    if ((await this.holds.holder(companyId, ticket.id)) !== HANDLER_KEY) return;
    const loaded = await this.tenancy.forCompany(companyId, async (em) => {
      const row = await em.findOne(IntegrationEntity, { id: job.integrationId, companyId });
      const session = await em.findOne(SessionEntity, { companyId, ticketId: ticket.id, integrationId: job.integrationId });
      return { row, session };
    });
    const { row, session } = loaded;
    const type = row ? typeOf(row.type) : undefined;
    if (!row || !type?.run || (session && session.status !== 'active')) return this.letGo(job, null);
    const secret = row.secret ? decrypt(await this.remote.credentialsKey(), row.secret) : null;
    const ctx = { companyId, integration: { ...toDto(row), secret }, ticket, contact: job.contact, message: job.message, state: session?.state ?? null, ...this.remote.tools(companyId) };

    let outcome: IntegrationOutcome;
    let lastError: Error | null = null;
    outcome = { kind: 'handover', reason: 'no_answer' };
    for (let attempt = 1; attempt <= REMOTE_ATTEMPTS; attempt++) {
      try {
        outcome = await type.run(ctx);
        lastError = null;
        break;
      } catch (err) {
        lastError = err as Error;
        this.log.warn(`integration ${row.id} (${row.type}) attempt ${attempt} failed on ticket ${ticket.id}: ${lastError.message}`);
        if (attempt < REMOTE_ATTEMPTS) await sleep(RETRY_PAUSE_MS * attempt);
      }
    }
    if (lastError) outcome = { kind: 'handover', reason: `${row.type} failed: ${reasonOf(lastError)}` };
    const note =
      outcome.kind !== 'handover' ? null : handoverNote(row, lastError ? { failure: lastError } : { asked: outcome.note ?? outcome.reason });

    const messages = outcome.kind === 'pass' ? [] : (outcome.messages ?? []);
    // The ticket says who answers it (core-operations §4: useIntegration, integrationId) while the bot still
    // holds it; an agent who took it meanwhile gets nothing more from the bot.
    // A mark that cannot be written (logged) never costs the customer the answer.
    if (outcome.kind === 'reply') {
      const marked = await this.tickets
        .mark(companyId, ticket.id, { plugin: PLUGIN_ID, ref: job.integrationId }, { heldBy: HANDLER_KEY })
        .catch((err: unknown) => (this.log.warn(`marking ticket ${ticket.id} failed: ${(err as Error).message}`), null));
      if (marked === false && (await this.holds.holder(companyId, ticket.id)) !== HANDLER_KEY) return;
    }
    const delay = Math.min(outcome.kind === 'reply' ? (outcome.delayMs ?? 0) : 0, MAX_DELAY_MS);
    for (const [i, message] of messages.entries()) {
      const { body, media } = typeof message === 'string' ? { body: message, media: undefined } : message;
      if (!body.trim() && !media) continue;
      if (i > 0 && delay) await sleep(delay);
      const correlationId = `msg-${job.message.id}-${i}`;
      // A retried job never messages the customer twice.
      if (await this.messages.findSent(companyId, PLUGIN_ID, correlationId)) continue;
      await this.messages.sendToTicket(companyId, ticket.id, { body, ...(media ? { media } : {}), source: PLUGIN_ID, correlationId });
    }
    if (outcome.kind === 'handover') {
      // Recorded first: a job retried after this point finds the session handed over and notes nothing twice.
      await this.saveSession(job, { status: 'handed_over', reason: outcome.reason.slice(0, 500) });
      // The note while the ticket is still held: whoever sees it arrive in the queue sees why.
      await this.tickets.note(companyId, ticket.id, note!).catch((err: unknown) => this.log.warn(`hand-over note on ticket ${ticket.id} failed: ${(err as Error).message}`));
      await this.letGo(job, outcome.reason);
      return;
    }
    const done = outcome.kind === 'reply' && outcome.done;
    await this.saveSession(job, { status: done ? 'done' : 'active', state: outcome.state === undefined ? (session?.state ?? null) : outcome.state, reason: null });
    if (done) await this.letGo(job, null);
  }

  private async letGo(job: CallJob, reason: string | null): Promise<void> {
    // The mark goes with the hold (only while this handler holds it: never another automation's mark).
    await this.tickets.mark(job.companyId, job.ticket.id, null, { heldBy: HANDLER_KEY }).catch((err: unknown) => this.log.warn(`clearing the mark of ticket ${job.ticket.id} failed: ${(err as Error).message}`));
    // The ticket stays pending in its queue: the company's agents see it there.
    await this.holds.release(job.companyId, job.ticket.id, HANDLER_KEY);
    if (reason) this.log.log(`integration ${job.integrationId} handed ticket ${job.ticket.id} to a human: ${reason}`);
  }

  private async saveSession(job: CallJob, change: Partial<Pick<SessionRow, 'status' | 'state' | 'reason'>>): Promise<void> {
    await this.tenancy.forCompany(job.companyId, async (em) => {
      await em.upsert(
        SessionEntity,
        { companyId: job.companyId, ticketId: job.ticket.id, integrationId: job.integrationId, status: 'active', state: null, reason: null, ...change, updatedAt: new Date() } as SessionRow,
        { onConflictFields: ['companyId', 'ticketId', 'integrationId'], onConflictAction: 'merge', onConflictMergeFields: [...(Object.keys(change) as ('status' | 'state' | 'reason')[]), 'updatedAt'] },
      );
    });
  }
}

/** A short, log-safe reason: the guard's rule, or the remote's status. */
function reasonOf(err: Error): string {
  const reason = (err as { reason?: string }).reason;
  return (reason ? `${reason}` : err.message).slice(0, 200);
}
