import { describe, expect, it, vi } from 'vitest';
import type { Job } from 'bullmq';
import { CAMPAIGN_SETTINGS_DEFAULTS } from '@atende/plugin-campaigns-contract';
import { CampaignEngine, SEND_ATTEMPTS, type SendJob } from './campaign.engine.js';

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
  );
  const arm = vi.spyOn(engine, 'arm').mockResolvedValue(1);
  const job = (attemptsMade = 0) => ({ data: { companyId: 1, campaignId: 2, shippingId: 3, at }, attemptsMade, opts: { attempts: SEND_ATTEMPTS } }) as unknown as Job<SendJob>;
  const updates = () => sql.filter((s) => /^\s*update campaign_shipping/.test(s.sql));
  return { engine, messages, arm, job, sql, updates };
}

describe('campaign send job', () => {
  it('sends a job on time', async () => {
    const { engine, messages, arm, job, updates } = setup({ late: 1000 });
    await engine.process(job());
    expect(messages.sendToNumber).toHaveBeenCalledTimes(1);
    expect(arm).not.toHaveBeenCalled();
    expect(updates().at(-1)!.sql).toContain("status = 'sent'");
  });

  it('a first try far behind its time (downtime) re-paces the overdue rows instead of sending', async () => {
    const { engine, messages, arm, job, updates } = setup({ late: 5 * 60_000 });
    await engine.process(job());
    expect(messages.sendToNumber).not.toHaveBeenCalled();
    expect(updates()).toEqual([]);
    expect(arm).toHaveBeenCalledWith(1, 2, { dueBefore: expect.any(Number) });
  });

  it('a retry is not taken for a late first try', async () => {
    const { engine, messages, arm, job } = setup({ late: 5 * 60_000 });
    await engine.process(job(2));
    expect(messages.sendToNumber).toHaveBeenCalledTimes(1);
    expect(arm).not.toHaveBeenCalled();
  });

  it('a drawn variant emptied while cancelled: another non-empty message goes', async () => {
    const { engine, messages, job } = setup({ variant: 1, messages: [null, null, 'Buenas {name}', null, null] });
    await engine.process(job());
    expect(messages.sendToNumber).toHaveBeenCalledWith(1, expect.anything(), expect.objectContaining({ body: 'Buenas Ana' }));
  });

  it('the last try failing but the message stored after all: the row is sent, not failed', async () => {
    const { engine, messages, job, updates } = setup({
      send: async () => {
        throw new Error('timeout');
      },
      findSent: [null, { messageId: 31, ticketId: 41, whatsappId: 7, ack: 0 }],
    });
    await engine.process(job(SEND_ATTEMPTS - 1));
    expect(messages.findSent).toHaveBeenCalledTimes(2);
    expect(updates()).toHaveLength(1);
    expect(updates()[0]!.sql).toContain("status = 'sent'");
    expect(updates()[0]!.params.slice(0, 2)).toEqual([31, 41]);
  });

  it('the worker failing a job for good (out of tries outside the catch) fails its row if still armed for that job', async () => {
    const { engine, job, updates } = setup();
    const j = job(SEND_ATTEMPTS);
    await engine.onSendFailed(j, new Error('connection reset'));
    expect(updates()).toHaveLength(1);
    expect(updates()[0]!.sql).toMatch(/status = 'failed'.*status = 'pending'\s+and scheduled_for = /s);
    expect(updates()[0]!.params).toEqual(['connection reset', 3, 1, 2, j.data.at]);
    // Not out of tries yet: nothing.
    const other = setup();
    await other.engine.onSendFailed(other.job(1), new Error('x'));
    expect(other.updates()).toEqual([]);
  });

  it('message events match the campaign of the correlation id too', async () => {
    const { engine, updates } = setup();
    await engine.onMessageEvent({ name: 'message.ack', companyId: 1, payload: { source: 'campaigns', correlationId: 'campaign-2-3', ack: -1, messageId: 30, ticketId: 40 } } as never);
    expect(updates()[0]!.sql).toContain('campaign_id = ?');
    expect(updates()[0]!.params).toEqual([3, 1, 2]);
  });
});
