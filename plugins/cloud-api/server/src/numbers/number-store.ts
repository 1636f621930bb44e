import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { PLUGIN_CONTEXT, type PluginContext } from '@atende/sdk-server';
import { SETTING_SEAL_KEY } from '../settings.js';
import { keyFrom, seal, unseal } from './seal.js';

/** A row of cloud_api_numbers (secrets still sealed). */
export interface NumberRow {
  id: number;
  company_id: number;
  whatsapp_id: number;
  phone_number_id: string;
  waba_id: string;
  access_token_enc: string;
  app_secret_enc: string;
  verify_token: string;
  webhook_key: string;
  created_at: Date;
}

/** A number with its secrets opened, for Graph calls and signature checks (never answered to a user). */
export interface OpenNumber {
  row: NumberRow;
  accessToken: string;
  appSecret: string;
}

/**
 * The plugin's own tables, in SQL (they are few and small). Every statement names the company, except
 * the two lookups a webhook needs before it knows one (by its unguessable key) and the provider's (by
 * the connection the kernel hands it, with its company).
 */
@Injectable()
export class NumberStore {
  private key?: Promise<Buffer>;

  constructor(
    private readonly em: EntityManager,
    @Inject(PLUGIN_CONTEXT) private readonly plugin: PluginContext,
  ) {}

  private exec<T = Record<string, unknown>>(sql: string, params: unknown[]): Promise<T[]> {
    return this.em.fork().getConnection().execute(sql, params) as Promise<T[]>;
  }

  private sealKey(): Promise<Buffer> {
    this.key ??= this.plugin.settings.globalSecret(SETTING_SEAL_KEY).then(keyFrom);
    this.key.catch(() => (this.key = undefined));
    return this.key;
  }

  async sealSecret(plain: string): Promise<string> {
    return seal(await this.sealKey(), plain);
  }

  async open(row: NumberRow): Promise<OpenNumber> {
    const key = await this.sealKey();
    return { row, accessToken: unseal(key, row.access_token_enc), appSecret: unseal(key, row.app_secret_enc) };
  }

  async list(companyId: number): Promise<NumberRow[]> {
    return this.exec<NumberRow>(`select * from cloud_api_numbers where company_id = ? order by id`, [companyId]);
  }

  async get(companyId: number, id: number): Promise<NumberRow | undefined> {
    return (await this.exec<NumberRow>(`select * from cloud_api_numbers where company_id = ? and id = ?`, [companyId, id]))[0];
  }

  async byConnection(companyId: number, whatsappId: number): Promise<NumberRow | undefined> {
    return (await this.exec<NumberRow>(`select * from cloud_api_numbers where company_id = ? and whatsapp_id = ?`, [companyId, whatsappId]))[0];
  }

  /** The webhook's lookup: the key in the URL is the only thing that names the number. */
  async byWebhookKey(key: string): Promise<NumberRow | undefined> {
    return (await this.exec<NumberRow>(`select * from cloud_api_numbers where webhook_key = ?`, [key]))[0];
  }

  async insert(r: Omit<NumberRow, 'id' | 'created_at'>): Promise<NumberRow> {
    const [row] = await this.exec<NumberRow>(
      `insert into cloud_api_numbers (company_id, whatsapp_id, phone_number_id, waba_id, access_token_enc, app_secret_enc, verify_token, webhook_key)
       values (?, ?, ?, ?, ?, ?, ?, ?) returning *`,
      [r.company_id, r.whatsapp_id, r.phone_number_id, r.waba_id, r.access_token_enc, r.app_secret_enc, r.verify_token, r.webhook_key],
    );
    return row;
  }

  /** Partial: only the given columns change. */
  async update(companyId: number, id: number, set: Partial<Pick<NumberRow, 'phone_number_id' | 'waba_id' | 'access_token_enc' | 'app_secret_enc'>>): Promise<NumberRow | undefined> {
    const cols = Object.entries(set).filter(([, v]) => v !== undefined);
    if (!cols.length) return this.get(companyId, id);
    const [row] = await this.exec<NumberRow>(
      `update cloud_api_numbers set ${cols.map(([k]) => `${k} = ?`).join(', ')}, updated_at = now() where company_id = ? and id = ? returning *`,
      [...cols.map(([, v]) => v), companyId, id],
    );
    return row;
  }

  /** The customer wrote at `at`: the window moves forward only (a late, older webhook never shortens it). */
  async touchWindow(companyId: number, whatsappId: number, waId: string, at: Date): Promise<void> {
    await this.exec(
      `insert into cloud_api_windows (company_id, whatsapp_id, wa_id, last_inbound_at) values (?, ?, ?, ?)
       on conflict (whatsapp_id, wa_id) do update set last_inbound_at = greatest(cloud_api_windows.last_inbound_at, excluded.last_inbound_at)`,
      [companyId, whatsappId, waId, at],
    );
  }

  async lastInbound(companyId: number, whatsappId: number, waId: string): Promise<Date | null> {
    const [row] = await this.exec<{ last_inbound_at: Date }>(
      `select last_inbound_at from cloud_api_windows where company_id = ? and whatsapp_id = ? and wa_id = ?`,
      [companyId, whatsappId, waId],
    );
    return row ? new Date(row.last_inbound_at) : null;
  }

  async insertTemplateSend(companyId: number, whatsappId: number, t: { name: string; language: string; parameters: string[] }): Promise<number> {
    const [row] = await this.exec<{ id: number }>(
      `insert into cloud_api_template_sends (company_id, whatsapp_id, name, language, parameters) values (?, ?, ?, ?, ?::jsonb) returning id`,
      [companyId, whatsappId, t.name, t.language, JSON.stringify(t.parameters)],
    );
    return row.id;
  }

  async templateSend(companyId: number, whatsappId: number, id: number): Promise<{ name: string; language: string; parameters: string[] } | undefined> {
    const [row] = await this.exec<{ name: string; language: string; parameters: string[] }>(
      `select name, language, parameters from cloud_api_template_sends where company_id = ? and whatsapp_id = ? and id = ?`,
      [companyId, whatsappId, id],
    );
    return row;
  }
}
