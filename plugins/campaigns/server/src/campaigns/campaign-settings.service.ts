import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { CAMPAIGN_SETTINGS_DEFAULTS, campaignSettingsSchema, type CampaignSettings, type CampaignSettingsInput } from '@atende/plugin-campaigns-contract';
import { q } from './sql.js';

const KEYS = ['messageInterval', 'longerIntervalAfter', 'greaterInterval', 'variables'] as const;

/** The company's sending settings (§3: key/value pairs with JSON values), with the §9 defaults. */
@Injectable()
export class CampaignSettingsService {
  constructor(private readonly em: EntityManager) {}

  async get(companyId: number, em: EntityManager = this.em): Promise<CampaignSettings> {
    const rows = await q<{ key: string; value: unknown }>(em, `select key, value from campaign_settings where company_id = ?`, [companyId]);
    const merged: Record<string, unknown> = { ...CAMPAIGN_SETTINGS_DEFAULTS };
    for (const r of rows) if ((KEYS as readonly string[]).includes(r.key)) merged[r.key] = r.value;
    // A stored value that no longer passes (never written by this code) falls back to the default.
    const parsed = campaignSettingsSchema.safeParse(merged);
    return parsed.success ? parsed.data : { ...CAMPAIGN_SETTINGS_DEFAULTS };
  }

  /** Partial: only the keys sent change, all in one transaction. Duplicated variable keys keep the first (§5). */
  async save(companyId: number, input: CampaignSettingsInput['settings']): Promise<CampaignSettings> {
    const entries = Object.entries(input).filter(([, v]) => v !== undefined) as [string, unknown][];
    await this.em.fork().transactional(async (tx) => {
      for (const [key, raw] of entries) {
        let value = raw;
        if (key === 'variables') {
          const seen = new Set<string>();
          value = (raw as { key: string; value: string }[]).filter((v) => !seen.has(v.key) && seen.add(v.key));
        }
        await q(tx, `insert into campaign_settings (company_id, key, value) values (?, ?, ?::jsonb) on conflict (company_id, key) do update set value = excluded.value`, [
          companyId,
          key,
          JSON.stringify(value),
        ]);
      }
    });
    return this.get(companyId, this.em.fork());
  }
}
