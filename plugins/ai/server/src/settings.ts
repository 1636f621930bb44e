import { z } from 'zod';
import { PROMPT_MODELS } from '@atende/plugin-ai-contract';

/**
 * Platform settings (super user, /api/settings/global; the Credits tab edits them). The spec's keys are
 * `credit_cost_{name}` and `openai_api_key`; a plugin's keys carry its id, so they are `ai.credit_cost_…`.
 * The API key itself is not one of them: it is sealed in the plugin's own table (crypto.ts) and only
 * `hasApiKey` ever reaches a browser.
 */
export const SETTING_BASE_URL = 'ai.openai_base_url';
export const SETTING_MODEL = 'ai.openai_model';
/** Models a prompt may use on the platform's key (comma-separated; models/allowed-models.ts). */
export const SETTING_ALLOWED_MODELS = 'ai.allowed_models';
/** How long a customer waits for the model before the ticket goes to a human (ms). */
export const SETTING_ANSWER_TIMEOUT = 'ai.answer_timeout_ms';

/** Credit costs and their defaults (commercial-admin §9, the admin settings' set). */
export const COST_DEFAULTS = {
  gpt4o_message: 1,
  audio_transcription: 2,
  image_1024x1024_low: 5,
  image_1024x1024_medium: 6,
  image_1024x1024_high: 8,
  image_1024x1536_low: 8,
  image_1024x1536_medium: 10,
  image_1024x1536_high: 12,
  image_1536x1024_low: 8,
  image_1536x1024_medium: 10,
  image_1536x1024_high: 12,
} as const;
export type CostName = keyof typeof COST_DEFAULTS;
export const costKey = (name: CostName) => `ai.credit_cost_${name}`;

const count = z.string().regex(/^\d{1,6}$/, 'not_a_number');
const url = z.string().trim().max(500).refine((u) => {
  try {
    return ['http:', 'https:'].includes(new URL(u).protocol);
  } catch {
    return false;
  }
}, 'invalid_url');

/** The sealing key's fallback when the operator gives no ATENDE_AI_SECRET (generated once, see crypto.ts). */
export const SETTING_SEALING_KEY = 'ai.sealing_key';

/** Company option: transcribe every received voice note (commercial-admin: "optional automatic"). */
export const SETTING_AUTO_TRANSCRIBE = 'ai.auto_transcribe';

export const AI_SETTINGS = {
  company: {
    [SETTING_AUTO_TRANSCRIBE]: { schema: z.enum(['true', 'false']), default: 'false' },
  },
  global: {
    [SETTING_SEALING_KEY]: { schema: z.string().max(200), default: '', secret: true },
    [SETTING_BASE_URL]: { schema: url, default: 'https://api.openai.com/v1' },
    [SETTING_MODEL]: { schema: z.string().trim().min(1).max(100), default: 'gpt-3.5-turbo-1106' },
    [SETTING_ALLOWED_MODELS]: { schema: z.string().trim().max(1000).regex(/^[\w.:/-]+(\s*,\s*[\w.:/-]+)*$/, 'invalid_list'), default: PROMPT_MODELS.join(',') },
    [SETTING_ANSWER_TIMEOUT]: { schema: z.string().regex(/^\d{3,6}$/, 'not_a_number'), default: '30000' },
    ...Object.fromEntries(Object.entries(COST_DEFAULTS).map(([name, value]) => [costKey(name as CostName), { schema: count, default: String(value) }])),
  },
};
