import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromWallTime, wallTime } from '../src/campaigns/campaign.dto.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { Queue } from 'bullmq';
import {
  SUPER,
  TENANT_PASSWORD,
  client,
  createDatabase,
  eventually,
  pause,
  queryDb,
  sandbox,
  startServer,
  twoCompanies,
  unservedEndpoints,
  type RunningServer,
} from '@atende/sdk-server/testing';
import { CAMPAIGN_ENDPOINTS, CAMPAIGN_SETTINGS_ENDPOINTS, campaignSettingsOfRecords, type Campaign, type CampaignProgressEvent } from '@atende/plugin-campaigns-contract';
import { CampaignSettingsController, CampaignsController } from '../src/campaigns/campaigns.controller.js';

/**
 * Campaigns, their settings and the sending engine against the real kernel, PostgreSQL, Redis and the
 * sandbox connection. Alone:
 * npx vitest run --config tooling/vitest.config.ts --project integration plugins/campaigns/server/test/campaigns.test.ts
 */

/** A wall time in the company's zone (the server's BUSINESS_TIMEZONE), as the form sends it. */
const wall = (d: Date) => wallTime(d)!;
const inMinutes = (m: number) => wall(new Date(Date.now() + m * 60_000));

describe('campaigns', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let api: ReturnType<typeof client>;
  let admin: string;
  let otherAdmin: string;
  let companyId: number;
  let otherId: number;
  let wa: number;
  let otherWa: number;
  let dataDir: string;
  const sockets: Socket[] = [];

  const boot = async () => {
    // The sweep every second (30 s in production), so lost jobs come back within the test.
    server = await startServer({ databaseUrl: db.url, dataDir, env: { CAMPAIGNS_SWEEP_MS: '1000' } });
    api = client(server.url);
  };
  /** A list of `n` people numbered from `base` (plus `invalid` numbers the sandbox network does not know), written straight to the table. */
  const list = async (name: string, n: number, base: number, invalid = 0, company = companyId) => {
    const [l] = await queryDb(db.url, `insert into contact_lists (company_id, name) values ($1, $2) returning id`, [company, name]);
    await queryDb(
      db.url,
      `insert into contact_list_items (company_id, contact_list_id, name, number)
       select $1, $2, 'Persona ' || g, ($3::bigint + g)::text from generate_series(1, $4) g`,
      [company, l.id, base, n],
    );
    if (invalid) {
      await queryDb(
        db.url,
        `insert into contact_list_items (company_id, contact_list_id, name, number) select $1, $2, 'Nadie ' || g, '000' || lpad(g::text, 8, '0') from generate_series(1, $3) g`,
        [company, l.id, invalid],
      );
    }
    return l.id as number;
  };
  const create = async (body: object, token = admin) => {
    const r = await api.post<Campaign>('/api/campaigns', body, token);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body;
  };
  const show = async (id: number) => (await api.get<Campaign>(`/api/campaigns/${id}`, admin)).body;
  const finished = (id: number, timeoutMs = 120_000) => eventually(async () => ((await show(id)).status === 'FINALIZADA' ? show(id) : null), timeoutMs);
  /** Messages the sandbox phone got per number, for numbers starting with `prefix`. */
  const outboxCounts = async (prefix: string) =>
    (await queryDb(db.url, `select to_number, count(*)::int as n from sandbox_outbox where whatsapp_id = $1 and to_number like $2 group by to_number`, [wa, `${prefix}%`])) as {
      to_number: string;
      n: number;
    }[];
  const storedSends = async (campaignId: number) =>
    (await queryDb(db.url, `select count(*)::int as n from messages where source = 'campaigns' and correlation_id like $1 and not is_deleted`, [`campaign-${campaignId}-%`]))[0].n as number;
  /** The campaign ends FINALIZADA with all `n` delivered, each number (starting with `prefix`) messaged exactly once. */
  const sentOnceEach = async (campaignId: number, n: number, prefix: string, timeoutMs?: number) => {
    const done = await finished(campaignId, timeoutMs);
    expect(done.progress).toMatchObject({ total: n, delivered: n, failed: 0 });
    const counts = await outboxCounts(prefix);
    expect(counts).toHaveLength(n);
    expect(counts.every((r) => r.n === 1)).toBe(true);
    expect(await storedSends(campaignId)).toBe(n);
  };

  /** The plugin's send queue in this test database's Redis namespace. */
  const queueOf = (name: string) => {
    const redis = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
    return new Queue(name, { connection: { host: redis.hostname, port: Number(redis.port || 6379) }, prefix: `atende:${db.name}` });
  };
  const sendQueue = () => queueOf('campaigns-send');
  /** The send jobs of a campaign still queued (waiting or delayed). */
  const queuedJobs = async (campaignId: number) => {
    const queue = sendQueue();
    try {
      const jobs = await queue.getJobs(['waiting', 'delayed', 'prioritized']);
      return jobs.filter((j) => j?.data?.campaignId === campaignId).length;
    } finally {
      await queue.close();
    }
  };
  const pendingRows = async (campaignId: number) =>
    (await queryDb(db.url, `select count(*)::int as n from campaign_shipping where campaign_id = $1 and status = 'pending'`, [campaignId]))[0].n as number;

  beforeAll(async () => {
    db = await createDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), 'atende-campaigns-'));
    await boot();
    ({ admin, companyId } = await twoCompanies(api));
    const otra = await api.login('admin@otra.test', TENANT_PASSWORD);
    otherAdmin = otra.token;
    otherId = otra.user.companyId;
    wa = await sandbox(api, admin).connect('Sandbox campañas');
    otherWa = await sandbox(api, otherAdmin).connect('Sandbox ajeno');
    // Tiny intervals (seconds): 10 ms between messages, 50 ms after every 20th.
    const saved = await api.post('/api/campaign-settings', { settings: { messageInterval: 0.01, longerIntervalAfter: 20, greaterInterval: 0.05 } }, admin);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }, 120_000);
  afterAll(async () => {
    for (const s of sockets) s.close();
    await server?.stop();
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves every endpoint its contract declares', () => {
    expect(unservedEndpoints([CampaignsController, CampaignSettingsController], { campaigns: CAMPAIGN_ENDPOINTS, settings: CAMPAIGN_SETTINGS_ENDPOINTS })).toEqual([]);
  });

  it('settings: key/value records with JSON values (§3), §9 defaults, partial saves, duplicated variable keys dropped, validation', async () => {
    const fresh = await api.get('/api/campaign-settings', otherAdmin);
    expect(fresh.body).toEqual([
      { key: 'messageInterval', value: '20' },
      { key: 'longerIntervalAfter', value: '20' },
      { key: 'greaterInterval', value: '60' },
      { key: 'variables', value: '[]' },
    ]);
    const saved = await api.post(
      '/api/campaign-settings',
      { settings: { variables: [{ key: 'tienda', value: 'Mi Tienda' }, { key: 'tienda', value: 'otra' }, { key: 'web', value: 'x.pe' }] } },
      otherAdmin,
    );
    const variables = [{ key: 'tienda', value: 'Mi Tienda' }, { key: 'web', value: 'x.pe' }];
    expect(saved.body).toEqual([...fresh.body.slice(0, 3), { key: 'variables', value: JSON.stringify(variables) }]);
    expect(campaignSettingsOfRecords((await api.get('/api/campaign-settings', otherAdmin)).body)).toEqual({ messageInterval: 20, longerIntervalAfter: 20, greaterInterval: 60, variables });
    const bad = await api.post('/api/campaign-settings', { settings: { messageInterval: -1, greaterInterval: 500 } }, otherAdmin);
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((d: { path: string }) => d.path).sort()).toEqual(['settings.greaterInterval', 'settings.messageInterval']);
    // Each company has its own.
    expect((await api.get('/api/campaign-settings', admin)).body).toContainEqual({ key: 'messageInterval', value: '0.01' });
  });

  it('validates the form (§5) and what a scheduled campaign needs', async () => {
    const short = await api.post('/api/campaigns', { name: 'A' }, admin);
    expect(short.status).toBe(400);
    expect(short.body.details).toEqual([expect.objectContaining({ path: 'name', message: 'too_short' })]);
    const fields = await api.post('/api/campaigns', { name: 'Campaña', maxContacts: 0, scheduledAt: '2030-01-01T10:00', recipientType: 'x' }, admin);
    expect(fields.body.details.map((d: { path: string; message: string }) => `${d.path}:${d.message}`).sort()).toEqual([
      'maxContacts:too_small',
      'recipientType:invalid',
      'scheduledAt:invalid_date',
    ]);
    expect((await api.post('/api/campaigns', { name: 'Campaña', maxContacts: 10001 }, admin)).body.details[0].message).toBe('too_big');
    // A draft needs only its name; "" and "none" are null, and maxContacts is parsed as an integer.
    const draft = await create({ name: 'Borrador', tagId: 'none', contactListId: '', maxContacts: '25', scheduledAt: '' });
    expect(draft).toMatchObject({ status: 'INATIVA', tagId: null, contactListId: null, maxContacts: 25, scheduleType: null, scheduledAt: null });
    const notReady = await api.post('/api/campaigns', { name: 'Sin datos', scheduleType: 'schedule' }, admin);
    expect(notReady.status).toBe(400);
    expect(notReady.body.details.map((d: { path: string; message: string }) => `${d.path}:${d.message}`).sort()).toEqual([
      'contactListId:required',
      'message1:required',
      'scheduledAt:required',
      'whatsappId:required',
    ]);
    const listId = await list('Validación', 1, 51900000000);
    const past = await api.post('/api/campaigns', { name: 'Pasada', message1: 'Hola', whatsappId: wa, contactListId: listId, scheduleType: 'schedule', scheduledAt: inMinutes(-5) }, admin);
    expect(past.body.details).toEqual([expect.objectContaining({ path: 'scheduledAt', message: 'in_past' })]);
  });

  it("checks every id against the company: another company's list, tag, connection or campaign is not found", async () => {
    const foreignList = await list('Ajena', 1, 51911000000, 0, otherId);
    const foreignTag = (await api.post('/api/tags', { name: 'Ajena', color: '#123456', kanban: 0 }, otherAdmin)).body.id as number;
    const base = { name: 'Cruzada', message1: 'Hola' };
    const l = await api.post('/api/campaigns', { ...base, contactListId: foreignList }, admin);
    expect([l.status, l.body.error]).toEqual([404, 'ERR_NO_CONTACT_LIST_FOUND']);
    for (const field of ['tagId', 'addTagId', 'removeTagId']) {
      const t = await api.post('/api/campaigns', { ...base, recipientType: 'tags', [field]: foreignTag }, admin);
      expect([field, t.status, t.body.error]).toEqual([field, 404, 'ERR_NO_TAG_FOUND']);
    }
    const w = await api.post('/api/campaigns', { ...base, whatsappId: otherWa }, admin);
    expect([w.status, w.body.error]).toEqual([404, 'ERR_NO_WAPP_FOUND']);
    const theirs = await create({ name: 'De Otra' }, otherAdmin);
    for (const r of [
      await api.get(`/api/campaigns/${theirs.id}`, admin),
      await api.put(`/api/campaigns/${theirs.id}`, { name: 'Mía' }, admin),
      await api.post(`/api/campaigns/${theirs.id}/cancel`, {}, admin),
      await api.post(`/api/campaigns/${theirs.id}/restart`, {}, admin),
      await api.del(`/api/campaigns/${theirs.id}`, admin),
    ]) {
      expect([r.status, r.body.error]).toEqual([404, 'ERR_NO_CAMPAIGN_FOUND']);
    }
    const mine = await create({ name: 'Mía' });
    const edited = await api.put(`/api/campaigns/${mine.id}`, { contactListId: foreignList }, admin);
    expect(edited.body.error).toBe('ERR_NO_CONTACT_LIST_FOUND');
    // The list shows only the company's own.
    const page = (await api.get('/api/campaigns', otherAdmin)).body;
    expect(page.records.map((c: Campaign) => c.name)).toEqual(['De Otra']);
    expect((await queryDb(db.url, `select name from campaigns where id = $1`, [theirs.id]))[0].name).toBe('De Otra');
  });

  it('§4 editability: drafts and campaigns over an hour away edit freely; closer ones are read-only; cancel/restart only from their states', async () => {
    const listId = await list('Editables', 2, 51922000000);
    const later = await create({ name: 'Más tarde', message1: 'Hola', whatsappId: wa, contactListId: listId, scheduleType: 'schedule', scheduledAt: inMinutes(180) });
    expect(later).toMatchObject({ status: 'PROGRAMADA', confirmNow: null, contactList: { id: listId, name: 'Editables' }, whatsapp: { id: wa } });
    // Partial: only the name changes; tags clear the list.
    const renamed = await api.put(`/api/campaigns/${later.id}`, { name: 'Renombrada' }, admin);
    expect(renamed.body).toMatchObject({ name: 'Renombrada', message1: 'Hola', contactListId: listId, status: 'PROGRAMADA' });
    const soon = await api.put(`/api/campaigns/${later.id}`, { scheduledAt: inMinutes(30) }, admin);
    expect(soon.body).toMatchObject({ status: 'PROGRAMADA' });
    const locked = await api.put(`/api/campaigns/${later.id}`, { name: 'Otra vez' }, admin);
    expect([locked.status, locked.body.error]).toEqual([409, 'ERR_CAMPAIGN_NOT_EDITABLE']);
    expect((await api.post(`/api/campaigns/${later.id}/cancel`, {}, admin)).body.error).toBe('ERR_CAMPAIGN_INVALID_STATUS');
    expect((await api.post(`/api/campaigns/${later.id}/restart`, {}, admin)).body.error).toBe('ERR_CAMPAIGN_INVALID_STATUS');
    const draft = await create({ name: 'Tipo', contactListId: listId });
    const toTags = await api.put(`/api/campaigns/${draft.id}`, { recipientType: 'tags' }, admin);
    expect(toTags.body).toMatchObject({ recipientType: 'tags', contactListId: null, status: 'INATIVA' });
    expect((await api.del(`/api/campaigns/${draft.id}`, admin)).status).toBe(204);
    expect((await api.get(`/api/campaigns/${draft.id}`, admin)).status).toBe(404);
  });

  it('a 200-recipient campaign delivers exactly 200 messages, paced, with a variant and variables per contact, live progress and FINALIZADA', async () => {
    await api.post('/api/campaign-settings', { settings: { variables: [{ key: 'tienda', value: 'Bodega Sol' }] } }, admin);
    const listId = await list('Doscientos', 200, 51930000000, 2);
    const tag = (await api.post('/api/tags', { name: 'Campaña enviada', color: '#00aa00', kanban: 0 }, admin)).body.id as number;
    const s = await new Promise<Socket>((resolve, reject) => {
      const sock = io(server.url, { path: '/socket.io', transports: ['websocket'], auth: { token: admin }, reconnection: false });
      sock.once('ready', () => resolve(sock));
      sock.once('connect_error', reject);
    });
    sockets.push(s);
    const heard: CampaignProgressEvent[] = [];
    s.on('campaignProgress', (e: CampaignProgressEvent) => heard.push(e));

    const c = await create({
      name: 'Doscientos',
      message1: 'Hola {name}, te saluda {tienda}',
      message2: 'Buenas {name} ({number}) de {tienda}',
      message3: '',
      whatsappId: wa,
      contactListId: listId,
      addTagId: tag,
      scheduleType: 'now',
    });
    expect(c.status).toBe('EM_ANDAMENTO');
    expect(c.confirmNow).not.toBeNull();
    expect(c.progress.total).toBe(202);
    const done = await finished(c.id);
    expect(done.progress).toMatchObject({ total: 202, valid: 200, delivered: 200, failed: 2, pending: 0, sent: 0 });
    expect(done.completedAt).not.toBeNull();

    const counts = await outboxCounts('519300');
    expect(counts).toHaveLength(200);
    expect(counts.every((r) => r.n === 1)).toBe(true);
    expect((await queryDb(db.url, `select count(*)::int as n from sandbox_outbox where to_number like '000%'`))[0].n).toBe(0);
    const bodies = (await queryDb(db.url, `select to_number, body from sandbox_outbox where whatsapp_id = $1 and to_number like '519300%'`, [wa])) as { to_number: string; body: string }[];
    for (const b of bodies) {
      const n = Number(b.to_number) - 51930000000;
      expect([`Hola Persona ${n}, te saluda Bodega Sol`, `Buenas Persona ${n} (${b.to_number}) de Bodega Sol`]).toContain(b.body);
    }
    // Both variants were drawn (200 draws at 50 %: missing one is a 2^-199 event).
    expect(new Set(bodies.map((b) => b.body.split(' ')[0])).size).toBe(2);

    // One terminal state each; the invalid numbers failed with their reason and were never sent.
    const rows = (await queryDb(
      db.url,
      `select id, number, status, error, message_id, scheduled_for, delivered_at from campaign_shipping where campaign_id = $1 order by scheduled_for, id`,
      [c.id],
    )) as { id: number; number: string; status: string; error: string | null; message_id: number | null; scheduled_for: Date; delivered_at: Date | null }[];
    expect(rows.filter((r) => r.status === 'delivered' && r.delivered_at && r.message_id)).toHaveLength(200);
    expect(rows.filter((r) => r.status === 'failed').map((r) => [r.number.slice(0, 3), r.error, r.message_id])).toEqual([
      ['000', 'invalid_number', null],
      ['000', 'invalid_number', null],
    ]);
    // Pacing, read from the times each recipient was given (not the wall clock): 10 ms apart and 50 ms
    // after every 20th, each within the ±5 % jitter.
    for (let i = 1; i < rows.length; i++) {
      const gap = new Date(rows[i]!.scheduled_for).getTime() - new Date(rows[i - 1]!.scheduled_for).getTime();
      const base = i % 20 === 0 ? 50 : 10;
      expect(gap, `gap ${i}`).toBeGreaterThanOrEqual(Math.floor(base * 0.95));
      expect(gap, `gap ${i}`).toBeLessThanOrEqual(Math.ceil(base * 1.05));
    }
    // Sent in the paced order: message ids grow with the times.
    const ids = rows.filter((r) => r.message_id).map((r) => r.message_id!);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    // The tag went on every delivered recipient's ticket.
    const tagged = await queryDb(db.url, `select count(*)::int as n from ticket_tags where tag_id = $1`, [tag]);
    expect(tagged[0].n).toBe(200);
    // Live progress to the company, ending FINALIZADA.
    await eventually(async () => heard.some((e) => e.campaignId === c.id && e.status === 'FINALIZADA'));
    expect(heard.filter((e) => e.campaignId === c.id).at(-1)).toMatchObject({ status: 'FINALIZADA', progress: { delivered: 200 } });
  }, 180_000);

  it('issue 38 item 8: the per-recipient report says who got which variant and what failed, pages, filters, exports CSV, and stays in its company', async () => {
    await api.post('/api/campaign-settings', { settings: { messageInterval: 0.01, longerIntervalAfter: 0 } }, admin);
    const listId = await list('Informe', 4, 51941000000, 2);
    const c = await create({ name: 'Informe', message1: 'Uno {name}', message2: 'Dos {name}', whatsappId: wa, contactListId: listId, scheduleType: 'now' });
    await finished(c.id);
    const rows = (await queryDb(db.url, `select number, variant, status, error from campaign_shipping where campaign_id = $1 order by id`, [c.id])) as { number: string; variant: number; status: string; error: string | null }[];
    expect(rows.length).toBeGreaterThanOrEqual(4);

    const page = await api.get(`/api/campaigns/${c.id}/recipients`, admin);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body.count).toBe(rows.length);
    expect(page.body.hasMore).toBe(false);
    expect(page.body.records.map((r: { number: string; variant: number; status: string; error: string | null }) => ({ number: r.number, variant: r.variant, status: r.status, error: r.error }))).toEqual(rows.map((r) => ({ ...r, variant: r.variant + 1 })));
    for (const r of page.body.records as { variant: number; status: string; sentAt: string | null }[]) {
      expect([1, 2]).toContain(r.variant);
      if (r.status === 'delivered' || r.status === 'sent') expect(r.sentAt).not.toBeNull();
    }
    // Only one status, e.g. the failures (with their reason).
    const failedRows = rows.filter((r) => r.status === 'failed');
    const failed = await api.get(`/api/campaigns/${c.id}/recipients?status=failed`, admin);
    expect(failed.body.count).toBe(failedRows.length);
    expect(failed.body.records.every((r: { status: string }) => r.status === 'failed')).toBe(true);
    expect((await api.get(`/api/campaigns/${c.id}/recipients?status=nope`, admin)).status).toBe(400);

    // CSV: a header in the asked language and a row per recipient.
    const csv = await api.get(`/api/campaigns/${c.id}/recipients/export?lang=es`, admin);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = (csv.body as string).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Número,Nombre,Variante,Estado,Motivo del fallo,Enviado,Entregado');
    expect(lines).toHaveLength(rows.length + 1);
    expect(lines[1]!.startsWith(`${rows[0]!.number},`)).toBe(true);
    expect(lines[1]!.split(',')[2]).toBe(String(rows[0]!.variant + 1));

    // Another company's admin, and an unknown id: not found.
    expect((await api.get(`/api/campaigns/${c.id}/recipients`, otherAdmin)).status).toBe(404);
    expect((await api.get(`/api/campaigns/${c.id}/recipients/export`, otherAdmin)).status).toBe(404);
    expect((await api.get(`/api/campaigns/999999/recipients`, admin)).status).toBe(404);
  }, 180_000);

  it('cancel mid-way stops the sends; restart finishes the rest without sending anybody twice', async () => {
    await api.post('/api/campaign-settings', { settings: { messageInterval: 0.05, longerIntervalAfter: 0 } }, admin);
    const listId = await list('Cancelable', 60, 51940000000);
    const c = await create({ name: 'Cancelable', message1: 'Hola {name}', whatsappId: wa, contactListId: listId, scheduleType: 'now' });
    await eventually(async () => (await storedSends(c.id)) >= 10, 60_000);
    const cancelled = await api.post<Campaign>(`/api/campaigns/${c.id}/cancel`, {}, admin);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('CANCELADA');
    const atCancel = await storedSends(c.id);
    expect(atCancel).toBeLessThan(60);
    // Jobs due meanwhile find the campaign cancelled: nothing more is stored for it.
    await pause(1500);
    expect(await storedSends(c.id)).toBe(atCancel);
    expect((await show(c.id)).status).toBe('CANCELADA');
    // Only the messages of a cancelled campaign stay editable.
    expect((await api.put(`/api/campaigns/${c.id}`, { name: 'Cambio' }, admin)).body.error).toBe('ERR_CAMPAIGN_NOT_EDITABLE');
    expect((await api.put(`/api/campaigns/${c.id}`, { message1: 'Hola de nuevo {name}' }, admin)).body.message1).toBe('Hola de nuevo {name}');
    // …but never down to no message at all (it could be restarted with nothing to send).
    const blank = await api.put(`/api/campaigns/${c.id}`, { message1: '' }, admin);
    expect(blank.status).toBe(400);
    expect(blank.body.details).toEqual([{ path: 'message1', message: 'required' }]);
    expect((await show(c.id)).message1).toBe('Hola de nuevo {name}');

    const restarted = await api.post<Campaign>(`/api/campaigns/${c.id}/restart`, {}, admin);
    expect(restarted.body.status).toBe('EM_ANDAMENTO');
    await sentOnceEach(c.id, 60, '519400');
  }, 180_000);

  it('a worker killed mid-campaign: after the restart every recipient is sent exactly once and the campaign finishes', async () => {
    await api.post('/api/campaign-settings', { settings: { messageInterval: 0.05, longerIntervalAfter: 0 } }, admin);
    const listId = await list('Caída', 80, 51950000000);
    const c = await create({ name: 'Caída', message1: 'Hola {name}', whatsappId: wa, contactListId: listId, scheduleType: 'now' });
    await eventually(async () => (await storedSends(c.id)) >= 15, 60_000);
    // SIGKILL at once: no graceful shutdown, jobs left active in Redis, a send possibly half done.
    await server.stop({ keepData: true, graceMs: 0 });
    const before = await storedSends(c.id);
    expect(before).toBeLessThan(80);
    await boot();
    admin = (await api.login('admin@tienda.test', TENANT_PASSWORD)).token;
    await sentOnceEach(c.id, 80, '519500', 150_000);
  }, 240_000);

  it('nothing of a running campaign lives in Redis: its queues flushed mid-campaign, everybody is still sent exactly once', async () => {
    await api.post('/api/campaign-settings', { settings: { messageInterval: 0.05, longerIntervalAfter: 0 } }, admin);
    const listId = await list('Sin Redis', 60, 51966000000);
    const c = await create({ name: 'Sin Redis', message1: 'Hola {name}', whatsappId: wa, contactListId: listId, scheduleType: 'now' });
    await eventually(async () => (await storedSends(c.id)) >= 10, 60_000);
    // Every job of the plugin's queues gone (Redis flushed, or lost), the process still running.
    for (const name of ['campaigns-send', 'campaigns-start']) {
      const queue = queueOf(name);
      await queue.obliterate({ force: true });
      await queue.close();
    }
    const before = await storedSends(c.id);
    expect(before).toBeLessThan(60);
    await sentOnceEach(c.id, 60, '519660', 120_000);
  }, 180_000);

  it('answers lost for sent rows: the sweep settles them from what the Messages port knows', async () => {
    await api.post('/api/campaign-settings', { settings: { messageInterval: 0.01, longerIntervalAfter: 0 } }, admin);
    const listId = await list('Sin eventos', 5, 51961000000);
    const c = await create({ name: 'Sin eventos', message1: 'Hola {name}', whatsappId: wa, contactListId: listId, scheduleType: 'now' });
    await finished(c.id);
    // As if the message.sent / message.ack events never reached the plugin: rows left "sent", campaign running.
    await queryDb(db.url, `update campaign_shipping set status = 'sent', delivered_at = null, sent_at = now() - interval '1 hour' where campaign_id = $1`, [c.id]);
    await queryDb(db.url, `update campaigns set status = 'EM_ANDAMENTO', completed_at = null where id = $1`, [c.id]);
    expect((await show(c.id)).progress).toMatchObject({ sent: 5, delivered: 0 });
    const done = await finished(c.id, 60_000);
    expect(done.progress).toMatchObject({ total: 5, sent: 0, delivered: 5, failed: 0 });
    expect(await storedSends(c.id)).toBe(5);
  }, 120_000);

  it('no job per recipient: a running campaign of 20 queues nothing in Redis; after a downtime its overdue rows are re-paced from now, not sent in a burst', async () => {
    await api.post('/api/campaign-settings', { settings: { messageInterval: 1, longerIntervalAfter: 0 } }, admin);
    const listId = await list('Reinicio', 20, 51962000000);
    const c = await create({ name: 'Reinicio', message1: 'Hola {name}', whatsappId: wa, contactListId: listId, scheduleType: 'now' });
    await eventually(async () => (await storedSends(c.id)) >= 2, 60_000);
    expect(await queuedJobs(c.id)).toBe(0);
    await server.stop({ keepData: true });
    const atStop = await storedSends(c.id);
    expect(await pendingRows(c.id)).toBeGreaterThan(10);
    // As if the cluster had been down for 5 minutes: every pending row far overdue.
    await queryDb(db.url, `update campaign_shipping set scheduled_for = scheduled_for - interval '5 minutes' where campaign_id = $1 and status = 'pending'`, [c.id]);
    const restartedAt = Date.now();
    await boot();
    admin = (await api.login('admin@tienda.test', TENANT_PASSWORD)).token;
    await eventually(async () => (await storedSends(c.id)) >= atStop + 4, 60_000);
    // The rows sent after the restart left about a second apart (re-paced), not back to back. The first
    // one may be a send stored just before the stop and recorded at the restart: its gap is not counted.
    const after = (
      await queryDb(db.url, `select extract(epoch from sent_at) * 1000 as t from campaign_shipping where campaign_id = $1 and sent_at > to_timestamp($2 / 1000.0) order by sent_at`, [
        c.id,
        restartedAt,
      ])
    ).map((r) => Number(r.t));
    expect(after.length).toBeGreaterThanOrEqual(3);
    for (let i = 2; i < after.length; i++) expect(after[i]! - after[i - 1]!).toBeGreaterThan(800);
    expect((await api.post(`/api/campaigns/${c.id}/cancel`, {}, admin)).status).toBe(200);
    await api.post('/api/campaign-settings', { settings: { messageInterval: 0.01 } }, admin);
  }, 180_000);

  it('a scheduled campaign whose start job was lost still starts (the sweep restores it); a deleted one loses its start job', async () => {
    await api.post('/api/campaign-settings', { settings: { messageInterval: 0.01 } }, admin);
    const starts = queueOf('campaigns-start');
    try {
      const startId = async (id: number) => {
        const [row] = await queryDb(db.url, `select scheduled_at from campaigns where id = $1`, [id]);
        return `campaign-start-${id}-${new Date(row.scheduled_at).getTime()}`;
      };
      const listId = await list('Programada perdida', 3, 51967000000);
      const c = await create({ name: 'Programada perdida', message1: 'Hola {name}', whatsappId: wa, contactListId: listId, scheduleType: 'schedule', scheduledAt: wall(new Date(Date.now() + 4000)) });
      expect(c.status).toBe('PROGRAMADA');
      expect(await starts.remove(await startId(c.id))).toBe(1);
      const done = await finished(c.id, 60_000);
      expect(done.progress).toMatchObject({ total: 3, delivered: 3 });

      const later = await create({ name: 'Para borrar', message1: 'Hola', whatsappId: wa, contactListId: listId, scheduleType: 'schedule', scheduledAt: inMinutes(120) });
      const id = await startId(later.id);
      expect(await starts.getJob(id)).toBeTruthy();
      expect((await api.del(`/api/campaigns/${later.id}`, admin)).status).toBe(204);
      expect(await starts.getJob(id)).toBeFalsy();
    } finally {
      await starts.close();
    }
  }, 120_000);

  it('tag recipients: the contacts of tickets carrying the tag, the removal tag taken off after delivery', async () => {
    await sandbox(api, admin).say(wa, '51960000001', 'hola', 'Tag Uno');
    await sandbox(api, admin).say(wa, '51960000002', 'hola', 'Tag Dos');
    const tickets = await eventually(async () => {
      const r = (await queryDb(db.url, `select t.id from tickets t join contacts c on c.id = t.contact_id where c.number in ('51960000001', '51960000002') order by c.number`)) as { id: number }[];
      return r.length === 2 ? r : null;
    });
    const tag = (await api.post('/api/tags', { name: 'Promo', color: '#aa0000', kanban: 0 }, admin)).body.id as number;
    const old = (await api.post('/api/tags', { name: 'Interesado', color: '#0000aa', kanban: 0 }, admin)).body.id as number;
    for (const t of tickets) expect((await api.post('/api/tags/sync', { ticketId: t.id, tags: [{ id: tag }, { id: old }] }, admin)).status).toBeLessThan(300);
    const c = await create({ name: 'Por etiqueta', message1: 'Oferta para {name}', whatsappId: wa, recipientType: 'tags', tagId: tag, removeTagId: old, scheduleType: 'now' });
    const done = await finished(c.id);
    expect(done.progress).toMatchObject({ total: 2, delivered: 2 });
    expect(await sandbox(api, admin).outbox(wa, '51960000001')).toEqual(['Oferta para Tag Uno']);
    expect((await queryDb(db.url, `select count(*)::int as n from ticket_tags where tag_id = $1`, [old]))[0].n).toBe(0);
  }, 120_000);

  it('a scheduled campaign starts at its time; media goes with every message; media and fields lock once it ran', async () => {
    await api.post('/api/campaign-settings', { settings: { messageInterval: 0, longerIntervalAfter: 0 } }, admin);
    const listId = await list('Con imagen', 2, 51970000000);
    const draft = await create({ name: 'Con imagen', message1: 'Mira {name}', whatsappId: wa, contactListId: listId });
    const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
    const upload = async (id: number, data: Buffer, name: string, type: string) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(data)], { type }), name);
      const res = await fetch(`${server.url}/api/campaigns/${id}/media-upload`, { method: 'POST', headers: { Authorization: `Bearer ${admin}` }, body: form });
      return { status: res.status, body: (await res.json().catch(() => null)) as any };
    };
    expect((await upload(draft.id, Buffer.from('not an image at all'), 'x.png', 'image/png')).status).toBe(415);
    const withMedia = await upload(draft.id, PNG, 'oferta.png', 'image/png');
    expect(withMedia.status, JSON.stringify(withMedia.body)).toBe(200);
    expect(withMedia.body).toMatchObject({ mediaName: 'oferta.png', mediaPath: expect.stringMatching(/^\/api\/media\//) });
    // Scheduled a few seconds ahead (the wall time has whole seconds): PROGRAMADA, then started by its job.
    const scheduled = await api.put<Campaign>(`/api/campaigns/${draft.id}`, { scheduleType: 'schedule', scheduledAt: wall(new Date(Date.now() + 4000)) }, admin);
    expect(scheduled.body.status).toBe('PROGRAMADA');
    expect(scheduled.body.progress.total).toBe(0);
    const done = await finished(draft.id, 60_000);
    expect(done.progress).toMatchObject({ total: 2, delivered: 2 });
    // Not before its time (an order of events, not a duration).
    expect(new Date(done.completedAt!).getTime()).toBeGreaterThanOrEqual(fromWallTime(scheduled.body.scheduledAt!)!.getTime());
    const sent = (await queryDb(db.url, `select body, media_url from sandbox_outbox where whatsapp_id = $1 and to_number like '519700000%' order by to_number`, [wa])) as { body: string; media_url: string | null }[];
    expect(sent.map((r) => r.body)).toEqual(['Mira Persona 1', 'Mira Persona 2']);
    expect(sent.every((r) => r.media_url)).toBe(true);
    // Finished: read-only, media included.
    expect((await upload(draft.id, PNG, 'otra.png', 'image/png')).body.error).toBe('ERR_CAMPAIGN_NOT_EDITABLE');
    expect((await api.del(`/api/campaigns/${draft.id}/media-upload`, admin)).body.error).toBe('ERR_CAMPAIGN_NOT_EDITABLE');
    expect((await api.put(`/api/campaigns/${draft.id}`, { message1: 'Otro' }, admin)).body.error).toBe('ERR_CAMPAIGN_NOT_EDITABLE');
  }, 120_000);

  it("403: agents, a company with campaigns switched off, a plan without useCampaigns", async () => {
    const made = await api.post('/api/users', { name: 'Agente', email: 'agente@tienda.test', password: TENANT_PASSWORD, profile: 'user' }, admin);
    expect(made.status).toBe(201);
    const agent = (await api.login('agente@tienda.test', TENANT_PASSWORD)).token;
    expect((await api.get('/api/campaigns', agent)).status).toBe(403);
    expect((await api.post('/api/campaign-settings', { settings: {} }, agent)).status).toBe(403);
    const sup = (await api.login(SUPER.email, SUPER.password)).token;
    expect((await api.put(`/api/companies/${otherId}`, { campaignsEnabled: false }, sup)).status).toBe(200);
    const off = await api.get('/api/campaigns', otherAdmin);
    expect(off.body).toMatchObject({ error: 'ERR_NO_PERMISSION', details: [{ path: 'campaignsEnabled', message: 'disabled' }] });
    expect((await api.put(`/api/companies/${otherId}`, { campaignsEnabled: true }, sup)).status).toBe(200);
    const plan = (await api.post('/api/plans', { name: 'Sin campañas', value: 10, users: 10, connections: 2, queues: 5, useCampaigns: false }, sup)).body;
    expect((await api.put(`/api/companies/${otherId}`, { planId: plan.id }, sup)).status).toBe(200);
    for (const r of [
      await api.get('/api/campaigns', otherAdmin),
      await api.post('/api/campaigns', { name: 'Nada' }, otherAdmin),
      await api.get('/api/campaign-settings', otherAdmin),
    ]) {
      expect([r.status, r.body.error]).toEqual([403, 'ERR_NO_PERMISSION']);
    }
    expect((await api.get('/api/campaigns', admin)).status).toBe(200);
  });
});
