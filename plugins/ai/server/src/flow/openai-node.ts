import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { COMPANIES, createExtensionPoint, MESSAGES, type Companies, type Messages } from '@atende/sdk-server';
import { FLOW_NODE_EXECUTORS, type NodeExecutionContext, type NodeExecutor, type NodeResult } from '@atende/plugin-flowbuilder-contract';
import { CreditsService } from '../credits/credits.service.js';
import { OpenAiProvider } from '../openai/provider.js';
import { asksForHuman, chatMessages, readAnswer } from '../answering/conversation.js';

/** The node's config as the flow builder stores it (automation-productivity §3 "OpenAI config"). */
export interface OpenAiNodeData {
  name: string;
  aiInstructions: string;
  contextInfo?: string;
  voice?: string;
  maxTokens?: number;
  temperature?: number;
  maxMessages?: number;
  queueId?: number | null;
  respondWhenNone?: boolean;
}

/** What the node keeps between calls: `answer` (a model call is due, on the next timer) or `listen`. */
type NodeState = { phase: 'answer' | 'listen' } | null;

/** The node's instructions: its aiInstructions, then its contextInfo (the spec's "prompt built from both"). */
export const nodePrompt = (d: OpenAiNodeData) => [d.aiInstructions, d.contextInfo ? `Contexto:\n${d.contextInfo}` : ''].filter(Boolean).join('\n\n');

/**
 * Plans the node's next move without calling the model (pure, so the rules are unit-tested): the model is
 * only ever called on a timer (`cause: 'timer'`), never while the flow builder runs the chain for a
 * customer's message, so a slow model does not hold the ticket.
 */
export function plan(ctx: Pick<NodeExecutionContext, 'cause' | 'input' | 'state'>, data: OpenAiNodeData): NodeResult | 'call-model' {
  const state = ctx.state as NodeState;
  if (ctx.cause === 'message') {
    if (ctx.input && asksForHuman(ctx.input.body)) return { kind: 'handover', queueId: data.queueId ?? null, reason: 'customer_asked' };
    return { kind: 'wait', afterMs: 1, message: false, state: { phase: 'answer' } };
  }
  if (ctx.cause === 'enter') return { kind: 'wait', afterMs: 1, message: false, state: { phase: 'answer' } };
  // A timer: answer when an answer is due, else keep listening.
  if (state?.phase === 'answer') return 'call-model';
  return { kind: 'wait', message: true, state: { phase: 'listen' } };
}

/**
 * The flow builder's OpenAI step (issue 31 item 4), registered on its executor extension point: answers the
 * contact from the last `maxMessages` of the conversation with the node's instructions, paid by a credit,
 * then waits for the next message; hands the ticket to the node's queue when the contact asks for a person,
 * the model cannot help, the credits run out or the model fails (a failed call is refunded).
 */
@Injectable()
export class OpenAiNodeExecutor implements NodeExecutor, OnModuleInit, OnModuleDestroy {
  readonly type = 'openai' as const;
  private readonly log = new Logger('AiFlowNode');
  private off?: () => void;

  constructor(
    @Inject(MESSAGES) private readonly messages: Messages,
    @Inject(COMPANIES) private readonly companies: Companies,
    private readonly credits: CreditsService,
    private readonly provider: OpenAiProvider,
  ) {}

  onModuleInit(): void {
    this.off = createExtensionPoint<NodeExecutor>(FLOW_NODE_EXECUTORS).register('ai.openai', this);
  }

  onModuleDestroy(): void {
    this.off?.();
  }

  async execute(ctx: NodeExecutionContext): Promise<NodeResult> {
    const data = ctx.node.data as unknown as OpenAiNodeData;
    const next = plan(ctx, data);
    if (next !== 'call-model') return next;
    const handover = (reason: string): NodeResult => ({ kind: 'handover', queueId: data.queueId ?? null, reason });
    // The flow builder runs on its own plan flag: the AI step answers only for plans with useOpenAi.
    if (!(await this.companies.hasPlanFlag(ctx.companyId, 'useOpenAi'))) return handover('no_plan');
    try {
      const history = await this.messages.recent(ctx.companyId, ctx.ticket.id, data.maxMessages ?? 10);
      const content = await this.credits.paid(
        ctx.companyId,
        { operation: 'gpt_message', amount: await this.credits.cost('gpt4o_message'), ticketId: ctx.ticket.id, detail: `flow ${ctx.flowId}` },
        async () => {
          const timeoutMs = await this.provider.timeout();
          const server = await this.provider.server();
          const completion = await this.provider.client(server, timeoutMs).chat.completions.create({
            model: server.model,
            messages: chatMessages(ctx.render(nodePrompt(data)), history),
            max_tokens: data.maxTokens ?? 100,
            temperature: Math.min(1, data.temperature ?? 1),
          });
          return completion.choices[0]?.message?.content ?? null;
        },
      );
      const answer = readAnswer(content);
      if (answer.kind === 'handover') return data.respondWhenNone === false ? { kind: 'wait', message: true, state: { phase: 'listen' } } : handover('model_cannot_help');
      ctx.send({ body: answer.text });
      return { kind: 'wait', message: true, state: { phase: 'listen' } };
    } catch (err) {
      const code = (err as { code?: string }).code;
      ctx.log(`openai: ${code ?? (err as Error).message}`);
      this.log.warn(`flow ${ctx.flowId} run ${ctx.runId}: ${(err as Error).message}`);
      return handover(code === 'ERR_INSUFFICIENT_CREDITS' ? 'insufficient_credits' : 'provider_error');
    }
  }
}
