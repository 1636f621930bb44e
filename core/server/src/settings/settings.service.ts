import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  COMPANY_SETTINGS,
  GLOBAL_SETTINGS,
  SECRET_COMPANY_SETTINGS,
  readableCompanySettings,
  companySettingDefault,
  settingValueError,
  type CompanySettingKey,
} from '@atende/core-contract';
import { AppError, REALTIME, type AuthUser, type RealtimePublisher } from '@atende/sdk-server';
import { GlobalSettingSchema, SettingSchema, UserSchema } from '../database/entities.js';

type KV = { key: string; value: string };

@Injectable()
export class SettingsService {
  constructor(
    private readonly em: EntityManager,
    @Inject(REALTIME) private readonly realtime: RealtimePublisher,
  ) {}

  /** Every company option with its stored value or default (tenant filter scopes the rows). */
  async list(user: AuthUser): Promise<KV[]> {
    const rows = await this.em.find(SettingSchema, {});
    const stored = new Map(rows.map((r) => [r.key, r.value]));
    // Secret options (the asaas token) only for who may change settings.
    return readableCompanySettings(user).map((key) => ({ key, value: stored.get(key) ?? companySettingDefault(key) }));
  }

  async set(companyId: number, key: string, value: string): Promise<KV> {
    const error = settingValueError(COMPANY_SETTINGS, key, value);
    if (error === 'unknown_setting') throw AppError.notFound('ERR_NO_SETTING_FOUND');
    if (error) throw AppError.validation([{ path: 'value', message: error }], `${key}: ${value} is not allowed.`);
    const row = await this.em.findOne(SettingSchema, { key });
    if (row) row.value = value;
    else this.em.create(SettingSchema, { companyId, key: key as CompanySettingKey, value });
    await this.em.flush();
    const setting = { key, value };
    if (SECRET_COMPANY_SETTINGS.includes(key as CompanySettingKey)) {
      // A secret goes only to those who may read it: the company's admins (and a super user of it).
      const readers = await this.em.find(UserSchema, { $or: [{ profile: { $in: ['admin', 'super'] } }, { super: true }] }, { fields: ['id'] });
      for (const r of readers) this.realtime.toUser(r.id, 'settings', { action: 'update', setting });
    } else {
      this.realtime.toCompany(companyId, 'settings', { action: 'update', setting });
    }
    return setting;
  }

  async listGlobal(): Promise<KV[]> {
    const rows = await this.em.find(GlobalSettingSchema, {});
    const stored = new Map(rows.map((r) => [r.key, r.value]));
    return Object.entries(GLOBAL_SETTINGS).map(([key, values]) => ({ key, value: stored.get(key) ?? values[0] }));
  }

  async setGlobal(key: string, value: string): Promise<KV> {
    const error = settingValueError(GLOBAL_SETTINGS, key, value);
    if (error === 'unknown_setting') throw AppError.notFound('ERR_NO_SETTING_FOUND');
    if (error) throw AppError.validation([{ path: 'value', message: error }]);
    await this.em.upsert(GlobalSettingSchema, { key, value });
    return { key, value };
  }
}
