import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import {
  AppError,
  CONNECTIONS,
  HANDLER_BINDINGS,
  MEDIA,
  OUTBOUND_HTTP,
  OutboundRefusedError,
  PLUGIN_CONTEXT,
  containsPattern,
  type AuthUser,
  type Connections,
  type Media,
  type OutboundHttp,
  type PluginContext,
  type ReceivedFile,
} from '@atende/sdk-server';
import {
  INTEGRATIONS_PAGE_SIZE,
  type Integration,
  type IntegrationInput,
  type IntegrationPage,
  type IntegrationUpdate,
  type TestSessionResult,
} from '@atende/plugin-integrations-contract';
import { IntegrationEntity, type IntegrationRow } from './entities.js';
import { MASK, toDto } from './integrations.dto.js';
import { IntegrationsRealtime } from './integrations.realtime.js';
import { encrypt } from './crypto.js';
import { CREDENTIALS_KEY } from './settings.js';
import { typeOf } from './types.js';
import { RemoteCalls } from './remote-calls.js';

const notFound = () => AppError.notFound('ERR_NO_INTEGRATION_FOUND', 'Integration not found.');
/** Fields kept in `config` (everything but the columns). */
const COLUMNS = new Set(['type', 'name', 'isActive', 'jsonContent']);
type ShopifyOption = Integration['shopifyOptions'][number];
/** The files a row keeps: its general image and its Shopify options' images. */
const imagesOf = (row: IntegrationRow): string[] => [
  ...(row.imagePath ? [row.imagePath] : []),
  ...((row.config.shopifyOptions as ShopifyOption[] | undefined) ?? []).flatMap((o) => (o.image ? [o.image] : [])),
];

@Injectable()
export class IntegrationsService {
  constructor(
    private readonly em: EntityManager,
    @Inject(MEDIA) private readonly media: Media,
    @Inject(CONNECTIONS) private readonly connections: Connections,
    @Inject(OUTBOUND_HTTP) private readonly outbound: OutboundHttp,
    @Inject(PLUGIN_CONTEXT) private readonly plugin: PluginContext,
    private readonly live: IntegrationsRealtime,
    private readonly remote: RemoteCalls,
  ) {}

  /** Newest first; the search looks at the name (and the id when it is a number); `googlesheets` means `googlesheets-auth` (§7). */
  async page(user: AuthUser, q: { searchParam: string; pageNumber: number; type?: string }): Promise<IntegrationPage> {
    const where: Record<string, unknown> = { companyId: user.companyId };
    if (q.type) where.type = q.type === 'googlesheets' ? 'googlesheets-auth' : q.type;
    if (q.searchParam) {
      const asId = /^\d{1,9}$/.test(q.searchParam) ? [{ id: Number(q.searchParam) }] : [];
      where.$or = [{ name: { $ilike: containsPattern(q.searchParam) } }, { type: { $ilike: containsPattern(q.searchParam) } }, ...asId];
    }
    const [rows, count] = await this.em.findAndCount(IntegrationEntity, where, {
      orderBy: { id: 'desc' },
      limit: INTEGRATIONS_PAGE_SIZE,
      offset: (q.pageNumber - 1) * INTEGRATIONS_PAGE_SIZE,
    });
    return { queueIntegrations: rows.map(toDto), count, hasMore: count > q.pageNumber * INTEGRATIONS_PAGE_SIZE };
  }

  async show(user: AuthUser, id: number): Promise<Integration> {
    return toDto(await this.find(user.companyId, id));
  }

  async create(user: AuthUser, input: IntegrationInput): Promise<Integration> {
    const type = typeOf(input.type);
    if (!type) throw AppError.validation([{ path: 'type', message: 'unknown_type' }]);
    const row = this.em.create(IntegrationEntity, {
      companyId: user.companyId,
      type: input.type,
      name: input.name,
      isActive: input.isActive ?? true,
      config: {},
      secret: null,
      imagePath: null,
    } as unknown as IntegrationRow);
    await this.apply(user.companyId, row, input);
    await this.em.flush();
    const dto = toDto(row);
    this.live.changed(user.companyId, 'create', dto);
    return dto;
  }

  /** Partial: only the fields sent change. */
  async update(user: AuthUser, id: number, input: IntegrationUpdate): Promise<Integration> {
    const row = await this.find(user.companyId, id);
    const before = imagesOf(row);
    await this.apply(user.companyId, row, input);
    await this.em.flush();
    // An option taken away (or its image cleared) leaves no file behind.
    const kept = new Set(imagesOf(row));
    for (const url of before) if (!kept.has(url)) await this.media.remove(user.companyId, url).catch(() => undefined);
    const dto = toDto(row);
    this.live.changed(user.companyId, 'update', dto);
    return dto;
  }

  async remove(user: AuthUser, id: number): Promise<void> {
    const row = await this.find(user.companyId, id);
    const images = imagesOf(row);
    await this.em.remove(row).flush();
    this.live.removed(user.companyId, id);
    for (const url of images) await this.media.remove(user.companyId, url).catch(() => undefined);
  }

  /** The image (Shopify's general image): checked and kept by the MEDIA port, replacing the previous one. */
  async attach(user: AuthUser, id: number, receive: () => Promise<ReceivedFile>): Promise<Integration> {
    const row = await this.find(user.companyId, id);
    const file = await receive();
    // Form field `optionId`: the image of that Shopify option (saved first, so it has its id), not the general one.
    const optionId = typeof file.fields?.optionId === 'string' ? file.fields.optionId : null;
    const options = (row.config.shopifyOptions as ShopifyOption[] | undefined) ?? [];
    const index = optionId === null ? -1 : options.findIndex((o) => String(o.id) === optionId);
    if (optionId !== null && index < 0) throw AppError.validation([{ path: 'optionId', message: 'not_found' }]);
    const stored = await this.media.store(user.companyId, { path: file.path, name: file.name, mimetype: file.mimetype });
    let previous: string | null;
    if (index >= 0) {
      previous = options[index]!.image ?? null;
      row.config = { ...row.config, shopifyOptions: options.map((o, i) => (i === index ? { ...o, image: stored.url } : o)) };
    } else {
      previous = row.imagePath ?? null;
      row.imagePath = stored.url;
      const caption = file.fields?.imageCaption;
      if (typeof caption === 'string') row.config = { ...row.config, imageCaption: caption.slice(0, 1000) };
    }
    await this.em.flush();
    if (previous) await this.media.remove(user.companyId, previous).catch(() => undefined);
    const dto = toDto(row);
    this.live.changed(user.companyId, 'update', dto);
    return dto;
  }

  async detach(user: AuthUser, id: number): Promise<Integration> {
    const row = await this.find(user.companyId, id);
    const previous = row.imagePath;
    row.imagePath = null;
    await this.em.flush();
    if (previous) await this.media.remove(user.companyId, previous).catch(() => undefined);
    const dto = toDto(row);
    this.live.changed(user.companyId, 'update', dto);
    return dto;
  }

  /** testSession (§7): the type's own test with the credentials as typed, nothing saved. */
  async testSession(user: AuthUser, body: { type: string; projectName: string; jsonContent: string; language: string }): Promise<TestSessionResult> {
    const type = typeOf(body.type);
    if (!type?.test) throw AppError.validation([{ path: 'type', message: 'no_test' }]);
    // A draft that is never saved: only what the type's test reads.
    const now = new Date();
    const draftRow = { id: 0, companyId: user.companyId, type: body.type, name: 'test', isActive: true, config: { projectName: body.projectName, language: body.language }, secret: null, imagePath: null, createdAt: now, updatedAt: now };
    const draft = { ...toDto(draftRow as unknown as IntegrationRow), secret: body.jsonContent };
    return type.test({ companyId: user.companyId, integration: draft, ...this.remote.tools(user.companyId) });
  }

  /** The outbound guard's verdict, so the dialog says at once why a URL is refused. */
  async checkUrl(url: string): Promise<{ ok: boolean; reason: string | null }> {
    try {
      await this.outbound.check(url);
      return { ok: true, reason: null };
    } catch (err) {
      if (err instanceof OutboundRefusedError) return { ok: false, reason: err.reason };
      throw err;
    }
  }

  async find(companyId: number, id: number): Promise<IntegrationRow> {
    const row = await this.em.findOne(IntegrationEntity, { id, companyId });
    if (!row) throw notFound();
    return row;
  }

  /**
   * Writes the sent fields onto the row, then checks the result as a whole: the common rules (zod in the
   * contract), the type's own schema, its URLs through the outbound guard, the connection and the flow
   * against the company.
   */
  private async apply(companyId: number, row: IntegrationRow, input: IntegrationInput | IntegrationUpdate): Promise<void> {
    const type = typeOf(row.type);
    if (!type) throw AppError.validation([{ path: 'type', message: 'unknown_type' }]);
    if (input.name !== undefined) row.name = input.name;
    if (input.isActive !== undefined) row.isActive = input.isActive;
    const config = { ...row.config };
    for (const [k, v] of Object.entries(input)) if (!COLUMNS.has(k) && v !== undefined) config[k] = v;
    if (input.shopifyOptions) {
      // Each option gets a lasting id (its image upload names it). An image must be one this integration
      // already keeps (uploaded through image-upload): never another file of the company, which removing the
      // option would then delete.
      const own = new Set(imagesOf(row));
      config.shopifyOptions = input.shopifyOptions.map((o) => ({ ...o, id: o.id ?? randomUUID() }));
      for (const [i, o] of input.shopifyOptions.entries()) {
        if (o.image && (!own.has(o.image) || !(await this.media.exists(companyId, o.image)))) throw AppError.validation([{ path: `shopifyOptions.${i}.image`, message: 'not_found' }]);
      }
    }
    // A stored credential never follows the integration to another address: changing one of its URLs
    // without sending the credential again drops it (else it could be sent to a host of one's choosing).
    const movedTo = (type.urlFields ?? []).some((f) => (input as Record<string, unknown>)[f as string] !== undefined && (input as Record<string, unknown>)[f as string] !== (row.config as Record<string, unknown>)[f as string]);
    if (movedTo && row.secret && (input.jsonContent === undefined || input.jsonContent === MASK)) row.secret = null;
    if (input.jsonContent !== undefined) {
      if (type.secretJson) {
        // The masked value coming back unchanged keeps the stored credential.
        if (input.jsonContent !== MASK) row.secret = input.jsonContent ? encrypt(await this.plugin.settings.globalSecret(CREDENTIALS_KEY), input.jsonContent) : null;
      } else config.jsonContent = input.jsonContent;
    }
    row.config = config;
    const dto = { ...toDto({ ...row, createdAt: row.createdAt ?? new Date(), updatedAt: row.updatedAt ?? new Date() } as IntegrationRow), hasSecret: !!row.secret };
    if (type.fields) {
      const checked = type.fields.safeParse(dto);
      if (!checked.success) throw AppError.validation(checked.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
    }
    for (const field of type.urlFields ?? []) {
      const url = dto[field];
      if (typeof url === 'string' && url) await this.outbound.check(url); // 400 ERR_OUTBOUND_URL_REFUSED with the reason
    }
    if (dto.whatsappId && !(await this.connections.get(companyId, dto.whatsappId))) throw AppError.validation([{ path: 'whatsappId', message: 'not_found' }]);
    // Flows (the integration's and its Shopify options'): the flow builder answers for them through the kernel's
    // binding registry (its field `flowId`).
    const flowRefs: [string, number][] = [
      ...(dto.flowId ? [['flowId', dto.flowId] as [string, number]] : []),
      ...dto.shopifyOptions.flatMap((o, i) => (o.flowId ? [[`shopifyOptions.${i}.flowId`, o.flowId] as [string, number]] : [])),
    ];
    if (flowRefs.length) {
      const flows = HANDLER_BINDINGS.all().find(({ contribution }) => contribution.field === 'flowId')?.contribution;
      for (const [path, flowId] of flowRefs) {
        if (!flows || !(await flows.exists(companyId, flowId))) throw AppError.validation([{ path, message: 'not_found' }]);
      }
    }
  }
}
