import { describe, expect, it, vi } from 'vitest';
import { CAMPAIGN_SETTINGS_DEFAULTS } from '@atende/plugin-campaigns-contract';
import { CampaignEngine } from './campaign.engine.js';

/** The engine on fakes: SQL answered by pattern, every statement recorded. */
function setup(opts: { late?: number; variant?: number; messages?: (string | null)[]; send?: () => Promise<{ messageId: number; ticketId: number }>; findSent?: unknown[] } = {}) {
  const at = Date.now() - (opts.late ?? 0);
  const shipping = { id: 3, company_id: 1, campaign_id: 2, number: '51999000111', name: 'Ana', email: '', is_whatsapp_valid: true, variant: opts.variant ?? 0, status: 'pending', scheduled_for: new Date(at), attempts: 0 };
  const [m1, m2, m3, m4, m5] = opts.messages ?? ['Hola {name}', null, null, null, null];
  const campaign = { id: 2, company_id: 1, status: 'EM_ANDAMENTO', whatsapp_id: 7, message1: m1, message2: m2, message3: m3, message4: m4, message5: m5, media_path: null, media_name: null };
  const sql: { sql: string; params: unknown[] }[] = [];
  const em: Record<string, unknown> = {
    fork: () => em,
    transactional: async (fn: (tx: unknown) => Promise<unknown>) => fn(em),
    getTransactionContext: () => undefined,
    getConnection: () => ({
      execute: async (text: string, params: unknown[]) => {
        sql.push({ sql: text, params });
        if (/from campaign_shipping where id = \? and company_id = \? for update/.test(text)) return [shipping];
        if (/from campaigns where id = \? and company_id = \? for share/.test(text)) return [campaign];
        return [];
      },
    }),
  };
  const found = [...(opts.findSent ?? [])];
  const messages = {
    sendToNumber: vi.fn(opts.send ?? (async () => ({ messageId: 30, ticketId: 40 }))),
    findSent: vi.fn(async () => (found.length ? found.shift() : null)),
    isOnWhatsApp: vi.fn(async () => true),
  };
  const engine = new CampaignEngine(
    em as never,
    {} as never,
    messages as never,
    {} as never,
    {} as never,
    { get: async () => ({ status: true, campaignsEnabled: true }), hasPlanFlag: async () => true } as never,
    {} as never,
    { get: async () => ({ ...CAMPAIGN_SETTINGS_DEFAULTS, messageInterval: 20 }) } as never,
    { progress: vi.fn(async () => undefined), changedById: vi.fn() } as never,
    { wake: vi.fn() } as never,
  );
  const updates = () => sql.filter((s) => /^\s*update campaign_shipping/.test(s.sql));
  return { engine, messages, sql, updates };
}

describe('campaign engine', () => {
  it('message events match the campaign of the correlation id too', async () => {
    const { engine, updates } = setup();
    await engine.onMessageEvent({ name: 'message.ack', companyId: 1, payload: { source: 'campaigns', correlationId: 'campaign-2-3', ack: -1, messageId: 30, ticketId: 40 } } as never);
    expect(updates()[0]!.sql).toContain('campaign_id = ?');
    expect(updates()[0]!.params).toEqual([3, 1, 2]);
  });
});
