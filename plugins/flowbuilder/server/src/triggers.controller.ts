import { Controller, Delete, Get, HttpCode, Inject, Post, Put } from '@nestjs/common';
import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/core';
import { z } from 'zod';
import { AppError, CONNECTIONS, CurrentUser, REALTIME, RequirePermission, TAGS, WithoutPlanFlag, ZodBody, ZodParam, ZodResponse, type AuthUser, type Connections, type RealtimePublisher, type Tags } from '@atende/sdk-server';
import {
  FLOWBUILDER_ERRORS,
  KEYWORD_EVENT,
  KEYWORD_SHEET_FIELDS,
  flowCampaignInputSchema,
  flowCampaignListSchema,
  flowCampaignSchema,
  flowCampaignUpdateSchema,
  flowIdParamSchema,
  keywordInputSchema,
  keywordSchema,
  keywordUpdateSchema,
  type FlowCampaign,
  type Keyword,
  type KeywordEvent,
} from '@atende/plugin-flowbuilder-contract';
import { TriggerIndex } from './trigger-index.js';
import { FlowCampaignEntity, FlowEntity, KeywordEntity, type FlowCampaignRow, type KeywordRow } from './entities.js';

const SHEET_OTHER = ['googleSheetsIntegrationId', 'googleSheetsSpreadsheetId', 'googleSheetsSpreadsheetUrl', 'googleSheetsSelectedSheet'] as const;
const SHEET_KEYS = [...SHEET_OTHER, ...KEYWORD_SHEET_FIELDS];

export const toKeywordDto = (k: KeywordRow): Keyword => {
  const sheets = Object.fromEntries(SHEET_KEYS.map((key) => [key, k.sheets[key] ?? null])) as Record<(typeof SHEET_KEYS)[number], never>;
  return {
    id: k.id,
    name: k.name,
    keyword: k.keyword,
    disableFlow: k.disableFlow,
    activateFlowId: k.activateFlowId ?? null,
    addTagId: k.addTagId ?? null,
    removeTagId: k.removeTagId ?? null,
    enableGoogleSheets: k.enableGoogleSheets,
    ...sheets,
    createdAt: k.createdAt.toISOString(),
    updatedAt: k.updatedAt.toISOString(),
  };
};

export const toCampaignDto = (c: FlowCampaignRow): FlowCampaign => ({
  id: c.id,
  name: c.name,
  flowId: c.flowId,
  whatsappId: c.whatsappId ?? null,
  phrase: c.phrase,
  status: c.status,
  repeat: c.repeat,
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
});

/** Shared id checks: a flow, tag or connection named in a body must be the company's (404). */
class References {
  constructor(
    private readonly em: EntityManager,
    private readonly tags: Tags,
    private readonly connections: Connections,
  ) {}
  async flow(companyId: number, id: number | null | undefined) {
    if (id && !(await this.em.count(FlowEntity, { id, companyId }))) throw AppError.notFound(FLOWBUILDER_ERRORS.flowNotFound);
  }
  async tagIds(companyId: number, ids: (number | null | undefined)[]) {
    const wanted = ids.filter((i): i is number => !!i);
    if (!wanted.length) return;
    const known = new Set((await this.tags.list(companyId, { ids: wanted })).map((t) => t.id));
    if (wanted.some((i) => !known.has(i))) throw AppError.notFound(FLOWBUILDER_ERRORS.tagNotFound);
  }
  async connection(companyId: number, id: number | null | undefined) {
    if (id && !(await this.connections.get(companyId, id))) throw AppError.notFound('ERR_NO_WAPP_FOUND');
  }
}

/**
 * `/api/keywords` (§7 "Keywords"): exact, case-insensitive words that start a flow, stop one, or retag the
 * ticket. A core page (core-operations §2): every profile, on every plan (not only those with useCampaigns).
 */
@Controller('keywords')
@WithoutPlanFlag()
export class KeywordsController {
  private readonly refs: References;
  constructor(
    private readonly em: EntityManager,
    @Inject(TAGS) tags: Tags,
    @Inject(CONNECTIONS) connections: Connections,
    @Inject(REALTIME) private readonly realtime: RealtimePublisher,
    private readonly triggers: TriggerIndex,
  ) {
    this.refs = new References(em, tags, connections);
  }

  private async find(companyId: number, id: number): Promise<KeywordRow> {
    const row = await this.em.findOne(KeywordEntity, { id, companyId });
    if (!row) throw AppError.notFound(FLOWBUILDER_ERRORS.keywordNotFound);
    return row;
  }

  private tell(companyId: number, event: KeywordEvent) {
    // Keywords are a core page (every profile, any plan: core-operations §2, §6), as their routes are.
    this.realtime.toCompany(companyId, KEYWORD_EVENT, event, { permission: 'flowbuilder:keywords', withoutPlanFlag: true });
  }

  private async write(companyId: number, row: KeywordRow, body: z.output<typeof keywordUpdateSchema>): Promise<Keyword> {
    await this.refs.flow(companyId, body.activateFlowId);
    await this.refs.tagIds(companyId, [body.addTagId, body.removeTagId]);
    const { name, keyword, disableFlow, activateFlowId, addTagId, removeTagId, enableGoogleSheets } = body;
    const plain = { name, keyword, disableFlow, activateFlowId, addTagId, removeTagId, enableGoogleSheets };
    for (const [k, v] of Object.entries(plain)) if (v !== undefined) (row as Record<string, unknown>)[k] = v;
    const sheets = { ...row.sheets };
    for (const k of SHEET_KEYS) if (body[k] !== undefined) sheets[k] = body[k] ?? null;
    row.sheets = sheets;
    // Another keyword of the company with the same text (any case): 409.
    const same = await this.em.getConnection().execute(`select id from flowbuilder_keywords where company_id = ? and lower(keyword) = lower(?) and id <> ?`, [companyId, row.keyword, row.id ?? 0]);
    if (same.length) throw AppError.conflict(FLOWBUILDER_ERRORS.keywordExists);
    try {
      await this.em.flush();
    } catch (err) {
      if (err instanceof UniqueConstraintViolationException) throw AppError.conflict(FLOWBUILDER_ERRORS.keywordExists);
      throw err;
    }
    this.triggers.forget(companyId);
    return toKeywordDto(row);
  }

  @Get()
  @RequirePermission('flowbuilder:keywords')
  @ZodResponse(z.array(keywordSchema))
  async list(@CurrentUser() user: AuthUser): Promise<Keyword[]> {
    return (await this.em.find(KeywordEntity, { companyId: user.companyId }, { orderBy: { name: 'asc', id: 'asc' }, limit: 1000 })).map(toKeywordDto);
  }

  @Get(':id')
  @RequirePermission('flowbuilder:keywords')
  @ZodResponse(keywordSchema)
  async show(@CurrentUser() user: AuthUser, @ZodParam('id', flowIdParamSchema) id: number): Promise<Keyword> {
    return toKeywordDto(await this.find(user.companyId, id));
  }

  @Post()
  @RequirePermission('flowbuilder:keywords')
  @ZodResponse(keywordSchema)
  async create(@CurrentUser() user: AuthUser, @ZodBody(keywordInputSchema) body: z.output<typeof keywordInputSchema>): Promise<Keyword> {
    const row = this.em.create(KeywordEntity, { companyId: user.companyId, name: body.name, keyword: body.keyword, disableFlow: false, enableGoogleSheets: false, sheets: {} });
    const dto = await this.write(user.companyId, row, body);
    this.tell(user.companyId, { action: 'create', keyword: dto });
    return dto;
  }

  @Put(':id')
  @RequirePermission('flowbuilder:keywords')
  @ZodResponse(keywordSchema)
  async update(@CurrentUser() user: AuthUser, @ZodParam('id', flowIdParamSchema) id: number, @ZodBody(keywordUpdateSchema) body: z.output<typeof keywordUpdateSchema>): Promise<Keyword> {
    const dto = await this.write(user.companyId, await this.find(user.companyId, id), body);
    this.tell(user.companyId, { action: 'update', keyword: dto });
    return dto;
  }

  @Delete(':id')
  @HttpCode(204)
  @RequirePermission('flowbuilder:keywords')
  async remove(@CurrentUser() user: AuthUser, @ZodParam('id', flowIdParamSchema) id: number): Promise<void> {
    await this.em.remove(await this.find(user.companyId, id)).flush();
    this.triggers.forget(user.companyId);
    this.tell(user.companyId, { action: 'delete', keywordId: id });
  }
}

/** `/api/flowcampaign` (§7 "Phrase triggers", Activadores). */
@Controller('flowcampaign')
export class FlowCampaignsController {
  private readonly refs: References;
  constructor(
    private readonly em: EntityManager,
    @Inject(TAGS) tags: Tags,
    @Inject(CONNECTIONS) connections: Connections,
    private readonly triggers: TriggerIndex,
  ) {
    this.refs = new References(em, tags, connections);
  }

  private async find(companyId: number, id: number): Promise<FlowCampaignRow> {
    const row = await this.em.findOne(FlowCampaignEntity, { id, companyId });
    if (!row) throw AppError.notFound(FLOWBUILDER_ERRORS.flowCampaignNotFound);
    return row;
  }

  @Get()
  @RequirePermission('flowbuilder:read')
  @ZodResponse(flowCampaignListSchema)
  async list(@CurrentUser() user: AuthUser): Promise<{ flow: FlowCampaign[] }> {
    return { flow: (await this.em.find(FlowCampaignEntity, { companyId: user.companyId }, { orderBy: { name: 'asc', id: 'asc' }, limit: 1000 })).map(toCampaignDto) };
  }

  @Get(':id')
  @RequirePermission('flowbuilder:read')
  @ZodResponse(flowCampaignSchema)
  async show(@CurrentUser() user: AuthUser, @ZodParam('id', flowIdParamSchema) id: number): Promise<FlowCampaign> {
    return toCampaignDto(await this.find(user.companyId, id));
  }

  @Post()
  @RequirePermission('flowbuilder:write')
  @ZodResponse(flowCampaignSchema)
  async create(@CurrentUser() user: AuthUser, @ZodBody(flowCampaignInputSchema) body: z.output<typeof flowCampaignInputSchema>): Promise<FlowCampaign> {
    await this.refs.flow(user.companyId, body.flowId);
    await this.refs.connection(user.companyId, body.whatsappId);
    const row = this.em.create(FlowCampaignEntity, {
      companyId: user.companyId,
      name: body.name,
      flowId: body.flowId,
      whatsappId: body.whatsappId ?? null,
      phrase: body.phrase,
      status: body.status ?? true,
      repeat: body.repeat ?? false,
    });
    await this.em.flush();
    this.triggers.forget(user.companyId);
    return toCampaignDto(row);
  }

  @Put()
  @RequirePermission('flowbuilder:write')
  @ZodResponse(flowCampaignSchema)
  async update(@CurrentUser() user: AuthUser, @ZodBody(flowCampaignUpdateSchema) body: z.output<typeof flowCampaignUpdateSchema>): Promise<FlowCampaign> {
    const row = await this.find(user.companyId, body.id);
    await this.refs.flow(user.companyId, body.flowId);
    await this.refs.connection(user.companyId, body.whatsappId);
    const { name, flowId, whatsappId, phrase, status, repeat } = body;
    for (const [k, v] of Object.entries({ name, flowId, whatsappId, phrase, status, repeat })) if (v !== undefined) (row as Record<string, unknown>)[k] = v;
    await this.em.flush();
    this.triggers.forget(user.companyId);
    return toCampaignDto(row);
  }

  /** Admin-only like the rest (the spec's `contacts-page:deleteContact` is an admin permission too). */
  @Delete(':id')
  @HttpCode(204)
  @RequirePermission('flowbuilder:write')
  async remove(@CurrentUser() user: AuthUser, @ZodParam('id', flowIdParamSchema) id: number): Promise<void> {
    await this.em.remove(await this.find(user.companyId, id)).flush();
    this.triggers.forget(user.companyId);
  }
}
