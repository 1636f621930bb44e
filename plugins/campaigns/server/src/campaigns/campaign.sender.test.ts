import { describe, expect, it, vi } from 'vitest';
import { AppError } from '@atende/sdk-server';
import { CAMPAIGN_SETTINGS_DEFAULTS } from '@atende/plugin-campaigns-contract';
import { CampaignSender } from './campaign.sender.js';
import { SEND_ATTEMPTS } from './campaign.engine.js';

/** A statement's parameters with its JSON rows parsed. */
const params = (s: { params: unknown[] }) => s.params.map((p) => (typeof p === 'string' && p.startsWith('[') ? JSON.parse(p) : p));

type Answer = { messageId: number; ticketId: number; already: boolean } | { error: string };

/** The sender on fakes: SQL answered by pattern, every statement recorded. */
function setup(
  opts: {
    lock?: boolean;
    late?: number;
    attempts?: number;
    status?: string;
    variant?: number;
    messages?: (string | null)[];
    interval?: number;
    rows?: number;
    send?: (recipients: { number: string; body: string; correlationId: string }[]) => Promise<Answer[]>;
    findSent?: unknown;
  } = {},
) {
  const at = new Date(Date.now() - (opts.late ?? 0));
  const rows = Array.from({ length: opts.rows ?? 2 }, (_, i) => ({
    id: 3 + i,
    campaign_id: 2,
    number: `5199900011${i}`,
    name: `Ana ${i}`,
    email: '',
    is_whatsapp_valid: true,
    variant: opts.variant ?? 0,
    scheduled_for: at,
    attempts: opts.attempts ?? 0,
  }));
  const [m1, m2, m3, m4, m5] = opts.messages ?? ['Hola {name}', null, null, null, null];
  const campaign = { id: 2, company_id: 1, status: opts.status ?? 'EM_ANDAMENTO', whatsapp_id: 7, message1: m1, message2: m2, message3: m3, message4: m4, message5: m5, media_path: null, media_name: null };
  const sql: { sql: string; params: unknown[] }[] = [];
  const em: Record<string, unknown> = {
    fork: () => em,
    transactional: async (fn: (tx: unknown) => Promise<unknown>) => fn(em),
    getTransactionContext: () => undefined,
    getConnection: () => ({
      execute: async (text: string, params: unknown[]) => {
        sql.push({ sql: text, params });
        if (/pg_try_advisory_xact_lock/.test(text)) return [{ ok: opts.lock ?? true }];
        if (/^select id from \(/.test(text)) return rows.map((r) => ({ id: r.id }));
        if (/from campaign_shipping\s+where company_id = \? and id in/.test(text)) return rows;
        if (/from campaigns where company_id = \? and id in .* for share/.test(text)) return [campaign];
        return [];
      },
    }),
  };
  const messages = {
    sendToNumbers: vi.fn(async (_c: number, _w: number, recipients: { number: string; body: string; correlationId: string }[]) =>
      opts.send ? opts.send(recipients) : recipients.map((_, i): Answer => ({ messageId: 30 + i, ticketId: 40 + i, already: false })),
    ),
    findSent: vi.fn(async () => opts.findSent ?? null),
    isOnWhatsApp: vi.fn(async () => true),
  };
  const engine = {
    sendable: vi.fn(async () => undefined),
    arm: vi.fn(async () => 1),
    finishIfDone: vi.fn(async () => false),
    progress: vi.fn(),
  };
  const settings = { get: async () => ({ ...CAMPAIGN_SETTINGS_DEFAULTS, messageInterval: opts.interval ?? 20, ...(opts.interval === 0 ? { longerIntervalAfter: 0 } : {}) }) };
  const sender = new CampaignSender(em as never, messages as never, settings as never, engine as never, {} as never);
  const lane = { companyId: 1, whatsappId: 7, campaignIds: [2], limit: 10 };
  const updates = () => sql.filter((s) => /^\s*update campaign_shipping/.test(s.sql));
  return { sender, messages, engine, lane, sql, updates };
}

describe('campaign sender: one batch of a lane (issue 37 items 2–3)', () => {
  it('sends the lane’s due rows in one call and marks them sent in one statement', async () => {
    const { sender, messages, lane, updates, engine } = setup({ late: 1000 });
    expect(await sender.batch(lane)).toBe('done');
    expect(messages.sendToNumbers).toHaveBeenCalledTimes(1);
    expect(messages.sendToNumbers.mock.calls[0]![2]).toEqual([
      { number: '51999000110', name: 'Ana 0', body: 'Hola Ana 0', correlationId: 'campaign-2-3' },
      { number: '51999000111', name: 'Ana 1', body: 'Hola Ana 1', correlationId: 'campaign-2-4' },
    ]);
    expect(updates()).toHaveLength(1);
    expect(updates()[0]!.sql).toContain("status = 'sent'");
    expect(updates()[0]!.sql).toContain("s.status = 'pending'");
    expect(params(updates()[0]!)).toEqual([[{ id: 3, message: 'Hola Ana 0', message_id: 30, ticket_id: 40 }, { id: 4, message: 'Hola Ana 1', message_id: 31, ticket_id: 41 }], 1]);
    expect(engine.progress).toHaveBeenCalledWith(1, 2);
  });

  it('a full batch says more are due; a lane another process holds is left alone', async () => {
    const full = setup({ rows: 10 });
    expect(await full.sender.batch(full.lane)).toBe('more');
    const held = setup({ lock: false });
    expect(await held.sender.batch(held.lane)).toBe('busy');
    expect(held.messages.sendToNumbers).not.toHaveBeenCalled();
    expect(held.sql).toHaveLength(1);
  });

  it('rows of a campaign no longer running (cancelled) are never sent, even when picked', async () => {
    const { sender, messages, lane, updates } = setup({ status: 'CANCELADA' });
    await sender.batch(lane);
    expect(messages.sendToNumbers).not.toHaveBeenCalled();
    expect(updates()).toEqual([]);
  });

  it('the picking joins nothing but due pending rows, oldest first, and the rows are locked', async () => {
    const { sender, lane, sql } = setup();
    await sender.batch(lane);
    const pick = sql.find((s) => /^select id from \(/.test(s.sql))!;
    expect(pick.sql).toContain("status = 'pending' and scheduled_for <= now() order by scheduled_for, id limit ?");
    expect(sql.find((s) => /for update skip locked/.test(s.sql))).toBeTruthy();
  });

  it('a first try far behind its time (downtime) re-paces the campaign instead of sending; a retry or an interval of 0 sends', async () => {
    const late = setup({ late: 5 * 60_000 });
    await late.sender.batch(late.lane);
    expect(late.messages.sendToNumbers).not.toHaveBeenCalled();
    expect(late.engine.arm).toHaveBeenCalledWith(1, 2, { dueBefore: expect.any(Number) });
    const retry = setup({ late: 5 * 60_000, attempts: 2 });
    await retry.sender.batch(retry.lane);
    expect(retry.messages.sendToNumbers).toHaveBeenCalledTimes(1);
    const flat = setup({ late: 5 * 60_000, interval: 0 });
    await flat.sender.batch(flat.lane);
    expect(flat.messages.sendToNumbers).toHaveBeenCalledTimes(1);
    expect(flat.engine.arm).not.toHaveBeenCalled();
  });

  it('late rows of a campaign this process sent moments ago are a backlog (a slow process), sent in order, not re-paced', async () => {
    const { sender, messages, lane, engine } = setup();
    await sender.batch(lane); // on time: sent, and the campaign is marked as being sent by this process
    expect(messages.sendToNumbers).toHaveBeenCalledTimes(1);
    // The same sender (same campaign) now meets rows 5 minutes behind: it kept sending, so no downtime.
    const behind = setup({ late: 5 * 60_000 });
    (behind.sender as unknown as { lastSent: Map<number, number> }).lastSent = (sender as unknown as { lastSent: Map<number, number> }).lastSent;
    await behind.sender.batch(behind.lane);
    expect(behind.messages.sendToNumbers).toHaveBeenCalledTimes(1);
    expect(behind.engine.arm).not.toHaveBeenCalled();
    expect(engine.arm).not.toHaveBeenCalled();
  });

  it('a drawn variant emptied while cancelled: another non-empty message goes', async () => {
    const { sender, messages, lane } = setup({ variant: 1, messages: [null, null, 'Buenas {name}', null, null] });
    await sender.batch(lane);
    expect(messages.sendToNumbers.mock.calls[0]![2].map((r: { body: string }) => r.body)).toEqual(['Buenas Ana 0', 'Buenas Ana 1']);
  });

  it('a recipient the port refuses fails alone; the others are sent', async () => {
    const { sender, lane, updates, engine } = setup({ send: async () => [{ error: 'invalid_number' }, { messageId: 9, ticketId: 8, already: true }] });
    await sender.batch(lane);
    expect(updates().map(params)).toEqual([
      [[{ id: 4, message: 'Hola Ana 1', message_id: 9, ticket_id: 8 }], 1],
      [[{ id: 3, error: 'invalid_number' }], 1],
    ]);
    expect(engine.finishIfDone).toHaveBeenCalledWith(1, 2);
  });

  it('a failing call: retried later with backoff; on the last try failed, unless the message was stored after all', async () => {
    const boom = async (): Promise<Answer[]> => {
      throw new Error('timeout');
    };
    const first = setup({ send: boom });
    await first.sender.batch(first.lane);
    expect(first.updates()).toHaveLength(1);
    expect(first.updates()[0]!.sql).toContain('scheduled_for = now() + x.delay_ms');
    expect(params(first.updates()[0]!)).toEqual([[{ id: 3, error: 'timeout', delay_ms: 10_000 }, { id: 4, error: 'timeout', delay_ms: 10_000 }], 1]);
    const last = setup({ send: boom, attempts: SEND_ATTEMPTS - 1, findSent: { messageId: 31, ticketId: 41, whatsappId: 7, ack: 0 } });
    await last.sender.batch(last.lane);
    expect(last.updates()).toHaveLength(1);
    expect(last.updates()[0]!.sql).toContain("status = 'sent'");
    expect(params(last.updates()[0]!)).toEqual([[{ id: 3, message: null, message_id: 31, ticket_id: 41 }, { id: 4, message: null, message_id: 31, ticket_id: 41 }], 1]);
    const refused = setup({
      send: async () => {
        throw AppError.notFound('ERR_NO_WAPP_FOUND');
      },
    });
    await refused.sender.batch(refused.lane);
    expect(refused.updates()[0]!.sql).toContain("status = 'failed'");
    expect(params(refused.updates()[0]!)).toEqual([[{ id: 3, error: 'ERR_NO_WAPP_FOUND' }, { id: 4, error: 'ERR_NO_WAPP_FOUND' }], 1]);
  });
});
