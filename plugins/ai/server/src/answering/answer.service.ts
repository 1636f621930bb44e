import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Job, Queue } from 'bullmq';
import {
  INBOUND_CHAIN,
  JOB_QUEUES,
  MEDIA,
  MESSAGES,
  PLUGIN_CONTEXT,
  TENANCY,
  TICKET_HOLDS,
  TICKETS,
  type InboundChainContext,
  type InboundHandlerResult,
  type JobQueues,
  type Media,
  type Messages,
  type PluginContext,
  type Tenancy,
  type TicketHolds,
  type Tickets,
} from '@atende/sdk-server';
import { AnswerEntity, type PromptRow } from '../entities.js';
import { PromptsService } from '../prompts/prompts.service.js';
import { CreditsService } from '../credits/credits.service.js';
import { OpenAiProvider } from '../openai/provider.js';
import { SETTING_ANSWER_TIMEOUT } from '../settings.js';
import { asksForHuman, chatMessages, readAnswer } from './conversation.js';

export const ANSWER_HANDLER = 'ai.answer';
export const ANSWERS_QUEUE = 'ai-answers';
const SOURCE = 'ai';

interface AnswerJob {
  companyId: number;
  ticketId: number;
  messageId: number;
  promptId: number;
}

/** Why a conversation went to a person (the ticket's note says it in Spanish, the default language). */
const HANDOVER_NOTES: Record<string, string> = {
  customer_asked: 'El asistente IA pasó la conversación a un agente: el cliente pidió hablar con una persona.',
  model_cannot_help: 'El asistente IA pasó la conversación a un agente: no pudo ayudar al cliente.',
  timeout: 'El asistente IA no respondió a tiempo: la conversación pasó a un agente.',
  provider_error: 'El servidor de IA falló: la conversación pasó a un agente.',
  insufficient_credits: 'Sin créditos de IA suficientes: la conversación pasó a un agente.',
  no_prompt: 'El prompt de IA ya no existe: la conversación pasó a un agente.',
};

/**
 * Answering customers (issue 31 item 3). On a ticket whose queue (or connection) is bound to a prompt, the
 * bound chain handler only claims the ticket and queues a job, after the chain commits: the model is never
 * called while the chain holds the ticket's row, so a slow model does not hold the conversation. The job
 * reads the last `maxMessages`, spends a credit, asks the model (with a time limit) and either replies (text,
 * or a voice note when the prompt has a voice) or hands the ticket to a person with a note saying why.
 * The model can only produce text: it has no tools, so a customer's message cannot make it change data.
 */
@Injectable()
export class AnswerService implements OnModuleInit, OnModuleDestroy {
  private readonly log = new Logger('AiAnswers');
  private queue!: Queue;
  private off?: () => void;

  constructor(
    @Inject(JOB_QUEUES) private readonly jobs: JobQueues,
    @Inject(TENANCY) private readonly tenancy: Tenancy,
    @Inject(MESSAGES) private readonly messages: Messages,
    @Inject(TICKETS) private readonly tickets: Tickets,
    @Inject(TICKET_HOLDS) private readonly holds: TicketHolds,
    @Inject(MEDIA) private readonly media: Media,
    @Inject(PLUGIN_CONTEXT) private readonly plugin: PluginContext,
    private readonly prompts: PromptsService,
    private readonly credits: CreditsService,
    private readonly provider: OpenAiProvider,
  ) {}

  onModuleInit(): void {
    this.off = INBOUND_CHAIN.register(ANSWER_HANDLER, {
      priority: 70,
      bound: true,
      // Customers' texts on tickets no agent has open (no query here).
      appliesTo: (m, t) => !m.fromMe && !m.isGroup && !t.isGroup && t.status !== 'open' && m.mediaType === 'chat',
      handle: (ctx) => this.onMessage(ctx),
    });
    this.queue = this.jobs.queue(ANSWERS_QUEUE);
    this.jobs.worker(ANSWERS_QUEUE, (job: Job<AnswerJob>) => this.answer(job.data), { concurrency: 5 });
  }

  onModuleDestroy(): void {
    this.off?.();
  }

  /** In the chain: own tables only, then the job after the commit. */
  async onMessage(ctx: InboundChainContext): Promise<InboundHandlerResult> {
    const held = ctx.holder?.state as { promptId?: number } | undefined;
    const promptId = held?.promptId ?? (ctx.binding?.plugin === 'ai' ? ctx.binding.ref : null);
    if (!promptId) return 'pass';
    // Handed over once: this ticket is a person's now (a new ticket, after Close, starts again).
    const [handed] = (await ctx.em
      .getConnection()
      .execute(`select 1 from ai_answers where company_id = ? and ticket_id = ? and outcome = 'handover' limit 1`, [ctx.companyId, ctx.ticket.id], 'all', ctx.em.getTransactionContext())) as unknown[];
    if (handed) return 'pass';
    await ctx.claim({ promptId }, { ttlMs: 24 * 3_600_000 });
    const data: AnswerJob = { companyId: ctx.companyId, ticketId: ctx.ticket.id, messageId: ctx.message.id, promptId };
    ctx.afterCommit(() =>
      this.queue.add('answer', data, { jobId: `ai-answer-${ctx.companyId}-${ctx.message.id}`, attempts: 2, backoff: { type: 'fixed', delay: 2_000 }, removeOnComplete: true, removeOnFail: 100 }),
    );
    return 'handled';
  }

  /** The job: one customer message answered (or handed over) at most once. */
  async answer(job: AnswerJob): Promise<void> {
    const { companyId, ticketId, messageId } = job;
    if (await this.done(companyId, messageId)) return;
    if ((await this.holds.holder(companyId, ticketId)) !== ANSWER_HANDLER) return; // an agent or a transition took it
    const prompt = await this.prompts.findFor(companyId, job.promptId);
    if (!prompt) return this.handOver(job, null, 'no_prompt');

    const history = await this.messages.recent(companyId, ticketId, prompt.maxMessages);
    const last = [...history].reverse().find((m) => !m.fromMe);
    // A later message of the customer has its own job, which answers both.
    if (last && last.id !== messageId) return this.record(job, 'skipped', 'newer_message');
    const current = history.find((m) => m.id === messageId);
    if (current && asksForHuman(current.body)) return this.handOver(job, prompt, 'customer_asked');

    let content: string | null;
    try {
      content = await this.credits.paid(companyId, { operation: 'gpt_message', amount: await this.credits.cost('gpt4o_message'), ticketId, detail: `prompt ${prompt.id}` }, () =>
        this.complete(prompt, history),
      );
    } catch (err) {
      const code = (err as { code?: string }).code;
      const reason = code === 'ERR_INSUFFICIENT_CREDITS' ? 'insufficient_credits' : isTimeout(err) ? 'timeout' : 'provider_error';
      this.log.warn(`answer of ticket ${ticketId} failed (${reason}): ${(err as Error).message}`);
      return this.handOver(job, prompt, reason);
    }
    const answer = readAnswer(content);
    if (answer.kind === 'handover') return this.handOver(job, prompt, 'model_cannot_help');
    // The ticket says who answers it (useIntegration, promptId), unless an agent took it meanwhile.
    if (!(await this.tickets.mark(companyId, ticketId, { plugin: 'ai', ref: prompt.id }, { heldBy: ANSWER_HANDLER }))) return this.record(job, 'skipped', 'taken');
    await this.reply(job, prompt, answer.text);
    await this.record(job, 'replied', null);
  }

  private async complete(prompt: PromptRow, history: Awaited<ReturnType<Messages['recent']>>): Promise<string | null> {
    const timeoutMs = Number(await this.plugin.settings.global(SETTING_ANSWER_TIMEOUT)) || 30_000;
    const server = await this.provider.server({ apiKeySealed: prompt.apiKeySealed, baseUrl: prompt.baseUrl, model: prompt.model });
    const completion = await this.provider.client(server, timeoutMs).chat.completions.create({
      model: server.model,
      messages: chatMessages(prompt.prompt, history),
      max_tokens: prompt.maxTokens,
      temperature: Number(prompt.temperature),
    });
    return completion.choices[0]?.message?.content ?? null;
  }

  /** Text, or a voice note when the prompt has a voice (the text goes too if the speech fails). */
  private async reply(job: AnswerJob, prompt: PromptRow, text: string): Promise<void> {
    const correlationId = `answer-${job.messageId}`;
    if (await this.messages.findSent(job.companyId, SOURCE, correlationId)) return;
    if (prompt.voice) {
      const voice = await this.speak(job.companyId, prompt, text).catch((err: unknown) => {
        this.log.warn(`speech failed, answering in text: ${(err as Error).message}`);
        return null;
      });
      if (voice) {
        await this.messages.sendToTicket(job.companyId, job.ticketId, { body: text, media: { url: voice }, source: SOURCE, correlationId });
        return;
      }
    }
    await this.messages.sendToTicket(job.companyId, job.ticketId, { body: text, source: SOURCE, correlationId });
  }

  private async speak(companyId: number, prompt: PromptRow, text: string): Promise<string> {
    const server = await this.provider.server({ apiKeySealed: prompt.apiKeySealed, baseUrl: prompt.baseUrl });
    // WAV: the plainest format every OpenAI-compatible server speaks; the MEDIA port makes it the
    // OGG/Opus voice note WhatsApp plays (ffmpeg).
    const speech = await this.provider.client(server, 30_000).audio.speech.create({ model: 'tts-1', voice: prompt.voice as 'alloy', input: text, response_format: 'wav' });
    const dir = await mkdtemp(join(tmpdir(), 'ai-voice-'));
    try {
      const path = join(dir, 'answer.wav');
      await writeFile(path, Buffer.from(await speech.arrayBuffer()));
      return (await this.media.store(companyId, { path, name: 'answer.wav', mimetype: 'audio/wav' }, { voice: true })).url;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** To a person: the prompt's queue (pending), the hold let go, and a note saying why. */
  private async handOver(job: AnswerJob, prompt: PromptRow | null, reason: string): Promise<void> {
    const { companyId, ticketId } = job;
    await this.record(job, 'handover', reason);
    // The note first: whoever sees the ticket arrive in the queue sees why.
    await this.tickets.note(companyId, ticketId, HANDOVER_NOTES[reason] ?? HANDOVER_NOTES.provider_error);
    const ticket = await this.tickets.get(companyId, ticketId);
    if (ticket && prompt && ticket.status !== 'closed' && ticket.queueId !== prompt.queueId) {
      await this.tickets.transition(companyId, ticketId, { queueId: prompt.queueId }).catch((err: unknown) => this.log.warn(`hand-over transfer failed: ${(err as Error).message}`));
    }
    // A transfer cleared the mark already; a hand-over in the same queue clears it here, while the AI still
    // holds the ticket (never another automation's mark set once the hold is gone).
    await this.tickets.mark(companyId, ticketId, null, { heldBy: ANSWER_HANDLER });
    await this.holds.release(companyId, ticketId, ANSWER_HANDLER);
  }

  private done(companyId: number, messageId: number): Promise<boolean> {
    return this.tenancy.forCompany(companyId, async (em) => (await em.count(AnswerEntity, { companyId, messageId })) > 0);
  }

  private async record(job: AnswerJob, outcome: 'replied' | 'handover' | 'skipped', reason: string | null): Promise<void> {
    await this.tenancy.forCompany(job.companyId, (em) =>
      em.upsert(
        AnswerEntity,
        { companyId: job.companyId, ticketId: job.ticketId, messageId: job.messageId, promptId: job.promptId, outcome, reason },
        { onConflictFields: ['companyId', 'messageId'], onConflictAction: 'ignore' },
      ),
    );
  }
}

function isTimeout(err: unknown): boolean {
  const e = err as { name?: string; reason?: string; cause?: { reason?: string }; message?: string };
  return e?.reason === 'timeout' || e?.cause?.reason === 'timeout' || e?.name === 'APIConnectionTimeoutError' || /timed? ?out/i.test(e?.message ?? '');
}
