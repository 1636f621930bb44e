// Apart from campaigns.ts (no zod here): the web turns the records back into its form's object.
import { CAMPAIGN_SETTINGS_DEFAULTS } from './limits.js';

/** The campaign setting keys, in the order GET /campaign-settings lists them (§3). */
export const CAMPAIGN_SETTING_KEYS = ['messageInterval', 'longerIntervalAfter', 'greaterInterval', 'variables'] as const;
export type CampaignSettingKey = (typeof CAMPAIGN_SETTING_KEYS)[number];

/** §3 "key/value pairs with JSON values": `value` is the setting's JSON text (`"20"`, `"[{\"key\":\"a\",\"value\":\"b\"}]"`). */
export interface CampaignSettingRecord {
  key: CampaignSettingKey;
  value: string;
}

type SettingsObject = typeof CAMPAIGN_SETTINGS_DEFAULTS;

/** The records of a settings object, every key listed. */
export function campaignSettingRecords(settings: SettingsObject): CampaignSettingRecord[] {
  return CAMPAIGN_SETTING_KEYS.map((key) => ({ key, value: JSON.stringify(settings[key]) }));
}

/** The settings object of records: unknown keys are skipped, a missing or unreadable value keeps its default. */
export function campaignSettingsOfRecords(records: readonly { key: string; value: string }[]): SettingsObject {
  const out: Record<string, unknown> = { ...CAMPAIGN_SETTINGS_DEFAULTS };
  for (const r of records) {
    if (!(CAMPAIGN_SETTING_KEYS as readonly string[]).includes(r.key)) continue;
    try {
      const v: unknown = JSON.parse(r.value);
      if (r.key === 'variables' ? Array.isArray(v) : typeof v === 'number') out[r.key] = v;
    } catch {
      // Not JSON: the default stays.
    }
  }
  return out as SettingsObject;
}
