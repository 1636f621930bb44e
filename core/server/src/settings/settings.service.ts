import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import {
  COMPANY_SETTINGS,
  GLOBAL_SETTINGS,
  GLOBAL_SETTING_FORMATS,
  type GlobalSettingKey,
  SECRET_COMPANY_SETTINGS,
  readableCompanySettings,
  companySettingDefault,
  settingValueError,
  type CompanySettingKey,
} from '@atende/core-contract';
import { can } from '@atende/core-contract';
import { AppError, REALTIME, type AuthUser, type PluginSetting, type RealtimePublisher, type Settings } from '@atende/sdk-server';
import { GlobalSettingSchema, SettingSchema } from './setting.entity.js';
import { UserSchema } from '../users/user.entity.js';
import { PluginRegistry } from '../plugins/plugin-registry.js';
import { CompanyPlanService } from '../platform/company-plan.service.js';
import { tenantEm } from '../tenancy/tenant-filter.js';
import { outsideChain } from '../inbound/chain-scope.js';
import { ChangeFeed } from '../database/change-feed.js';

type KV = { key: string; value: string };

/** A setting a plugin declared, with who declared it (its plan flag gates the company keys). */
interface Declared extends PluginSetting {
  planFlag?: string;
}

@Injectable()
export class SettingsService implements Settings {
  /** Settings plugins declared (issue 11 item 3), by key. */
  private readonly companyKeys = new Map<string, Declared>();
  private readonly globalKeys = new Map<string, Declared>();
  /** In-process readers of global values (the outbound guard's cache) told when one changes here. */
  private readonly globalListeners = new Set<(key: string) => void>();

  constructor(
    private readonly em: EntityManager,
    @Inject(REALTIME) private readonly realtime: RealtimePublisher,
    private readonly orm: MikroORM,
    private readonly plans: CompanyPlanService,
    registry: PluginRegistry,
    private readonly feed: ChangeFeed,
  ) {
    for (const { definition } of registry.plugins) {
      for (const [key, spec] of Object.entries(definition.settings?.company ?? {})) this.companyKeys.set(key, { ...spec, planFlag: definition.planFlag });
      for (const [key, spec] of Object.entries(definition.settings?.global ?? {})) this.globalKeys.set(key, spec);
    }
  }

  /** The plugin keys this company may use (its plan has their plugin's flag). */
  private async pluginKeysOf(companyId: number): Promise<[string, Declared][]> {
    if (!this.companyKeys.size) return [];
    const flags = (await this.plans.flagsOf(companyId)) as Record<string, boolean>;
    return [...this.companyKeys].filter(([, d]) => !d.planFlag || flags[d.planFlag]);
  }

  /** Every company option with its stored value or default (tenant filter scopes the rows). */
  async list(user: AuthUser): Promise<KV[]> {
    const rows = await this.em.find(SettingSchema, {});
    const stored = new Map<string, string>(rows.map((r) => [r.key, r.value]));
    // Secret options (the asaas token, a plugin's API key) only for who may change settings.
    const kernel = readableCompanySettings(user).map((key) => ({ key, value: stored.get(key) ?? companySettingDefault(key) }));
    const plugin = (await this.pluginKeysOf(user.companyId))
      .filter(([, d]) => !d.secret || can(user, 'settings:write'))
      .map(([key, d]) => ({ key, value: stored.get(key) ?? d.default }));
    return [...kernel, ...plugin];
  }

  async set(companyId: number, key: string, value: string): Promise<KV> {
    const declared = (await this.pluginKeysOf(companyId)).find(([k]) => k === key)?.[1];
    if (declared) {
      const checked = declared.schema.safeParse(value);
      if (!checked.success) throw AppError.validation(checked.error.issues.map((i) => ({ path: 'value', message: i.message })), `${key}: ${value} is not allowed.`);
    } else {
      const error = settingValueError(COMPANY_SETTINGS, key, value);
      if (error === 'unknown_setting') throw AppError.notFound('ERR_NO_SETTING_FOUND');
      if (error) throw AppError.validation([{ path: 'value', message: error }], `${key}: ${value} is not allowed.`);
    }
    return this.store(this.em, companyId, key, value, !!declared?.secret);
  }

  /** Writes a checked value in `em`'s company scope and tells the screens that may see it. */
  private async store(em: EntityManager, companyId: number, key: string, value: string, secret: boolean): Promise<KV> {
    // One statement: two first writes of a key at once must not collide on (company_id, key).
    await em.getConnection().execute(
      `insert into settings (company_id, key, value) values (?, ?, ?)
       on conflict (company_id, key) do update set value = excluded.value, updated_at = now()`,
      [companyId, key, value],
    );
    // This process's caches forget the company's settings at once (the others learn it from the trigger's NOTIFY).
    this.feed.changed('s', companyId);
    const setting = { key, value };
    if (SECRET_COMPANY_SETTINGS.includes(key as CompanySettingKey) || secret) {
      // A secret goes only to those who may read it: the company's admins (and a super user of it).
      const readers = await em.find(UserSchema, { $or: [{ profile: { $in: ['admin', 'super'] } }, { super: true }] }, { fields: ['id'] });
      for (const r of readers) this.realtime.toUser(r.id, 'settings', { action: 'update', setting });
    } else {
      this.realtime.toCompany(companyId, 'settings', { action: 'update', setting });
    }
    return setting;
  }

  async listGlobal(): Promise<KV[]> {
    const rows = await this.em.find(GlobalSettingSchema, {});
    const stored = new Map<string, string>(rows.map((r) => [r.key, r.value]));
    const kernel = Object.entries(GLOBAL_SETTINGS).map(([key, values]) => ({ key, value: stored.get(key) ?? values?.[0] ?? '' }));
    return [...kernel, ...[...this.globalKeys].map(([key, d]) => ({ key, value: stored.get(key) ?? d.default }))];
  }

  async setGlobal(key: string, value: string): Promise<KV> {
    const declared = this.globalKeys.get(key);
    if (declared) {
      const checked = declared.schema.safeParse(value);
      if (!checked.success) throw AppError.validation(checked.error.issues.map((i) => ({ path: 'value', message: i.message })));
    } else {
      const error = settingValueError(GLOBAL_SETTINGS, key, value) ?? GLOBAL_SETTING_FORMATS[key as GlobalSettingKey]?.(value) ?? null;
      if (error === 'unknown_setting') throw AppError.notFound('ERR_NO_SETTING_FOUND');
      if (error) throw AppError.validation([{ path: 'value', message: error }]);
    }
    await this.em.upsert(GlobalSettingSchema, { key, value });
    for (const fn of this.globalListeners) fn(key);
    return { key, value };
  }

  /**
   * Calls `fn` with the key of every global value changed through this process (other processes' caches
   * rely on their short lifetime). Answers the function that stops it.
   */
  onGlobalChange(fn: (key: string) => void): () => void {
    this.globalListeners.add(fn);
    return () => this.globalListeners.delete(fn);
  }

  // ---- the SDK's Settings port (server-side reads, outside requests too) ----

  async company(companyId: number, key: string): Promise<string> {
    const row = await tenantEm(this.orm, companyId).findOne(SettingSchema, { key: key as CompanySettingKey });
    if (row) return row.value;
    const declared = this.companyKeys.get(key);
    if (declared) return declared.default;
    if (key in COMPANY_SETTINGS) return companySettingDefault(key as CompanySettingKey);
    throw new Error(`Unknown company setting "${key}".`);
  }

  async setCompany(pluginId: string, companyId: number, key: string, value: string): Promise<void> {
    outsideChain('Settings.setCompany');
    // A plugin writes only keys it declared itself, for companies whose plan has its flag.
    if (!key.startsWith(`${pluginId}.`)) throw AppError.forbidden(`Plugin ${pluginId} may not write "${key}".`);
    const declared = (await this.pluginKeysOf(companyId)).find(([k]) => k === key)?.[1];
    if (!declared) throw AppError.notFound('ERR_NO_SETTING_FOUND');
    const checked = declared.schema.safeParse(value);
    if (!checked.success) throw AppError.validation(checked.error.issues.map((i) => ({ path: 'value', message: i.message })), `${key}: ${value} is not allowed.`);
    await this.store(tenantEm(this.orm, companyId), companyId, key, value, !!declared.secret);
  }

  async globalSecret(pluginId: string, key: string): Promise<string> {
    if (!key.startsWith(`${pluginId}.`) || !this.globalKeys.has(key)) throw new Error(`Plugin ${pluginId} declared no global setting "${key}".`);
    // One statement: a missing or empty value takes the candidate; a set one stays (row lock, so two
    // processes at once agree). The row is read back either way.
    const [row] = await this.orm.em
      .fork()
      .getConnection()
      .execute<{ value: string }[]>(
        `insert into global_settings (key, value, updated_at) values (?, ?, now())
         on conflict (key) do update set value = excluded.value, updated_at = now() where global_settings.value = ''
         returning value`,
        [key, randomBytes(32).toString('base64url')],
      );
    return row?.value ?? this.global(key);
  }

  async global(key: string): Promise<string> {
    const row = await this.orm.em.fork().findOne(GlobalSettingSchema, { key });
    if (row) return row.value;
    const declared = this.globalKeys.get(key);
    if (declared) return declared.default;
    // A free-text kernel key (null: no list of values) defaults to empty.
    if (key in GLOBAL_SETTINGS) return (GLOBAL_SETTINGS as Record<string, readonly string[] | null>)[key]?.[0] ?? '';
    throw new Error(`Unknown global setting "${key}".`);
  }
}
