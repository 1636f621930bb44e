import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Queue } from 'bullmq';
import { io, type Socket } from 'socket.io-client';
import {
  SUPER,
  TEST_REDIS_URL,
  client,
  createDatabase,
  eventually,
  pause,
  queryDb,
  sandbox as sandboxOf,
  startServer,
  twoCompanies,
  unservedEndpoints,
  type RunningServer,
} from '@atende/sdk-server/testing';
import { SCHEDULE_ENDPOINTS, type Schedule, type ScheduleEvent } from '@atende/plugin-schedules-contract';
import { SchedulesController } from '../src/schedules.controller.js';
import { SCHEDULES_QUEUE, jobIdOf } from '../src/schedule.delivery.js';

/**
 * The schedules API and its delivery against the real kernel, PostgreSQL, Redis and the sandbox
 * connection (the plugin is in plugins/installed.json, so the test kit's server loads it). Alone:
 * npx vitest run --config tooling/vitest.config.ts --project integration plugins/schedules/server/test
 */

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
const GIF = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.alloc(200, 1)]);
const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();

describe('schedules', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let api: ReturnType<typeof client>;
  let admin: string;
  let otherAdmin: string;
  let wa: number;
  let dataDir: string;
  const customer = '51988800001';
  let contactId: number;
  let otherContactId: number;
  const sockets: Socket[] = [];

  // The same data directory (its secrets sign the tokens) for the process that replaces the first.
  const boot = async () => {
    server = await startServer({ databaseUrl: db.url, dataDir });
    api = client(server.url);
  };
  const outbox = () => sandboxOf(api, admin).outbox(wa, customer);
  const create = async (body: object, token = admin) => {
    const r = await api.post<Schedule>('/api/schedules', body, token);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body;
  };
  const rowOf = async (id: number) => (await queryDb(db.url, `select status, error, sent_at, message_id, whatsapp_id, attempts from schedules where id = $1`, [id]))[0];
  const upload = async (id: number, token: string, data: Buffer, name: string, type: string) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(data)], { type }), name);
    const res = await fetch(`${server.url}/api/schedules/${id}/media-upload`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
    return { status: res.status, body: (await res.json().catch(() => null)) as any };
  };

  beforeAll(async () => {
    db = await createDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), 'atende-schedules-'));
    await boot();
    ({ admin, otherAdmin } = await twoCompanies(api));
    wa = await sandboxOf(api, admin).connect('Sandbox agenda');
    // The customer writes first: contact and ticket on the sandbox connection.
    await sandboxOf(api, admin).say(wa, customer, 'hola', 'Ana Cliente');
    contactId = (await eventually(async () => (await queryDb(db.url, `select id from contacts where number = $1`, [customer]))[0]))!.id;
    const other = await api.post('/api/contacts', { name: 'Otro Cliente', number: '51977700009' }, otherAdmin);
    expect(other.status, JSON.stringify(other.body)).toBe(201);
    otherContactId = other.body.id;
  }, 120_000);
  afterAll(async () => {
    for (const s of sockets) s.close();
    await server?.stop();
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves every endpoint its contract declares', () => {
    expect(unservedEndpoints([SchedulesController], { schedules: SCHEDULE_ENDPOINTS })).toEqual([]);
  });

  it('validates: body ≥ 5, contactId and sendAt required, a real future instant, a contact of the company', async () => {
    const missing = await api.post('/api/schedules', {}, admin);
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('ERR_VALIDATION');
    expect(missing.body.details.map((d: { path: string }) => d.path).sort()).toEqual(['body', 'contactId', 'sendAt']);
    const short = await api.post('/api/schedules', { body: ' hola ', contactId, sendAt: inSeconds(3600) }, admin);
    expect(short.body.details).toEqual([expect.objectContaining({ path: 'body', message: 'too_short' })]);
    const past = await api.post('/api/schedules', { body: 'Hola Ana', contactId, sendAt: inSeconds(-3600) }, admin);
    expect(past.body.details).toEqual([expect.objectContaining({ path: 'sendAt', message: 'in_past' })]);
    const garbage = await api.post('/api/schedules', { body: 'Hola Ana', contactId, sendAt: 'mañana' }, admin);
    expect(garbage.body.details).toEqual([expect.objectContaining({ path: 'sendAt', message: 'invalid_date' })]);
    // Another company's contact is not found for this one.
    const foreign = await api.post('/api/schedules', { body: 'Hola Ana', contactId: otherContactId, sendAt: inSeconds(3600) }, admin);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('ERR_NO_CONTACT_FOUND');
    expect((await api.get('/api/schedules/abc', admin)).status).toBe(400);
    expect((await api.get('/api/schedules/999999', admin)).body.error).toBe('ERR_NO_SCHEDULE_FOUND');
    expect((await api.get('/api/schedules')).status).toBe(401);
  });

  it('creates, shows, updates partially, lists with search and range, and deletes; each change told live to the company', async () => {
    const s = await new Promise<Socket>((resolve, reject) => {
      const sock = io(server.url, { path: '/socket.io', transports: ['websocket'], auth: { token: admin }, reconnection: false });
      sock.once('ready', () => resolve(sock));
      sock.once('connect_error', reject);
    });
    sockets.push(s);
    const heard: ScheduleEvent[] = [];
    s.on('schedule', (e: ScheduleEvent) => heard.push(e));

    const sendAt = inSeconds(7200);
    const made = await create({ body: '  Recordatorio de su cita  ', contactId, sendAt });
    expect(made).toMatchObject({ body: 'Recordatorio de su cita', contactId, contact: { id: contactId, name: 'Ana Cliente', number: customer }, status: 'pending', sentAt: null, mediaPath: null });
    expect(made.sendAt).toBe(sendAt);
    expect((await api.get(`/api/schedules/${made.id}`, admin)).body.body).toBe('Recordatorio de su cita');

    const later = inSeconds(10_800);
    const put = await api.put<Schedule>(`/api/schedules/${made.id}`, { sendAt: later }, admin);
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ body: 'Recordatorio de su cita', sendAt: later, status: 'pending' });
    expect((await api.put(`/api/schedules/${made.id}`, { body: 'abc' }, admin)).status).toBe(400);

    const page = (q: string) => api.get<{ schedules: Schedule[]; count: number; hasMore: boolean }>(`/api/schedules/?${q}`, admin);
    expect((await page('searchParam=ana%20cli')).body.schedules.map((x) => x.id)).toContain(made.id);
    expect((await page('searchParam=cita')).body.schedules.map((x) => x.id)).toContain(made.id);
    expect((await page('searchParam=nadie')).body).toEqual({ schedules: [], count: 0, hasMore: false });
    const from = encodeURIComponent(inSeconds(9000));
    const to = encodeURIComponent(inSeconds(12_000));
    expect((await page(`from=${from}&to=${to}`)).body.schedules.map((x) => x.id)).toEqual([made.id]);
    expect((await page(`to=${from}`)).body.schedules.map((x) => x.id)).not.toContain(made.id);

    expect((await api.del(`/api/schedules/${made.id}`, admin)).status).toBe(204);
    expect((await api.get(`/api/schedules/${made.id}`, admin)).status).toBe(404);
    await eventually(async () => heard.length >= 3);
    expect(heard.map((e) => e.action)).toEqual(['create', 'update', 'delete']);
    expect(heard[2]).toEqual({ action: 'delete', scheduleId: made.id });
  });

  it('pages by 50 with hasMore, in send order', async () => {
    await queryDb(
      db.url,
      `insert into schedules (company_id, contact_id, body, send_at) select c.company_id, c.id, 'Lote ' || g, now() + interval '30 days' + g * interval '1 minute' from contacts c, generate_series(1, 55) g where c.id = $1`,
      [contactId],
    );
    const first = (await api.get('/api/schedules/?searchParam=Lote&pageNumber=1', admin)).body;
    expect(first.schedules).toHaveLength(50);
    expect(first.hasMore).toBe(true);
    expect(first.count).toBe(55);
    expect(first.schedules[0].body).toBe('Lote 1');
    const second = (await api.get('/api/schedules/?searchParam=Lote&pageNumber=2', admin)).body;
    expect(second.schedules.map((x: Schedule) => x.body)).toEqual(['Lote 51', 'Lote 52', 'Lote 53', 'Lote 54', 'Lote 55']);
    expect(second.hasMore).toBe(false);
    expect((await api.get('/api/schedules/?pageNumber=0', admin)).status).toBe(400);
    await queryDb(db.url, `delete from schedules where body like 'Lote %'`);
  });

  it('keeps each company to its own schedules', async () => {
    const mine = await create({ body: 'Solo de Tienda', contactId, sendAt: inSeconds(7200) });
    expect((await api.get(`/api/schedules/${mine.id}`, otherAdmin)).status).toBe(404);
    expect((await api.put(`/api/schedules/${mine.id}`, { body: 'hackeado' }, otherAdmin)).status).toBe(404);
    expect((await api.del(`/api/schedules/${mine.id}`, otherAdmin)).status).toBe(404);
    expect((await upload(mine.id, otherAdmin, PNG, 'a.png', 'image/png')).status).toBe(404);
    expect((await api.get('/api/schedules/', otherAdmin)).body.schedules).toEqual([]);
    // Nor can an edit point it at another company's contact.
    expect((await api.put(`/api/schedules/${mine.id}`, { contactId: otherContactId }, admin)).status).toBe(404);
    expect((await api.get(`/api/schedules/${mine.id}`, admin)).body.body).toBe('Solo de Tienda');
    await api.del(`/api/schedules/${mine.id}`, admin);
  });

  it('takes a png or jpeg image and refuses other files; the image can be removed', async () => {
    const s = await create({ body: 'Con imagen adjunta', contactId, sendAt: inSeconds(7200) });
    const ok = await upload(s.id, admin, PNG, 'promo.png', 'image/png');
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ mediaName: 'promo.png', mediaPath: `/schedules/${s.id}/media` });
    const img = await fetch(`${server.url}/api/schedules/${s.id}/media`, { headers: { Authorization: `Bearer ${admin}` } });
    expect(img.status).toBe(200);
    // Streamed from the Media port with its size known up front (issue 27 item 10).
    expect(img.headers.get('content-length')).toBe(String(PNG.length));
    expect(img.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await img.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await upload(s.id, admin, GIF, 'x.gif', 'image/gif')).status).toBe(415);
    expect((await upload(s.id, admin, Buffer.from('not an image'), 'x.png', 'image/png')).status).toBe(415);
    const removed = await api.del<Schedule>(`/api/schedules/${s.id}/media-upload`, admin);
    expect(removed.body).toMatchObject({ mediaPath: null, mediaName: null });
    await api.del(`/api/schedules/${s.id}`, admin);
  });

  it('sends at its time through the contact’s connection, as the plugin; then it is history', async () => {
    const s = await create({ body: 'Su pedido está listo', contactId, sendAt: inSeconds(3) });
    await pause(1000);
    expect(await outbox()).not.toContain('Su pedido está listo');
    await eventually(async () => (await outbox()).includes('Su pedido está listo'), 20_000);
    await eventually(async () => (await rowOf(s.id)).status === 'sent');
    const row = await rowOf(s.id);
    expect(row).toMatchObject({ status: 'sent', error: null, whatsapp_id: wa, attempts: 1 });
    const [msg] = await queryDb(db.url, `select source, correlation_id from messages where id = $1`, [row.message_id]);
    expect(msg).toEqual({ source: 'schedules', correlation_id: `schedule-${s.id}-${new Date(s.sendAt).getTime()}` });
    expect((await api.get(`/api/schedules/${s.id}`, admin)).body.sentAt).toBeTruthy();
    const edit = await api.put(`/api/schedules/${s.id}`, { body: 'Otra vez por favor' }, admin);
    expect(edit.status).toBe(409);
    expect(edit.body.error).toBe('ERR_SCHEDULE_ALREADY_SENT');
  });

  it('sends an attached image with its caption; the sent message keeps its image when the schedule is deleted', async () => {
    const s = await create({ body: 'Mire nuestra promo', contactId, sendAt: inSeconds(3) });
    expect((await upload(s.id, admin, PNG, 'promo.png', 'image/png')).status).toBe(201);
    await eventually(async () => (await rowOf(s.id)).status === 'sent', 20_000);
    const [msg] = await queryDb(db.url, `select id, ticket_id, body, media_type from messages where id = $1`, [(await rowOf(s.id)).message_id]);
    expect(msg).toMatchObject({ body: 'Mire nuestra promo', media_type: 'image' });
    const image = async () => {
      const sent = (await api.get(`/api/messages/${msg.ticket_id}`, admin)).body.messages.find((m: { id: number }) => m.id === msg.id);
      const res = await fetch(`${server.url}${sent.mediaUrl}`, { headers: { Authorization: `Bearer ${admin}` } });
      return { status: res.status, data: Buffer.from(await res.arrayBuffer()) };
    };
    expect((await image()).data.equals(PNG)).toBe(true);
    // Its file is the message's file now: neither replaced, removed, nor deleted with the schedule.
    expect((await upload(s.id, admin, PNG, 'otra.png', 'image/png')).status).toBe(409);
    expect((await api.del(`/api/schedules/${s.id}/media-upload`, admin)).status).toBe(409);
    expect((await api.del(`/api/schedules/${s.id}`, admin)).status).toBe(204);
    const after = await image();
    expect(after.status).toBe(200);
    expect(after.data.equals(PNG)).toBe(true);
  });

  it('sends once even when the job dies after the send, before the row is marked sent (its retry finds the message)', async () => {
    const s = await create({ body: 'Solo una vez, aunque caiga', contactId, sendAt: inSeconds(2) });
    await eventually(async () => (await rowOf(s.id)).status === 'sent', 20_000);
    await eventually(async () => (await outbox()).includes('Solo una vez, aunque caiga'), 20_000);
    // As if the job's own commit had been lost: the row still pending, and BullMQ (or the start-up
    // re-arm) running the same job again.
    await queryDb(db.url, `update schedules set status = 'pending', sent_at = null, message_id = null, ticket_id = null, whatsapp_id = null where id = $1`, [s.id]);
    const redis = new URL(TEST_REDIS_URL);
    const queue = new Queue(SCHEDULES_QUEUE, { connection: { host: redis.hostname, port: Number(redis.port || 6379) }, prefix: `atende:${db.name}` });
    const sendAt = new Date(s.sendAt).getTime();
    const [{ company_id: companyId }] = await queryDb(db.url, `select company_id from schedules where id = $1`, [s.id]);
    await queue.add('send', { companyId, scheduleId: s.id, sendAt }, { jobId: jobIdOf(s.id, sendAt), removeOnComplete: true, removeOnFail: true });
    await queue.close();
    await eventually(async () => (await rowOf(s.id)).status === 'sent', 20_000);
    await pause(1500);
    const stored = await queryDb(db.url, `select id from messages where correlation_id = $1`, [`schedule-${s.id}-${sendAt}`]);
    expect(stored).toHaveLength(1);
    expect((await rowOf(s.id)).message_id).toBe(stored[0].id);
    expect((await outbox()).filter((t) => t === 'Solo una vez, aunque caiga')).toHaveLength(1);
  });

  it('never sends one deleted before its time, and sends an edited one once, at its new time', async () => {
    const gone = await create({ body: 'Este no debe salir', contactId, sendAt: inSeconds(3) });
    expect((await api.del(`/api/schedules/${gone.id}`, admin)).status).toBe(204);
    const moved = await create({ body: 'Este sale más tarde', contactId, sendAt: inSeconds(2) });
    // Its first job is dropped; even if it ran, the row's new sendAt makes it a no-op.
    expect((await api.put(`/api/schedules/${moved.id}`, { sendAt: inSeconds(6) }, admin)).status).toBe(200);
    await pause(4000);
    expect(await outbox()).not.toContain('Este sale más tarde');
    await eventually(async () => (await outbox()).includes('Este sale más tarde'), 20_000);
    await pause(1500);
    const texts = await outbox();
    expect(texts.filter((t) => t === 'Este sale más tarde')).toHaveLength(1);
    expect(texts).not.toContain('Este no debe salir');
  });

  it('marks failed with the reason when the company has no connection to send through', async () => {
    const s = await create({ body: 'Sin conexión posible', contactId: otherContactId, sendAt: inSeconds(1) }, otherAdmin);
    await eventually(async () => (await rowOf(s.id)).status === 'failed', 20_000);
    expect((await api.get(`/api/schedules/${s.id}`, otherAdmin)).body).toMatchObject({ status: 'failed', error: 'no_connection' });
  });

  it('still delivers after a restart between creation and sendAt, even with its job lost from Redis', async () => {
    const s = await create({ body: 'Sobrevive al reinicio', contactId, sendAt: inSeconds(10) });
    await server.stop({ keepData: true });
    // As if Redis had lost it: only the row in PostgreSQL remains.
    const redis = new URL(TEST_REDIS_URL);
    const queue = new Queue(SCHEDULES_QUEUE, { connection: { host: redis.hostname, port: Number(redis.port || 6379) }, prefix: `atende:${db.name}` });
    const jobId = jobIdOf(s.id, new Date(s.sendAt));
    expect(await queue.getJob(jobId)).toBeTruthy();
    await queue.remove(jobId);
    expect(await queue.getJob(jobId)).toBeFalsy();
    await boot();
    await eventually(async () => (await queue.getJob(jobId)) ?? false, 20_000);
    await queue.close();
    await eventually(async () => (await api.get(`/api/whatsapp/${wa}`, admin)).body.status === 'CONNECTED', 30_000);
    await eventually(async () => (await outbox()).includes('Sobrevive al reinicio'), 30_000);
    expect((await rowOf(s.id)).status).toBe('sent');
  }, 90_000);

  it('refuses every route to a company whose plan lacks useSchedules (403), and sends none of its pending ones', async () => {
    const pending = await create({ body: 'Antes del cambio de plan', contactId: otherContactId, sendAt: inSeconds(4) }, otherAdmin);
    const sup = (await api.login(SUPER.email, SUPER.password)).token;
    const plan = (await api.post('/api/plans', { name: 'Sin agenda', value: 10, users: 10, connections: 2, queues: 5, useSchedules: false }, sup)).body;
    const otherId = (await queryDb(db.url, `select id from companies where name = 'Otra'`))[0].id;
    expect((await api.put(`/api/companies/${otherId}`, { planId: plan.id }, sup)).status).toBe(200);
    expect((await api.get('/api/schedules/', otherAdmin)).status).toBe(403);
    expect((await api.post('/api/schedules', { body: 'Hola Otro', contactId: otherContactId, sendAt: inSeconds(3600) }, otherAdmin)).status).toBe(403);
    expect((await api.get('/api/schedules/', admin)).status).toBe(200);
    await eventually(async () => (await rowOf(pending.id)).status === 'failed', 20_000);
    expect((await rowOf(pending.id)).error).toBe('no_plan');
  });
});
