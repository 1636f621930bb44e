import { Inject, Injectable } from '@nestjs/common';
import OpenAI from 'openai';
import { COMPANIES, OUTBOUND_HTTP, PLUGIN_CONTEXT, TENANCY, type Companies, type OutboundHttp, type PluginContext, type Tenancy } from '@atende/sdk-server';
import { SecretEntity } from '../entities.js';
import { seal, unseal } from '../crypto.js';
import { SETTING_ALLOWED_MODELS, SETTING_ANSWER_TIMEOUT, SETTING_BASE_URL, SETTING_MODEL, SETTING_SEALING_KEY } from '../settings.js';
import { modelNotAllowed, parseModels, usesPlatformKey } from '../models/allowed-models.js';

/** Where a call goes: a prompt's own server and key, else the platform's. */
export interface ModelServer {
  baseUrl: string;
  apiKey: string;
  model: string;
}

export const GLOBAL_KEY = 'openai_api_key';

/**
 * The one place an OpenAI client is made: any OpenAI-compatible server (the platform's setting or a
 * prompt's own), always through the SDK's outbound guard (https only, no private addresses unless the
 * operator allows them, no redirects, time and size limits), never assuming the real host.
 */
@Injectable()
export class OpenAiProvider {
  constructor(
    @Inject(OUTBOUND_HTTP) private readonly outbound: OutboundHttp,
    @Inject(PLUGIN_CONTEXT) private readonly plugin: PluginContext,
    @Inject(TENANCY) private readonly tenancy: Tenancy,
    @Inject(COMPANIES) private readonly companies: Companies,
  ) {}

  client(server: ModelServer, timeoutMs = 60_000): OpenAI {
    const outbound = this.outbound;
    return new OpenAI({
      apiKey: server.apiKey,
      baseURL: server.baseUrl,
      timeout: timeoutMs,
      // The client retries on its own; a retry is ours to decide (credits were debited once).
      maxRetries: 0,
      fetch: ((input: string | URL | Request, init?: RequestInit) => outbound.fetch(input, { ...init, timeoutMs, maxBytes: 25 * 1024 * 1024 })) as typeof fetch,
    });
  }

  /**
   * The platform's server, or the prompt's own key/base URL over it. The platform's key goes only to
   * the platform's base URL: a prompt with its own server uses its own key (or none), so no tenant can
   * point the platform's key at a host it controls.
   */
  async server(own?: { apiKeySealed?: string | null; baseUrl?: string | null; model?: string | null }): Promise<ModelServer> {
    // Checked again at each call: the super user may have narrowed the list since the prompt was saved.
    if (own?.model && usesPlatformKey(own)) await this.checkModel(own.model);
    const baseUrl = own?.baseUrl || (await this.plugin.settings.global(SETTING_BASE_URL));
    const model = own?.model || (await this.plugin.settings.global(SETTING_MODEL));
    const apiKey = own?.apiKeySealed ? await this.open(own.apiKeySealed) : own?.baseUrl ? null : await this.globalKey();
    return { baseUrl, apiKey: apiKey ?? '', model };
  }

  /** The models a prompt may name on the platform's key (`ai.allowed_models`). */
  async allowedModels(): Promise<string[]> {
    return parseModels(await this.plugin.settings.global(SETTING_ALLOWED_MODELS));
  }

  /** 400 ERR_VALIDATION `model_not_allowed` unless `model` is on the list. */
  async checkModel(model: string): Promise<void> {
    const allowed = await this.allowedModels();
    if (!allowed.includes(model)) throw modelNotAllowed(model, allowed);
  }

  /** How long an answer may take (ms) before the conversation goes to a person. */
  async timeout(): Promise<number> {
    return Number(await this.plugin.settings.global(SETTING_ANSWER_TIMEOUT)) || 30_000;
  }

  async seal(plain: string): Promise<string> {
    return seal(plain, await this.sealingSecret());
  }

  async open(sealed: string): Promise<string | null> {
    try {
      return unseal(sealed, await this.sealingSecret());
    } catch {
      return null;
    }
  }

  /** The platform's key, or null. */
  async globalKey(): Promise<string | null> {
    const platform = await this.platformId();
    const row = await this.tenancy.forCompany(platform, (em) => em.findOne(SecretEntity, { companyId: platform, key: GLOBAL_KEY }));
    return row ? this.open(row.sealed) : null;
  }

  async setGlobalKey(value: string | null): Promise<void> {
    const platform = await this.platformId();
    const sealed = value ? await this.seal(value) : null;
    await this.tenancy.forCompany(platform, async (em) => {
      if (sealed) await em.upsert(SecretEntity, { companyId: platform, key: GLOBAL_KEY, sealed, updatedAt: new Date() });
      else await em.nativeDelete(SecretEntity, { companyId: platform, key: GLOBAL_KEY });
    });
  }

  /** The platform company never changes: looked up once. */
  private platform?: Promise<number>;
  private platformId(): Promise<number> {
    this.platform ??= this.companies.list({}).then((all) => {
      const platform = all.find((c) => c.isPlatform);
      if (!platform) throw new Error('No platform company.');
      return platform.id;
    });
    return this.platform.catch((err: unknown) => {
      this.platform = undefined;
      throw err;
    });
  }

  private async sealingSecret(): Promise<string> {
    return process.env.ATENDE_AI_SECRET || (await this.plugin.settings.globalSecret(SETTING_SEALING_KEY));
  }
}
