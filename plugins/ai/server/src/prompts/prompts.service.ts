import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { z } from 'zod';
import {
  AppError,
  HANDLER_BINDINGS,
  OUTBOUND_HTTP,
  QUEUES,
  REALTIME,
  TENANCY,
  type AuthUser,
  type OutboundHttp,
  type Queues,
  type RealtimePublisher,
  type Tenancy,
} from '@atende/sdk-server';
import { PROMPT_EVENT, type Prompt, type PromptEvent, type promptInputSchema, type promptUpdateSchema } from '@atende/plugin-ai-contract';
import { PromptEntity, type PromptRow } from '../entities.js';
import { OpenAiProvider } from '../openai/provider.js';
import { usesPlatformKey } from '../models/allowed-models.js';

type PromptInput = z.output<typeof promptInputSchema>;
type PromptUpdate = z.output<typeof promptUpdateSchema>;

/** Who hears prompt changes: who may open /prompts. */
const AUDIENCE = { permission: 'ai:write' };

/**
 * Prompts (automation-productivity §8): CRUD, scoped to the company, each naming one of its queues.
 * Claims the `promptId` binding of queues and connections (HANDLER_BINDINGS): the kernel then accepts
 * a prompt id on a queue or connection only when it is one of the company's.
 */
@Injectable()
export class PromptsService implements OnModuleInit, OnModuleDestroy {
  private unregister?: () => void;

  constructor(
    private readonly em: EntityManager,
    @Inject(TENANCY) private readonly tenancy: Tenancy,
    @Inject(QUEUES) private readonly queues: Queues,
    @Inject(REALTIME) private readonly realtime: RealtimePublisher,
    @Inject(OUTBOUND_HTTP) private readonly outbound: OutboundHttp,
    private readonly provider: OpenAiProvider,
  ) {}

  onModuleInit(): void {
    this.unregister = HANDLER_BINDINGS.register('ai', {
      field: 'promptId',
      exists: async (companyId, id) => !!(await this.tenancy.forCompany(companyId, (em) => em.findOne(PromptEntity, { companyId, id }))),
    });
  }

  onModuleDestroy(): void {
    this.unregister?.();
  }

  async list(user: AuthUser): Promise<Prompt[]> {
    const rows = await this.em.find(PromptEntity, { companyId: user.companyId }, { orderBy: { name: 'asc', id: 'asc' } });
    return this.toDtos(user.companyId, rows);
  }

  async show(user: AuthUser, id: number): Promise<Prompt> {
    return (await this.toDtos(user.companyId, [await this.row(user.companyId, id)]))[0];
  }

  async create(user: AuthUser, input: PromptInput): Promise<Prompt> {
    await this.checkQueue(user.companyId, input.queueId);
    const baseUrl = await this.checkUrl(input.baseUrl);
    await this.checkModel({ apiKeySealed: input.apiKey || null, baseUrl, model: input.model });
    const row = this.em.create(PromptEntity, {
      companyId: user.companyId,
      name: input.name,
      prompt: input.prompt,
      model: input.model,
      maxTokens: input.maxTokens,
      temperature: input.temperature,
      maxMessages: input.maxMessages,
      queueId: input.queueId,
      voice: input.voice || null,
      apiKeySealed: input.apiKey ? await this.provider.seal(input.apiKey) : null,
      baseUrl,
    });
    await this.em.flush();
    const dto = await this.show(user, row.id);
    this.realtime.toCompany(user.companyId, PROMPT_EVENT, { action: 'create', prompt: dto } satisfies PromptEvent, AUDIENCE);
    return dto;
  }

  async update(user: AuthUser, id: number, input: PromptUpdate): Promise<Prompt> {
    const row = await this.row(user.companyId, id);
    if (input.queueId !== undefined) await this.checkQueue(user.companyId, input.queueId);
    const { apiKey, baseUrl, voice, ...rest } = input;
    // The prompt as it will be: checked before anything changes.
    const nextUrl = baseUrl !== undefined ? await this.checkUrl(baseUrl) : (row.baseUrl ?? null);
    // A stored key never follows the prompt to another server: a new address needs its key again.
    // An absent key keeps the stored one (the browser never has it); null or '' clears it.
    const keyGone = apiKey !== undefined ? !apiKey : nextUrl !== (row.baseUrl ?? null);
    await this.checkModel({ apiKeySealed: keyGone ? null : (apiKey ?? row.apiKeySealed), baseUrl: nextUrl, model: rest.model ?? row.model });
    for (const [k, v] of Object.entries(rest)) if (v !== undefined) (row as Record<string, unknown>)[k] = v;
    if (voice !== undefined) row.voice = voice || null;
    row.baseUrl = nextUrl;
    if (apiKey) row.apiKeySealed = await this.provider.seal(apiKey);
    else if (keyGone) row.apiKeySealed = null;
    await this.em.flush();
    const dto = await this.show(user, row.id);
    this.realtime.toCompany(user.companyId, PROMPT_EVENT, { action: 'update', prompt: dto } satisfies PromptEvent, AUDIENCE);
    return dto;
  }

  async remove(user: AuthUser, id: number): Promise<{ message: string }> {
    const row = await this.row(user.companyId, id);
    await this.em.remove(row).flush();
    this.realtime.toCompany(user.companyId, PROMPT_EVENT, { action: 'delete', promptId: id } satisfies PromptEvent, AUDIENCE);
    return { message: 'Prompt deleted' };
  }

  /** For the answering side (a job, outside a request). */
  findFor(companyId: number, id: number): Promise<PromptRow | null> {
    return this.tenancy.forCompany(companyId, (em) => em.findOne(PromptEntity, { companyId, id }));
  }

  private async row(companyId: number, id: number): Promise<PromptRow> {
    const row = await this.em.findOne(PromptEntity, { companyId, id });
    if (!row) throw AppError.notFound('ERR_NO_PROMPT_FOUND');
    return row;
  }

  /** On the platform's key only the super user's allowed models (the prompt as it will be saved). */
  private async checkModel(row: Pick<PromptRow, 'apiKeySealed' | 'baseUrl' | 'model'>): Promise<void> {
    if (usesPlatformKey(row)) await this.provider.checkModel(row.model);
  }

  private async checkQueue(companyId: number, queueId: number): Promise<void> {
    if (!(await this.queues.list(companyId, [queueId])).length) throw AppError.validation([{ path: 'queueId', message: 'not_found' }]);
  }

  /** A prompt's own server goes through the outbound guard's rules when saved, so the form says why at once. */
  private async checkUrl(url: string | null | undefined): Promise<string | null> {
    if (!url) return null;
    try {
      return (await this.outbound.check(url)).toString().replace(/\/$/, '');
    } catch (err) {
      const reason = (err as { reason?: string }).reason ?? 'invalid_url';
      throw AppError.validation([{ path: 'baseUrl', message: reason }]);
    }
  }

  private async toDtos(companyId: number, rows: PromptRow[]): Promise<Prompt[]> {
    const queues = new Map((await this.queues.list(companyId, [...new Set(rows.map((r) => r.queueId))])).map((q) => [q.id, q]));
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      prompt: r.prompt,
      model: r.model,
      maxTokens: r.maxTokens,
      temperature: Number(r.temperature),
      maxMessages: r.maxMessages,
      queueId: r.queueId,
      queue: queues.has(r.queueId) ? { id: r.queueId, name: queues.get(r.queueId)!.name } : null,
      voice: r.voice ?? null,
      hasApiKey: !!r.apiKeySealed,
      baseUrl: r.baseUrl ?? null,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    }));
  }
}
