import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { createExtensionPoint, TICKETS, type Tickets } from '@atende/sdk-server';
import { FLOW_NODE_EXECUTORS, type NodeExecutionContext, type NodeExecutor, type NodeResult } from '@atende/plugin-flowbuilder-contract';
import type { Integration, IntegrationRunContext } from '@atende/plugin-integrations-contract';
import { runTypebot, type TypebotState } from './builtin/typebot.js';
import { RemoteCalls } from './remote-calls.js';
import { REMOTE_ATTEMPTS } from './runtime.js';
import { handoverNote } from './handover-note.js';

/** What the node keeps between its calls. `pending`: the customer's text the next timer answers. */
interface NodeState {
  typebot: TypebotState | null;
  pending?: string;
}

/**
 * The flow builder's TypeBot step (issue 33 item 4), on FLOW_NODE_EXECUTORS. Entering the step or a
 * customer's message inside the chain only schedules an immediate timer: Typebot is called from the flow
 * builder's timer job (under the run's row lock, never the ticket's). The bot's messages go out through
 * the flow; the finish keyword (or the session expiring with no message) leaves the step by its output;
 * a Typebot failing twice ends the flow with the ticket handed to its queue.
 */
@Injectable()
export class TypebotNodeExecutor implements OnModuleInit, OnModuleDestroy {
  private off?: () => void;
  private readonly log = new Logger('TypebotNode');

  constructor(
    private readonly remote: RemoteCalls,
    @Inject(TICKETS) private readonly tickets: Tickets,
  ) {}

  onModuleInit(): void {
    this.off = createExtensionPoint<NodeExecutor>(FLOW_NODE_EXECUTORS).register('integrations.typebot', { type: 'typebot', execute: (ctx) => this.execute(ctx) });
  }

  onModuleDestroy(): void {
    this.off?.();
  }

  async execute(ctx: NodeExecutionContext): Promise<NodeResult> {
    const state = (ctx.state as NodeState | null) ?? { typebot: null };
    if (ctx.cause === 'enter') return { kind: 'wait', afterMs: 0, state: { typebot: null, pending: '' } satisfies NodeState };
    if (ctx.cause === 'message') return { kind: 'wait', afterMs: 0, state: { ...state, pending: ctx.input?.body ?? '' } satisfies NodeState };
    // A timer: the customer's text to answer, or the session's idle time is over.
    if (state.pending === undefined) return { kind: 'next' };
    const data = ctx.node.data as unknown as Partial<Integration>;
    const integration = {
      id: 0,
      type: 'typebot',
      name: String(data.name ?? ''),
      urlN8N: data.urlN8N ?? '',
      typebotSlug: data.typebotSlug ?? '',
      typebotDelayMessage: data.typebotDelayMessage ?? 1000,
      typebotExpires: data.typebotExpires ?? 1,
      typebotKeywordFinish: data.typebotKeywordFinish ?? null,
      typebotKeywordRestart: data.typebotKeywordRestart ?? null,
      typebotRestartMessage: data.typebotRestartMessage ?? null,
      typebotUnknownMessage: data.typebotUnknownMessage ?? null,
      secret: null,
    } as IntegrationRunContext['integration'];
    const run: IntegrationRunContext = {
      companyId: ctx.companyId,
      integration,
      ticket: { id: ctx.ticket.id, contactId: ctx.ticket.contactId, whatsappId: ctx.ticket.whatsappId, queueId: ctx.ticket.queueId },
      contact: ctx.contact,
      message: { id: 0, body: state.pending, mediaType: 'chat' },
      state: state.typebot,
      ...this.remote.tools(ctx.companyId),
    };
    let lastError: Error | null = null;
    for (let attempt = 1; attempt <= REMOTE_ATTEMPTS; attempt++) {
      try {
        const outcome = await runTypebot(run);
        if (outcome.kind === 'handover') return { kind: 'next' }; // the finish keyword: the flow goes on
        for (const m of outcome.kind === 'reply' ? outcome.messages : []) ctx.send(typeof m === 'string' ? { body: m } : m);
        const typebot = outcome.kind === 'reply' && outcome.state !== undefined ? (outcome.state as TypebotState | null) : state.typebot;
        const expires = integration.typebotExpires > 0 ? integration.typebotExpires * 60_000 : undefined;
        return { kind: 'wait', message: true, ...(expires ? { afterMs: expires } : {}), state: { typebot } satisfies NodeState };
      } catch (err) {
        lastError = err as Error;
        ctx.log(`typebot attempt ${attempt} failed: ${lastError.message}`);
      }
    }
    // The ticket's note says why. Not awaited: this runs under the flow run's row lock, and the note's
    // insert waits for the ticket's row, which a chain on the same ticket may hold while it waits for the
    // run; the note lands once the flow's transaction is over.
    const failure = lastError ?? new Error('unknown');
    void this.tickets
      .note(ctx.companyId, ctx.ticket.id, handoverNote({ name: integration.name || 'Typebot', type: 'typebot' }, { failure }))
      .catch((err: unknown) => this.log.warn(`hand-over note on ticket ${ctx.ticket.id} failed: ${(err as Error).message}`));
    return { kind: 'handover', reason: `typebot failed: ${failure.message}` };
  }
}
