import { Injectable, Logger } from '@nestjs/common';
import { logContext, newRequestId, runWithLogContext } from '@atende/sdk-server';
import { MikroORM } from '@mikro-orm/postgresql';
import {
  AppError,
  INBOUND_CHAIN,
  INBOUND_OBSERVERS,
  handlerPluginId,
  type InboundChainContext,
  type InboundChainMessage,
  type InboundChainTicket,
  type InboundHandler,
  type HandlerBinding,
} from '@atende/sdk-server';
import type { DomainEventMap } from '@atende/core-contract';
import { DomainEventsService, KERNEL_SUBSCRIBER } from '../events/domain-events.service.js';
import { tenantEm } from '../tenancy/tenant-filter.js';
import { ticketSummaryOf, type Exec } from '../tickets/ticket-dto-sql.js';
import { heldSql, holdTicket, releaseTicket } from './ticket-holder.js';
import type { KernelChainTicket } from './handlers/kernel-handler.js';
import { HandlerBindingsService } from './handler-bindings.service.js';
import { runAsHandler, runAsObserver } from './chain-scope.js';
import { OutboundService } from '../messages/outbound.service.js';
import type { Message } from '../messages/message.entity.js';
import { Semaphore } from '../channels/baileys/semaphore.js';

interface ChainReply {
  text: string;
  /** The plugin that answered (null for the kernel's own handlers: an automatic message like before). */
  source: string | null;
}

export interface ChainOutcome {
  /** A handler said the message was its own. */
  handled: boolean;
  /** The ticket's status, queue, user or holder changed: screens need the ticket again. */
  changed: boolean;
  /** The status, queue and user changes, for `ticket.updated` (the pipeline tells them after its own events). */
  changes: DomainEventMap['ticket.updated']['changes'];
  /**
   * The handlers' answers, stored (ack 0) in the chain's transaction, so they commit with the changes
   * that led to them; the pipeline dispatches them (a crash before that, and the outbound sweep does).
   */
  replies: Message[];
}

/** How long a chain waits for its ticket's row lock (held by another chain of the ticket, or an agent's change). */
const CHAIN_LOCK_TIMEOUT = '15s';

/**
 * Chain transactions open at once in this process, well under the pool's 20 connections: a handler's port reads
 * (Contacts.get…) take a connection of their own while its chain holds one, so chains alone must never hold the
 * whole pool (a burst on one ticket did: every connection waited on the ticket's row lock, and the holder waited
 * for a connection until the lock timeout).
 */
const CHAINS_AT_ONCE = 8;

const NOTHING: ChainOutcome = { handled: false, changed: false, changes: {}, replies: [] };

type Holder = { key: string; state: unknown } | null;

/**
 * Runs the inbound handler chain for one stored message (issue 11 item 2; the rules are the SDK's, see
 * `INBOUND_CHAIN`). One transaction per run with the ticket's row locked, so two messages of one
 * ticket never run the chain at once and a handler's writes commit with the holder changes. A handler
 * that throws is rolled back to where it started (a savepoint), logged, and counts as 'pass'.
 */
/** How long one observer may take on one message before the chain goes on without it. */
const OBSERVER_TIMEOUT_MS = 5_000;

@Injectable()
export class InboundChainService {
  private readonly logger = new Logger('InboundChain');

  constructor(
    private readonly orm: MikroORM,
    private readonly events: DomainEventsService,
    private readonly bindings: HandlerBindingsService,
    private readonly outbound: OutboundService,
  ) {}

  private readonly slots = new Semaphore(CHAINS_AT_ONCE);
  /** The last chain queued per ticket: chains of one ticket wait here, in order, without holding a connection. */
  private readonly perTicket = new Map<number, Promise<unknown>>();

  /** Runs `task` after the chains already queued for the ticket (another process still meets the row lock). */
  private afterTicket<T>(ticketId: number, task: () => Promise<T>): Promise<T> {
    const previous = this.perTicket.get(ticketId) ?? Promise.resolve();
    const run = previous.then(task, task);
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    this.perTicket.set(ticketId, settled);
    void settled.then(() => {
      if (this.perTicket.get(ticketId) === settled) this.perTicket.delete(ticketId);
    });
    return run;
  }

  /** The registered handlers, lower priority first (then by key, so the order is stable). */
  private handlers(): { key: string; handler: InboundHandler }[] {
    return INBOUND_CHAIN.all()
      .map(({ key, contribution }) => ({ key, handler: contribution }))
      .sort((a, b) => a.handler.priority - b.handler.priority || a.key.localeCompare(b.key));
  }

  private allowed(key: string, companyId: number): Promise<boolean> {
    const plugin = handlerPluginId(key);
    return plugin === KERNEL_SUBSCRIBER ? Promise.resolve(true) : this.events.allowed(plugin, companyId);
  }

  /**
   * `ticket` is the pipeline's view of the ticket the message was stored on; when it is not held and no
   * handler applies to it, nothing is opened at all (the common case: an open ticket with an agent).
   */
  run(companyId: number, message: InboundChainMessage, ticket: InboundChainTicket): Promise<ChainOutcome> {
    // A chain run logs under the request id of its inbound job (or a new one) and its company (issue 35 item 3).
    const ctx = logContext();
    return runWithLogContext({ requestId: ctx?.requestId ?? newRequestId(), companyId }, async () => {
      const { outcome, after } = await this.chain(companyId, message, ticket);
      await this.observe(companyId, message, after);
      return outcome;
    });
  }

  /**
   * The observers (INBOUND_OBSERVERS), after the chain committed and outside its transaction, each
   * allowed by its plugin's plan flag; one that throws is logged and the others still see the message.
   */
  private async observe(companyId: number, message: InboundChainMessage, ticket: InboundChainTicket): Promise<void> {
    const observers = INBOUND_OBSERVERS.all().sort((a, b) => a.key.localeCompare(b.key));
    for (const { key, contribution: observer } of observers) {
      try {
        // The plan first: an observer's own code never sees a message of a company without its feature.
        if (!(await this.allowed(key, companyId))) continue;
        if (observer.appliesTo && !observer.appliesTo(message, ticket, companyId)) continue;
        // A frozen copy each: one observer cannot change what the next one sees.
        const ctx = Object.freeze({ companyId, message: Object.freeze({ ...message }), ticket: Object.freeze({ ...ticket }) });
        // Bounded: one slow observer must not hold the inbound job (and every tenant's next messages) back.
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`did not finish within ${OBSERVER_TIMEOUT_MS} ms`)), OBSERVER_TIMEOUT_MS);
        });
        await Promise.race([runAsObserver(key, async () => observer.observe(ctx)), late]).finally(() => clearTimeout(timer));
      } catch (err) {
        this.logger.error(`Observer ${key} failed on message ${message.id} (ticket ${ticket.id}): ${(err as Error).message}`);
      }
    }
  }

  private async chain(companyId: number, message: InboundChainMessage, ticket: InboundChainTicket): Promise<{ outcome: ChainOutcome; after: InboundChainTicket }> {
    const handlers = this.handlers();
    // The ticket's binding is looked up only while some handler works on bindings (one query by primary keys).
    const needsBinding = handlers.some(({ handler }) => handler.bound);
    const bindingOf = (exec: Exec, t: { whatsappId: number; queueId: number | null }) => (needsBinding ? this.bindings.ofTicket(exec, companyId, t) : Promise.resolve(null));
    let binding: HandlerBinding | null = await bindingOf((sql, params) => this.orm.em.getConnection().execute(sql, params), ticket);
    /** A bound handler applies only where its plugin is bound; then its own cheap test. */
    const applies = (key: string, handler: InboundHandler, t: InboundChainTicket) =>
      (!handler.bound || binding?.plugin === handlerPluginId(key)) && (!handler.appliesTo || handler.appliesTo(message, t, companyId));
    if (!ticket.holder && !handlers.some(({ key, handler }) => applies(key, handler, ticket))) return { outcome: NOTHING, after: ticket };
    const em = tenantEm(this.orm, companyId);
    const result = await this.afterTicket(ticket.id, () => this.slots.run(() => em.transactional(async (tx) => {
      const exec: Exec = (sql, params) => tx.getConnection().execute(sql, params, 'all', tx.getTransactionContext());
      // A chain waiting this long for its ticket fails, and its job's retry runs it again (the message is stored).
      await exec(`set local lock_timeout = '${CHAIN_LOCK_TIMEOUT}'`, []);
      const [row] = await exec(
        `select t.id, t.status, t.queue_id, t.user_id, t.contact_id, t.whatsapp_id, t.is_group, t.holder, t.holder_state, ${heldSql('t')} as held,
                t.bot_started_at is not null as bot_started, c.name as contact_name, c.number as contact_number
           from tickets t join contacts c on c.id = t.contact_id and c.company_id = t.company_id
          where t.id = ? and t.company_id = ? for no key update of t`,
        [ticket.id, companyId],
      );
      if (!row) return null;
      // Under the ticket's lock: a job handed to a second worker while the first still ran the chain
      // (its lock lapsed during a slow handler) finds the message done and does nothing.
      const [done] = await exec(`select chained from messages where id = ? and company_id = ?`, [message.id, companyId]);
      if (done?.chained) return null;
      // Moved to another queue since the pipeline looked: the binding is the new queue's.
      if (row.queue_id !== ticket.queueId) binding = await bindingOf(exec, { whatsappId: row.whatsapp_id as number, queueId: row.queue_id as number | null });
      const current: KernelChainTicket = {
        ...ticketSummaryOf(row),
        isGroup: row.is_group as boolean,
        created: ticket.created,
        holder: row.held ? (row.holder as string) : null,
        botStarted: row.bot_started as boolean,
      };
      const before = { status: current.status, queueId: current.queueId, userId: current.userId, holder: row.holder as string | null };
      let holder: Holder = row.held ? { key: row.holder as string, state: row.holder_state } : null;
      // A hold past its end is let go of here, so the ticket does not keep saying who held it.
      if (row.holder && !row.held) await releaseTicket(exec, companyId, current.id);
      const replies: ChainReply[] = [];
      const deferred: { key: string; fn: () => Promise<unknown> | void }[] = [];

      // Handed to handlers so they need no port read (another pooled connection) while this chain holds the ticket.
      const contact = { id: row.contact_id as number, name: row.contact_name as string, number: row.contact_number as string };
      const contextFor = (key: string, handler: InboundHandler, state: Holder): InboundChainContext => ({
        companyId,
        message,
        contact,
        ticket: { ...current },
        binding: handler.bound && binding?.plugin === handlerPluginId(key) ? binding : null,
        holder: state ? { state: state.state } : null,
        em: tx,
        claim: async (newState, options) => {
          await holdTicket(exec, companyId, current.id, key, newState, options?.ttlMs);
          holder = { key, state: newState ?? null };
          current.holder = key;
        },
        handOver: async (other, newState, options) => {
          await holdTicket(exec, companyId, current.id, other, newState, options?.ttlMs);
          holder = { key: other, state: newState ?? null };
          current.holder = other;
        },
        release: async (to) => {
          await releaseTicket(exec, companyId, current.id);
          holder = null;
          current.holder = null;
          if (to && (to.queueId !== undefined || to.userId !== undefined) && current.status !== 'closed') {
            const queueBefore = current.queueId;
            await this.moveTo(exec, companyId, current, to);
            // In another queue now: the handlers after this one see that queue's binding.
            if (current.queueId !== queueBefore) binding = await bindingOf(exec, current);
          }
        },
        reply: (text) => {
          if (typeof text === 'string' && text.trim()) replies.push({ text, source: handlerPluginId(key) === KERNEL_SUBSCRIBER ? null : handlerPluginId(key) });
        },
        afterCommit: (fn) => void deferred.push({ key, fn }),
      });

      /** One handler inside a savepoint: a throw undoes its writes and its holder changes, and counts as 'pass'. */
      const attempt = async (key: string, handler: InboundHandler, state: Holder): Promise<'handled' | 'pass'> => {
        const saved = { holder, binding, ticket: { ...current }, replies: replies.length, deferred: deferred.length };
        await exec(`savepoint chain_handler`, []);
        try {
          const outcome = await runAsHandler(key, () => handler.handle(contextFor(key, handler, state)));
          // The handler's entity changes are written inside its savepoint, so a failing write is its own.
          await tx.flush();
          await exec(`release savepoint chain_handler`, []);
          return outcome === 'handled' ? 'handled' : 'pass';
        } catch (err) {
          await exec(`rollback to savepoint chain_handler`, []);
          tx.clear();
          holder = saved.holder;
          binding = saved.binding;
          Object.assign(current, saved.ticket);
          replies.length = saved.replies;
          deferred.length = saved.deferred;
          this.logger.error(`Handler ${key} failed on message ${message.id} (ticket ${current.id}): ${(err as Error).message}`);
          return 'pass';
        }
      };

      const tried = new Set<string>();
      let handled = false;
      // Held: the holder alone sees the message. Gone (plugin removed) or no longer allowed: released.
      while (holder && !tried.has(holder.key)) {
        const held: { key: string; state: unknown } = holder;
        const own = INBOUND_CHAIN.get(held.key);
        if (!own || !(await this.allowed(held.key, companyId))) {
          await releaseTicket(exec, companyId, current.id);
          holder = null;
          current.holder = null;
          break;
        }
        tried.add(held.key);
        handled = (await attempt(held.key, own, held)) === 'handled';
        // Handed over to another handler: that one sees the message next (each handler once).
        if (handled || !holder || (holder as { key: string }).key === held.key) break;
      }
      // Not held (any more) and not handled: the chain in order. A handler that claims holds from now on.
      // Not on a closed ticket: a message its holder passed on goes to the active ticket (the pipeline moves it).
      if (!handled && !holder && current.status !== 'closed') {
        for (const { key, handler } of handlers) {
          if (tried.has(key) || !applies(key, handler, current)) continue;
          if (!(await this.allowed(key, companyId))) continue;
          tried.add(key);
          if ((await attempt(key, handler, null)) === 'handled' || holder) {
            handled = true;
            break;
          }
        }
      }
      // A message its closed ticket's holder passed on is not done yet: the pipeline moves it to the
      // active ticket and runs the chain there (a crash before that, and the retry does it).
      if (handled || current.status !== 'closed') await exec(`update messages set chained = true where id = ? and company_id = ?`, [message.id, companyId]);
      // On the ticket the chain ran on (a closed ticket's holder that answers and passes answers there).
      const stored: Message[] = [];
      for (const reply of replies) stored.push(await this.outbound.store(tx, { ...current, companyId }, { body: reply.text, userId: null, source: reply.source ?? undefined }));
      return { before, after: current, handled, replies: stored, deferred };
    })));
    if (!result) return { outcome: NOTHING, after: ticket };
    for (const { key, fn } of result.deferred) {
      try {
        await fn();
      } catch (err) {
        this.logger.error(`Handler ${key}: afterCommit failed on message ${message.id}: ${(err as Error).message}`);
      }
    }
    const { before, after } = result;
    const changes: DomainEventMap['ticket.updated']['changes'] = {};
    if (before.status !== after.status) changes.status = { before: before.status, after: after.status };
    if (before.queueId !== after.queueId) changes.queueId = { before: before.queueId, after: after.queueId };
    if (before.userId !== after.userId) changes.userId = { before: before.userId, after: after.userId };
    // Observers see the SDK's ticket, not the kernel handlers' extra field.
    const seen: KernelChainTicket = { ...after };
    delete seen.botStarted;
    return {
      outcome: {
        handled: result.handled,
        changed: Object.keys(changes).length > 0 || before.holder !== after.holder,
        changes,
        replies: result.replies,
      },
      after: seen,
    };
  }

  /** A release to a queue (pending there) or a user (open, theirs); ids of another company are refused. */
  private async moveTo(exec: Exec, companyId: number, ticket: InboundChainTicket, to: { queueId?: number; userId?: number }): Promise<void> {
    const before = { queueId: ticket.queueId, userId: ticket.userId, status: ticket.status };
    if (to.queueId !== undefined) {
      const [queue] = await exec(`select id from queues where id = ? and company_id = ?`, [to.queueId, companyId]);
      if (!queue) throw AppError.notFound('ERR_NO_QUEUE_FOUND');
      ticket.queueId = to.queueId;
    }
    if (to.userId !== undefined) {
      const [user] = await exec(`select id from users where id = ? and company_id = ?`, [to.userId, companyId]);
      if (!user) throw AppError.notFound('ERR_NO_USER_FOUND');
      ticket.userId = to.userId;
      ticket.status = 'open';
    } else {
      ticket.userId = null;
      ticket.status = 'pending';
    }
    // Already there (a one-queue connection's ticket is created in its queue): nothing changes, not even
    // updated_at, which no event would announce.
    if (before.queueId === ticket.queueId && before.userId === ticket.userId && before.status === ticket.status) return;
    await exec(`update tickets set queue_id = ?, user_id = ?, status = ?, updated_at = now() where id = ? and company_id = ?`, [
      ticket.queueId,
      ticket.userId,
      ticket.status,
      ticket.id,
      companyId,
    ]);
  }
}
