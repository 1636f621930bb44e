import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { SUPER, TENANT_PASSWORD, client, createDatabase, eventually, queryDb, sandbox, startServer, twoCompanies, unservedEndpoints, type RunningServer } from '@atende/sdk-server/testing';
import { KANBAN_ENDPOINTS, KANBAN_LANE_PAGE, type KanbanCard, type KanbanPage } from '@atende/plugin-kanban-contract';
import { KanbanController, today } from '../src/kanban.controller.js';

/**
 * The kanban API against the real kernel, PostgreSQL and Redis (the plugin is in plugins/installed.json,
 * so the test kit's server loads it). Alone:
 * npx vitest run --config tooling/vitest.config.ts --project integration plugins/kanban/server/test
 */

function socket(url: string, token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = io(url, { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: false });
    s.once('ready', () => resolve(s));
    s.once('connect_error', reject);
  });
}

describe('kanban', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let api: ReturnType<typeof client>;
  let admin: string;
  let otherAdmin: string;
  let agent: string;
  let noPlan: string;
  const sockets: Socket[] = [];
  const id = { ventas: 0, soporte: 0, wa1: 0, wa2: 0, otherWa: 0, nuevo: 0, cerrando: 0, normal: 0, otherTag: 0, A: 0, B: 0, C: 0, D: 0, Q: 0 };

  const board = async (query: string, token = admin) => {
    const r = await api.get<KanbanPage>(`/api/ticket/kanban${query ? `?${query}` : ''}`, token);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  };
  const ids = async (query: string, token = admin) => (await board(query, token)).tickets.map((t) => t.id).sort((a, b) => a - b);
  const sorted = (...list: number[]) => [...list].sort((a, b) => a - b);
  const ticketTags = async (ticketId: number) => ((await api.get(`/api/tickets/${ticketId}`, admin)).body.tags as { id: number }[]).map((t) => t.id).sort((a, b) => a - b);

  beforeAll(async () => {
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url });
    api = client(server.url);
    ({ admin, otherAdmin } = await twoCompanies(api));
    const sup = (await api.login(SUPER.email, SUPER.password)).token;
    // A third company whose plan lacks useKanban.
    const plan = (await api.post('/api/plans', { name: 'Sin kanban', value: 1, users: 3, connections: 1, queues: 1, useKanban: false }, sup)).body;
    expect((await api.post('/api/companies', { name: 'Sin', email: 'admin@sin.test', password: TENANT_PASSWORD, planId: plan.id }, sup)).status).toBe(201);
    noPlan = (await api.login('admin@sin.test', TENANT_PASSWORD)).token;

    id.ventas = (await api.post('/api/queue', { name: 'Ventas', color: '#ff0000' }, admin)).body.id;
    id.soporte = (await api.post('/api/queue', { name: 'Soporte', color: '#00ff00' }, admin)).body.id;
    expect((await api.post('/api/users', { name: 'Ana', email: 'ana@tienda.test', password: TENANT_PASSWORD, profile: 'user', queueIds: [id.ventas] }, admin)).status).toBe(201);
    agent = (await api.login('ana@tienda.test', TENANT_PASSWORD)).token;
    id.wa1 = await sandbox(api, admin).connect('Tablero 1');
    id.wa2 = await sandbox(api, admin).connect('Tablero 2');
    id.otherWa = await sandbox(api, otherAdmin).connect('Ajena');

    const ticket = async (token: string, name: string, number: string, queueId: number | null, whatsappId: number) => {
      const contact = (await api.post('/api/contacts', { name, number }, token)).body;
      const t = await api.post('/api/tickets', { contactId: contact.id, status: 'pending', whatsappId, ...(queueId ? { queueId } : {}) }, token);
      expect(t.status, JSON.stringify(t.body)).toBe(201);
      return t.body.id as number;
    };
    id.A = await ticket(admin, 'Alicia', '51911000001', id.ventas, id.wa1);
    id.B = await ticket(admin, 'Bruno', '51911000002', id.soporte, id.wa1);
    id.C = await ticket(admin, 'Carla', '51922000003', id.ventas, id.wa2);
    id.D = await ticket(admin, 'Dario', '51933000004', id.ventas, id.wa1);
    // D is a week old: outside the default range (today).
    await queryDb(db.url, `update tickets set created_at = now() - interval '7 days' where id = $1`, [id.D]);
    id.Q = await ticket(otherAdmin, 'Quique', '51911000009', null, id.otherWa);

    const tag = async (token: string, name: string, kanban: 0 | 1) => (await api.post('/api/tags', { name, kanban, color: '#123456' }, token)).body.id as number;
    id.nuevo = await tag(admin, 'Nuevo', 1);
    id.cerrando = await tag(admin, 'Cerrando', 1);
    id.normal = await tag(admin, 'Normal', 0);
    id.otherTag = await tag(otherAdmin, 'Ajeno', 1);
  }, 120_000);
  afterAll(async () => {
    for (const s of sockets) s.close();
    await server?.stop();
    await db?.drop();
  });

  it('serves every endpoint its contract declares', () => {
    expect(unservedEndpoints([KanbanController], { kanban: KANBAN_ENDPOINTS })).toEqual([]);
  });

  it('refuses every route to a company whose plan lacks useKanban (403)', async () => {
    for (const r of [
      await api.get('/api/ticket/kanban', noPlan),
      await api.get('/api/tags/kanban', noPlan),
      await api.put(`/api/ticket-tags/${id.A}/${id.nuevo}`, undefined, noPlan),
      await api.del(`/api/ticket-tags/${id.A}`, noPlan),
    ]) {
      expect(r.status).toBe(403);
      expect(r.body.error).toBe('ERR_NO_PERMISSION');
    }
  });

  it('GET /tags/kanban lists the company’s kanban tags with ticketsCount; the kernel still serves /tags/:id', async () => {
    await api.post('/api/tags/sync', { ticketId: id.B, tags: [{ id: id.nuevo }, { id: id.normal }] }, admin);
    const { body, status } = await api.get('/api/tags/kanban', agent);
    expect(status).toBe(200);
    expect(body.lista.map((t: { name: string; kanban: number; ticketsCount: number }) => [t.name, t.kanban, t.ticketsCount])).toEqual([
      ['Cerrando', 1, 0],
      ['Nuevo', 1, 1],
    ]);
    expect((await api.get('/api/tags/kanban', otherAdmin)).body.lista.map((t: { name: string }) => t.name)).toEqual(['Ajeno']);
    expect((await api.get(`/api/tags/${id.nuevo}`, admin)).body).toMatchObject({ name: 'Nuevo', ticketsCount: 1 });
    await api.post('/api/tags/sync', { ticketId: id.B, tags: [] }, admin);
  });

  it('lists only the queues’ tickets for agents; showAll counts for admins only; dates default to today', async () => {
    expect(await ids('', agent)).toEqual(sorted(id.A, id.C));
    expect(await ids('showAll=true', agent)).toEqual(sorted(id.A, id.C));
    expect(await ids('showAll=true')).toEqual(sorted(id.A, id.B, id.C));
    // An admin without showAll: her queues (none), her own and queueless tickets, as in the agents' list.
    expect(await ids('')).toEqual([]);
    expect(await ids(`showAll=true&queueIds=[${id.soporte}]`)).toEqual([id.B]);
    expect(await ids(`queueIds=[${id.soporte}]`, agent)).toEqual([]);
    const weekAgo = today(undefined, new Date(Date.now() - 8 * 86_400_000));
    expect(await ids(`showAll=true&startDate=${weekAgo}&endDate=${today()}`)).toEqual(sorted(id.A, id.B, id.C, id.D));
    expect(await ids(`showAll=true&startDate=${weekAgo}&endDate=${today(undefined, new Date(Date.now() - 2 * 86_400_000))}`)).toEqual([id.D]);
    expect(await ids(`startDate=${weekAgo}&endDate=${today()}`, agent)).toEqual(sorted(id.A, id.C, id.D));
    // Closed tickets leave the board.
    await queryDb(db.url, `update tickets set status = 'closed' where id = $1`, [id.D]);
    expect(await ids(`startDate=${weekAgo}&endDate=${today()}`, agent)).toEqual(sorted(id.A, id.C));
    expect((await api.get('/api/ticket/kanban?startDate=2026-02-30', admin)).status).toBe(400);
    expect((await api.get(`/api/ticket/kanban?startDate=${today()}&endDate=2020-01-01`, admin)).body.details[0]).toMatchObject({ path: 'endDate', message: 'before_start' });
  });

  it('searches by number (digits of what was typed) and filters by connection', async () => {
    expect(await ids('showAll=true&searchParam=22000')).toEqual([id.C]);
    expect(await ids(`showAll=true&searchParam=${encodeURIComponent('+51 911-000')}`)).toEqual(sorted(id.A, id.B));
    expect(await ids('showAll=true&searchParam=Alicia')).toEqual([]); // the number only, not the name
    expect(await ids(`showAll=true&whatsappId=${id.wa2}`)).toEqual([id.C]);
    // Another company's connection: nothing of it (its ticket stays there).
    expect(await ids(`showAll=true&whatsappId=${id.otherWa}`)).toEqual([]);
    const card = (await board('showAll=true&searchParam=22000')).tickets[0];
    expect(card).toMatchObject({ id: id.C, uuid: expect.any(String), contact: { name: 'Carla', number: '51922000003' }, whatsappId: id.wa2, tags: [], lane: null, createdAt: expect.any(String) });
  });

  it('moves a card between lanes (PUT keeps other tags, drops other lanes; DELETE back to no tag) and tells the other boards live', async () => {
    const ana = await socket(server.url, agent);
    sockets.push(ana);
    const heard: { action: string; ticket: { id: number; tags: { id: number }[] } }[] = [];
    ana.on('ticket', (e) => heard.push(e));
    await api.post('/api/tags/sync', { ticketId: id.A, tags: [{ id: id.normal }] }, admin);

    const put = await api.put(`/api/ticket-tags/${id.A}/${id.nuevo}`, undefined, agent);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toEqual({ ticketId: id.A, lane: id.nuevo, tagIds: sorted(id.nuevo, id.normal) });
    expect(await ids(`lane=${id.nuevo}`, agent)).toEqual([id.A]);
    expect(await ids('lane=none', agent)).toEqual([id.C]);
    expect((await api.put(`/api/ticket-tags/${id.A}/${id.cerrando}`, undefined, agent)).body.lane).toBe(id.cerrando);
    expect(await ticketTags(id.A)).toEqual(sorted(id.cerrando, id.normal));
    const whole = await board('', agent);
    expect(whole.lanes.map((l) => l.lane)).toEqual([null, id.cerrando, id.nuevo]);
    expect(whole.tickets.map((t: KanbanCard) => [t.id, t.lane])).toEqual(expect.arrayContaining([[id.A, id.cerrando], [id.C, null]]));
    await eventually(async () => heard.some((e) => e.ticket.id === id.A && e.ticket.tags.some((t) => t.id === id.cerrando) && !e.ticket.tags.some((t) => t.id === id.nuevo)));

    const del = await api.del(`/api/ticket-tags/${id.A}`, agent);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ ticketId: id.A, lane: null, tagIds: [id.normal] });
    expect(await ticketTags(id.A)).toEqual([id.normal]);
    expect(await ids('lane=none', agent)).toEqual(sorted(id.A, id.C));
    await eventually(async () => heard.some((e) => e.ticket.id === id.A && e.ticket.tags.map((t) => t.id).join() === String(id.normal)));

    // A tag that is not a lane is refused; the ticket stays as it was.
    const plain = await api.put(`/api/ticket-tags/${id.A}/${id.normal}`, undefined, agent);
    expect(plain.status).toBe(400);
    expect(plain.body.details[0]).toMatchObject({ path: 'tagId', message: 'not_kanban' });
    expect((await api.put('/api/ticket-tags/abc/1', undefined, agent)).status).toBe(400);
    expect((await api.get(`/api/ticket/kanban?lane=${id.normal}`, agent)).status).toBe(404);
  });

  it('refuses another queue’s ticket (403) and other companies’ ids (404)', async () => {
    // B is in Soporte: Ana neither sees nor moves it.
    expect((await api.put(`/api/ticket-tags/${id.B}/${id.nuevo}`, undefined, agent)).status).toBe(403);
    expect((await api.del(`/api/ticket-tags/${id.B}`, agent)).status).toBe(403);
    expect(await ticketTags(id.B)).toEqual([]);
    // Another company's ticket, and its tag, are not found: nothing changes there.
    expect((await api.put(`/api/ticket-tags/${id.Q}/${id.nuevo}`, undefined, admin)).body.error).toBe('ERR_NO_TICKET_FOUND');
    expect((await api.del(`/api/ticket-tags/${id.Q}`, admin)).status).toBe(404);
    expect((await api.put(`/api/ticket-tags/${id.A}/${id.otherTag}`, undefined, admin)).status).toBe(404);
    expect((await api.put(`/api/ticket-tags/${id.A}/${id.nuevo}`, undefined, otherAdmin)).status).toBe(404);
    expect((await api.get(`/api/ticket/kanban?lane=${id.nuevo}`, otherAdmin)).status).toBe(404);
    expect((await queryDb(db.url, `select tag_id from ticket_tags where ticket_id = $1`, [id.Q]))).toEqual([]);
    expect(await ids('showAll=true', otherAdmin)).toEqual([id.Q]);
    expect((await board('showAll=true', otherAdmin)).tickets.some((t) => [id.A, id.B, id.C].includes(t.id))).toBe(false);
  });

  it('pages each lane with its own cursor, one page of 40 at a time, without repeats', async () => {
    const contactIds: number[] = [];
    for (let i = 1; i <= 45; i++) contactIds.push((await api.post('/api/contacts', { name: `Masivo ${i}`, number: `5199900${String(i).padStart(4, '0')}` }, admin)).body.id);
    for (const contactId of contactIds) {
      const r = await api.post('/api/tickets', { contactId, status: 'pending', whatsappId: id.wa2, queueId: id.ventas }, admin);
      expect(r.status).toBe(201);
    }
    const first = await board(`lane=none&whatsappId=${id.wa2}`, agent);
    expect(first.tickets).toHaveLength(KANBAN_LANE_PAGE);
    expect(first.lanes).toEqual([{ lane: null, hasMore: true, cursor: expect.any(String) }]);
    const second = await board(`lane=none&whatsappId=${id.wa2}&cursor=${encodeURIComponent(first.lanes[0].cursor!)}`, agent);
    expect(second.lanes[0]).toMatchObject({ hasMore: false, cursor: null });
    const seen = [...first.tickets, ...second.tickets].map((t) => t.id);
    expect(new Set(seen).size).toBe(46); // the 45 and C
    expect(seen).toContain(id.C);
    expect((await api.get('/api/ticket/kanban?cursor=1.2', agent)).body.details[0]).toMatchObject({ path: 'cursor', message: 'lane_required' });
    expect((await api.get('/api/ticket/kanban?lane=none&cursor=nope', agent)).status).toBe(400);
  });
});
