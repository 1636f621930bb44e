import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import { createExtensionPoint } from '@atende/sdk-server';
import {
  FLOW_NODE_EXECUTORS,
  type FlowConnection,
  type FlowNode,
  type NodeExecutionContext,
  type NodeExecutor,
  type NodeResult,
} from '@atende/plugin-flowbuilder-contract';
import { FlowEntity, FlowRunEntity, type FlowRunRow } from './entities.js';
import { builtinExecutors, renderTemplate } from './executors.js';

export const PLUGIN_ID = 'flowbuilder';
/** The node executors other plugins add to (see the contract's FLOW_NODE_EXECUTORS). */
export const NODE_EXECUTORS = createExtensionPoint<NodeExecutor>(FLOW_NODE_EXECUTORS);
/** Steps one advance may take without waiting: a cycle of nodes that never wait ends the flow. */
export const MAX_STEPS = 200;
/** Messages and tag changes one advance may queue: more ends the flow (a drawing that floods the number). */
export const MAX_EFFECTS = 50;
/** Advances (answers and timers) in one run: a conversation with a bot that long is a loop; it goes to the queue. */
export const MAX_RUN_STEPS = 1000;

export type Effect =
  | { kind: 'send'; body: string; media?: { url: string; name?: string } }
  | { kind: 'sendToNumber'; to: { whatsappId: number; number: string }; body: string }
  | { kind: 'retag'; add: number[]; remove: number[] };

/** Where the run is, as stored in `node_state`: whether a message ends the wait, and the node's own state. */
export interface StoredNodeState {
  message: boolean;
  state: unknown;
}

export interface RunEnv {
  companyId: number;
  ticket: { id: number; contactId: number; whatsappId: number; queueId: number | null; userId: number | null };
  contact: { name: string; number: string };
}

export interface Outcome {
  runId: number;
  /** Sends and tag changes, in order, with the step they were made in (their correlation ids). */
  effects: Effect[];
  step: number;
  ended: boolean;
  /** When ended by a handover: where the ticket goes (its own queue when both are absent). */
  handover?: { queueId: number | null; userId: number | null };
  /** When waiting on a timer: fire after this long. */
  timerMs?: number;
}

/**
 * Runs flows one step after another over a run row (position, variables, node state). The caller
 * holds the run's row lock in its transaction, commits, then performs `effects` and arms the timer.
 */
@Injectable()
export class FlowEngine implements OnModuleInit, OnModuleDestroy {
  private readonly log = new Logger('FlowEngine');
  private off: (() => void)[] = [];

  onModuleInit(): void {
    for (const executor of builtinExecutors()) this.off.push(NODE_EXECUTORS.register(`${PLUGIN_ID}.${executor.type}`, executor));
  }

  onModuleDestroy(): void {
    for (const off of this.off) off();
    this.off = [];
  }

  executorFor(type: string): NodeExecutor | undefined {
    return NODE_EXECUTORS.all().find(({ contribution }) => contribution.type === type)?.contribution;
  }

  /** The running run of a ticket, locked (null when none). */
  async running(em: EntityManager, companyId: number, ticketId: number): Promise<FlowRunRow | null> {
    const [row] = await em.getConnection().execute(`select id from flowbuilder_runs where company_id = ? and ticket_id = ? and status = 'running' for update`, [companyId, ticketId], 'all', em.getTransactionContext());
    return row ? em.findOne(FlowRunEntity, { id: row.id as number, companyId }, { refresh: true }) : null;
  }

  /** Ends a run without another step (an agent took the ticket, a keyword stopped it, another flow replaced it). */
  end(run: FlowRunRow, reason: string): void {
    run.status = 'ended';
    run.endReason = reason.slice(0, 200);
    run.wakeAt = null;
    run.step += 1;
  }

  /** Starts flow `flowId` on the ticket (ending one already running there), from its start node. Null when the flow is missing or inactive. */
  async start(em: EntityManager, env: RunEnv, flowId: number, campaignId: number | null = null): Promise<Outcome | null> {
    const flow = await em.findOne(FlowEntity, { id: flowId, companyId: env.companyId });
    if (!flow || !flow.active) return null;
    const current = await this.running(em, env.companyId, env.ticket.id);
    if (current) {
      this.end(current, 'replaced');
      await em.flush();
    }
    const start = (flow.nodes as FlowNode[]).find((n) => n.type === 'start');
    const run = em.create(FlowRunEntity, {
      companyId: env.companyId,
      ticketId: env.ticket.id,
      contactId: env.ticket.contactId,
      flowId,
      status: 'running',
      nodeId: start?.id ?? null,
      nodeState: null,
      variables: {},
      wakeAt: null,
      step: 0,
      endReason: null,
      campaignId,
      pendingEffects: null,
    });
    await em.flush();
    return this.advance(em, run, env, 'enter', null);
  }

  /** One invocation of the run's current node (then on through every node that does not wait). */
  async advance(em: EntityManager, run: FlowRunRow, env: RunEnv, cause: 'enter' | 'message' | 'timer', input: { body: string; mediaType: string } | null): Promise<Outcome> {
    const flow = await em.findOne(FlowEntity, { id: run.flowId, companyId: env.companyId });
    const nodes = (flow?.nodes ?? []) as FlowNode[];
    const connections = (flow?.connections ?? []) as FlowConnection[];
    run.step += 1;
    run.wakeAt = null;
    const outcome: Outcome = { runId: run.id, effects: [], step: run.step, ended: false };
    const finish = (reason: string, handover?: { queueId?: number | null; userId?: number | null }) => {
      run.status = 'ended';
      run.endReason = reason.slice(0, 200);
      run.nodeState = null;
      outcome.ended = true;
      if (handover) outcome.handover = { queueId: handover.queueId ?? null, userId: handover.userId ?? null };
    };
    if (!flow) finish('flow_deleted');
    // Switched off while running, or looping across answers and timers: the ticket goes to its queue.
    else if (!flow.active) finish('flow_inactive', {});
    else if (run.step > MAX_RUN_STEPS) finish('run_limit', {});
    let steps = 0;
    while (!outcome.ended) {
      if (++steps > MAX_STEPS) {
        finish('loop');
        break;
      }
      const node = nodes.find((n) => n.id === run.nodeId);
      if (!node) {
        finish('end');
        break;
      }
      const executor = this.executorFor(node.type);
      if (!executor) {
        // OpenAI, TypeBot and Google Sheets until their plugins contribute executors.
        this.log.warn(`flow ${run.flowId} (ticket ${env.ticket.id}): no executor for node type "${node.type}"; the ticket goes to its queue`);
        finish(`no_executor:${node.type}`, {});
        break;
      }
      const stored = run.nodeState as StoredNodeState | null;
      const ctx: NodeExecutionContext = {
        companyId: env.companyId,
        flowId: run.flowId,
        runId: run.id,
        node,
        ticket: env.ticket,
        contact: env.contact,
        variables: { ...run.variables },
        cause,
        input: cause === 'message' ? input : null,
        state: cause === 'enter' ? null : (stored?.state ?? null),
        render: (text) =>
          renderTemplate(text, run.variables, { userNumber: env.contact.number, name: env.contact.name, contactName: env.contact.name, ticketId: String(env.ticket.id) }),
        send: (m) => void outcome.effects.push({ kind: 'send', body: m.body, ...(m.media ? { media: m.media } : {}) }),
        // The executor renders its text (ctx.render): rendering again would expand tokens a customer typed.
        sendToNumber: (to, m) => void outcome.effects.push({ kind: 'sendToNumber', to, body: m.body }),
        retag: (c) => void outcome.effects.push({ kind: 'retag', add: c.add ?? [], remove: c.remove ?? [] }),
        log: (m) => this.log.log(`flow ${run.flowId} node ${node.id}: ${m}`),
      };
      let result: NodeResult;
      try {
        result = await executor.execute(ctx);
      } catch (err) {
        this.log.error(`flow ${run.flowId} node ${node.id} (${node.type}) failed on ticket ${env.ticket.id}: ${(err as Error).message}`);
        finish(`error:${node.type}`, {});
        break;
      }
      if (outcome.effects.length > MAX_EFFECTS) {
        outcome.effects.length = MAX_EFFECTS;
        finish('too_many_messages', {});
        break;
      }
      if ('variables' in result && result.variables) run.variables = { ...run.variables, ...result.variables };
      if (result.kind === 'wait') {
        run.nodeState = { message: result.message === true, state: result.state ?? null } satisfies StoredNodeState;
        if (result.afterMs !== undefined) {
          outcome.timerMs = Math.max(0, Math.round(result.afterMs));
          run.wakeAt = new Date(Date.now() + outcome.timerMs);
        }
        break;
      }
      if (result.kind === 'end') finish(result.reason ?? 'end');
      else if (result.kind === 'handover') finish(result.reason ?? 'handover', { queueId: result.queueId ?? null, userId: result.userId ?? null });
      else {
        // A step's note on itself (Google Sheets' lastError) is kept in the drawing the canvas shows; written
        // only when it changes, so runs of a busy flow do not queue on its row for an unchanged note.
        const data = node.data as Record<string, unknown>;
        if (result.nodeData && flow && Object.entries(result.nodeData).some(([k, v]) => (data[k] ?? null) !== (v ?? null))) {
          const patch = result.nodeData;
          flow.nodes = (flow.nodes as FlowNode[]).map((n) => (n.id === node.id ? ({ ...n, data: { ...(n.data as object), ...patch } } as FlowNode) : n));
        }
        const edge = pickEdge(connections, node.id, result.handle ?? null);
        run.nodeState = null;
        if (!edge) finish('end');
        else {
          run.nodeId = edge.target;
          cause = 'enter';
          input = null;
        }
      }
    }
    // The outbox: this step's effects are stored with the run, in the same transaction, and performed after the commit.
    if (outcome.effects.length) run.pendingEffects = [...(run.pendingEffects ?? []), { step: outcome.step, effects: outcome.effects }];
    await em.flush();
    return outcome;
  }
}

/** The connector leaving `source` through `handle`; for a single-output node (null), one without a handle, else any. */
export function pickEdge(connections: FlowConnection[], source: string, handle: string | null): FlowConnection | undefined {
  const out = connections.filter((c) => c.source === source);
  if (handle !== null) return out.find((c) => c.sourceHandle === handle);
  return out.find((c) => !c.sourceHandle) ?? out[0];
}
