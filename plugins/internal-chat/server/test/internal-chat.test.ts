import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { SUPER, TENANT_PASSWORD, client, createDatabase, eventually, pause, queryDb, startServer, twoCompanies, unservedEndpoints, type RunningServer } from '@atende/sdk-server/testing';
import { CHAT_ENDPOINTS, CHAT_EVENT, CHAT_MESSAGES_PAGE_SIZE, type Chat, type ChatEvent, type ChatMessage } from '@atende/plugin-internal-chat-contract';
import { ChatsController } from '../src/chats.controller.js';

/**
 * The internal chat API against the real kernel, PostgreSQL and Redis (the plugin is in
 * plugins/installed.json). Alone:
 * npx vitest run --config tooling/vitest.config.ts --project integration plugins/internal-chat/server/test
 */

function socket(url: string, token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = io(url, { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: false });
    s.once('ready', () => resolve(s));
    s.once('connect_error', reject);
  });
}

describe('internal chat', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let api: ReturnType<typeof client>;
  let admin: string;
  let otherAdmin: string;
  let adminId: number;
  const agents: { id: number; token: string }[] = [];
  let outsiderId: number;
  const sockets: Socket[] = [];

  const create = async (token: string, body: object) => {
    const r = await api.post<Chat>('/api/chats', body, token);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body;
  };
  const unreadsOf = (chat: Chat, userId: number) => chat.users.find((u) => u.userId === userId)?.unreads;

  beforeAll(async () => {
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url });
    api = client(server.url);
    ({ admin, otherAdmin } = await twoCompanies(api));
    adminId = (await api.get('/api/auth/me', admin)).body.id;
    for (const n of [1, 2, 3]) {
      const r = await api.post('/api/users', { name: `Agente ${n}`, email: `agente${n}@tienda.test`, password: TENANT_PASSWORD }, admin);
      expect(r.status).toBe(201);
      agents.push({ id: r.body.id, token: (await api.login(`agente${n}@tienda.test`, TENANT_PASSWORD)).token });
    }
    outsiderId = (await api.post('/api/users', { name: 'Ajeno', email: 'ajeno@otra.test', password: TENANT_PASSWORD }, otherAdmin)).body.id;
  }, 90_000);
  afterAll(async () => {
    for (const s of sockets) s.close();
    await server?.stop();
    await db?.drop();
  });

  it('serves every endpoint its contract declares', () => {
    expect(unservedEndpoints([ChatsController], { chats: CHAT_ENDPOINTS })).toEqual([]);
  });

  it('creates a chat: title and one user required, the creator owns it and takes part', async () => {
    const noUsers = await api.post('/api/chats', { title: 'Vacío', users: [] }, admin);
    expect(noUsers.status).toBe(400);
    expect(noUsers.body.details[0]).toMatchObject({ path: 'users', message: 'required' });
    const blank = await api.post('/api/chats', { title: '   ', users: [agents[0].id] }, admin);
    expect(blank.status).toBe(400);
    expect(blank.body.details[0]).toMatchObject({ path: 'title', message: 'required' });
    const chat = await create(admin, { title: '  Turno noche ', users: [agents[0].id, agents[0].id] });
    expect(chat).toMatchObject({ title: 'Turno noche', ownerId: adminId, lastMessage: '' });
    expect(chat.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(chat.users.map((u) => u.userId).sort()).toEqual([adminId, agents[0].id].sort());
    expect(chat.users.find((u) => u.userId === agents[0].id)).toMatchObject({ unreads: 0, user: { id: agents[0].id, name: 'Agente 1' } });
  });

  it('refuses users of another company (tenant isolation on write)', async () => {
    const r = await api.post('/api/chats', { title: 'Mezcla', users: [agents[0].id, outsiderId] }, admin);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: 'ERR_VALIDATION', details: [{ path: 'users', message: 'not_found' }] });
    expect((await api.post('/api/chats', { title: 'Inexistente', users: [99999] }, admin)).status).toBe(400);
    expect(await queryDb(db.url, `select 1 from chats where title in ('Mezcla', 'Inexistente')`)).toEqual([]);
  });

  it('takes users as {id, name} objects (the spec screens\' shape): ids checked against the company, names ignored', async () => {
    const chat = await create(admin, { title: 'Objetos', users: [{ id: agents[1].id, name: 'Nombre falso' }, agents[2].id] });
    expect(chat.users.map((u) => u.userId).sort()).toEqual([adminId, agents[1].id, agents[2].id].sort());
    expect(chat.users.find((u) => u.userId === agents[1].id)?.user.name).toBe('Agente 2');
    const moved = await api.put<Chat>(`/api/chats/${chat.id}`, { users: [{ id: agents[0].id, name: 'x' }] }, admin);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.users.map((u) => u.userId).sort()).toEqual([adminId, agents[0].id].sort());
    const outsider = await api.post('/api/chats', { title: 'Objeto ajeno', users: [{ id: outsiderId, name: 'Ajeno' }] }, admin);
    expect(outsider.status).toBe(400);
    expect(outsider.body).toMatchObject({ error: 'ERR_VALIDATION', details: [{ path: 'users', message: 'not_found' }] });
    expect((await api.post('/api/chats', { title: 'Sin id', users: [{ name: 'Agente 1' }] }, admin)).status).toBe(400);
  });

  it('shows a chat to its participants only (404 for others of the company and of other companies)', async () => {
    const chat = await create(admin, { title: 'Privado', users: [agents[0].id] });
    expect((await api.get(`/api/chats/${chat.id}`, agents[0].token)).body.title).toBe('Privado');
    expect((await api.get(`/api/chats/${chat.uuid}`, agents[0].token)).body.id).toBe(chat.id);
    for (const token of [agents[1].token, otherAdmin]) {
      expect((await api.get(`/api/chats/${chat.id}`, token)).body.error).toBe('ERR_NO_CHAT_FOUND');
      expect((await api.get(`/api/chats/${chat.id}/messages`, token)).status).toBe(404);
      expect((await api.post(`/api/chats/${chat.id}/messages`, { message: 'hola' }, token)).status).toBe(404);
      expect((await api.post(`/api/chats/${chat.id}/read`, {}, token)).status).toBe(404);
      expect((await api.put(`/api/chats/${chat.id}`, { title: 'x' }, token)).status).toBe(404);
      expect((await api.del(`/api/chats/${chat.id}`, token)).status).toBe(404);
      const list = (await api.get('/api/chats?searchParam=Privado', token)).body;
      expect(list.records).toEqual([]);
    }
    expect((await api.get('/api/chats/abc', admin)).status).toBe(400);
    expect((await api.get('/api/chats/1')).status).toBe(401);
  });

  it('lets only the owner edit (partially) and delete: 403 for other participants', async () => {
    const chat = await create(admin, { title: 'Ventas', users: [agents[0].id, agents[1].id] });
    expect((await api.put(`/api/chats/${chat.id}`, { title: 'Hack' }, agents[0].token)).status).toBe(403);
    expect((await api.del(`/api/chats/${chat.id}`, agents[0].token)).status).toBe(403);
    const renamed = await api.put<Chat>(`/api/chats/${chat.id}`, { title: 'Ventas Q3' }, admin);
    expect(renamed.status).toBe(200);
    expect(renamed.body.title).toBe('Ventas Q3');
    expect(renamed.body.users).toHaveLength(3);
    // users replaces the participants; the owner stays whether named or not.
    const moved = await api.put<Chat>(`/api/chats/${chat.id}`, { users: [agents[2].id] }, admin);
    expect(moved.body.title).toBe('Ventas Q3');
    expect(moved.body.users.map((u) => u.userId).sort()).toEqual([adminId, agents[2].id].sort());
    expect((await api.get(`/api/chats/${chat.id}`, agents[0].token)).status).toBe(404);
    expect((await api.put(`/api/chats/${chat.id}`, { users: [outsiderId] }, admin)).status).toBe(400);
    expect((await api.put(`/api/chats/${chat.id}`, { title: '' }, admin)).status).toBe(400);
    expect((await api.del(`/api/chats/${chat.id}`, admin)).status).toBe(204);
    expect((await api.get(`/api/chats/${chat.id}`, admin)).status).toBe(404);
  });

  it('counts unreads per user with each message and clears them on read (the caller only)', async () => {
    const chat = await create(admin, { title: 'Soporte', users: [agents[0].id, agents[1].id] });
    const blank = await api.post(`/api/chats/${chat.id}/messages`, { message: '   ' }, admin);
    expect(blank.status).toBe(400);
    expect((await api.post(`/api/chats/${chat.id}/messages`, { message: 'x'.repeat(4001) }, admin)).body.details[0].message).toBe('too_long');
    const sent = await api.post<ChatMessage>(`/api/chats/${chat.id}/messages`, { message: '  Hola equipo ' }, admin);
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ chatId: chat.id, senderId: adminId, sender: { id: adminId }, message: 'Hola equipo' });
    await api.post(`/api/chats/${chat.id}/messages`, { message: '¿Alguien?' }, admin);
    const seen = (await api.get<Chat>(`/api/chats/${chat.id}`, agents[0].token)).body;
    expect(unreadsOf(seen, agents[0].id)).toBe(2);
    expect(unreadsOf(seen, agents[1].id)).toBe(2);
    expect(unreadsOf(seen, adminId)).toBe(0);
    expect(seen.lastMessage).toBe('¿Alguien?');
    // Concurrent sends each add one: the counter is kept in the insert's own statement.
    await Promise.all(Array.from({ length: 10 }, (_, i) => api.post(`/api/chats/${chat.id}/messages`, { message: `ráfaga ${i}` }, agents[1].token)));
    const after = (await api.get<Chat>(`/api/chats/${chat.id}`, agents[0].token)).body;
    expect(unreadsOf(after, agents[0].id)).toBe(12);
    expect(unreadsOf(after, adminId)).toBe(10);
    expect(unreadsOf(after, agents[1].id)).toBe(0); // writing means having read
    const page = (await api.get(`/api/chats?searchParam=Soporte`, agents[0].token)).body;
    expect(page.unreads).toBeGreaterThanOrEqual(12);
    // Marking another user's read is refused; the caller's own works.
    expect((await api.post(`/api/chats/${chat.id}/read`, { userId: adminId }, agents[0].token)).status).toBe(403);
    const read = await api.post<Chat>(`/api/chats/${chat.id}/read`, { userId: agents[0].id }, agents[0].token);
    expect(read.status).toBe(200);
    expect(unreadsOf(read.body, agents[0].id)).toBe(0);
    expect(unreadsOf(read.body, adminId)).toBe(10);
    expect(unreadsOf((await api.post<Chat>(`/api/chats/${chat.id}/read`, {}, admin)).body, adminId)).toBe(0);
  });

  it('pages messages newest page first, each page oldest first', async () => {
    const chat = await create(admin, { title: 'Historial', users: [agents[0].id] });
    await queryDb(
      db.url,
      `insert into chat_messages (chat_id, company_id, sender_id, message) select $1, company_id, $2, 'm' || g from chats, generate_series(1, 45) g where chats.id = $1`,
      [chat.id, adminId],
    );
    const first = (await api.get(`/api/chats/${chat.id}/messages?pageNumber=1`, agents[0].token)).body;
    expect(first.records).toHaveLength(CHAT_MESSAGES_PAGE_SIZE);
    expect(first.hasMore).toBe(true);
    expect(first.count).toBe(45);
    expect(first.records.at(-1).message).toBe('m45');
    expect(first.records[0].message).toBe(`m${45 - CHAT_MESSAGES_PAGE_SIZE + 1}`);
    const second = (await api.get(`/api/chats/${chat.id}/messages?pageNumber=2`, agents[0].token)).body;
    expect(second.records.map((m: ChatMessage) => m.message)).toEqual(Array.from({ length: 45 - CHAT_MESSAGES_PAGE_SIZE }, (_, i) => `m${i + 1}`));
    expect(second.hasMore).toBe(false);
  });

  it('lists the caller’s chats only, most recent first, with search and paging', async () => {
    const a = await create(agents[2].token, { title: 'Lista A', users: [agents[1].id] });
    const b = await create(agents[2].token, { title: 'Lista B', users: [agents[1].id] });
    await api.post(`/api/chats/${a.id}/messages`, { message: 'sube' }, agents[2].token);
    const list = (await api.get('/api/chats?searchParam=lista', agents[1].token)).body;
    expect(list.records.map((c: Chat) => c.id)).toEqual([a.id, b.id]);
    expect(list.records[0].lastMessage).toBe('sube');
    expect((await api.get('/api/chats?searchParam=lista', agents[0].token)).body.records).toEqual([]);
    expect((await api.get('/api/chats?searchParam=lista', otherAdmin)).body.records).toEqual([]);
    await queryDb(
      db.url,
      `with c as (insert into chats (company_id, title, owner_id) select company_id, 'Lote ' || g, id from users, generate_series(1, 25) g where id = $1 returning id, company_id)
       insert into chat_users (chat_id, user_id, company_id) select id, $1, company_id from c`,
      [agents[0].id],
    );
    const p1 = (await api.get('/api/chats?searchParam=Lote&pageNumber=1', agents[0].token)).body;
    const p2 = (await api.get('/api/chats?searchParam=Lote&pageNumber=2', agents[0].token)).body;
    expect(p1.records).toHaveLength(20);
    expect(p1.hasMore).toBe(true);
    expect(p2.records).toHaveLength(5);
    expect(p2.hasMore).toBe(false);
    expect(p1.count).toBe(25);
  });

  it('tells participants only: create, new-message, update, a removed user stops hearing, delete', async () => {
    const [s0, s1, sOther] = await Promise.all([socket(server.url, agents[0].token), socket(server.url, agents[1].token), socket(server.url, otherAdmin)]);
    sockets.push(s0, s1, sOther);
    const heard: Record<string, ChatEvent[]> = { a0: [], a1: [], other: [] };
    s0.on(CHAT_EVENT, (e: ChatEvent) => heard.a0.push(e));
    s1.on(CHAT_EVENT, (e: ChatEvent) => heard.a1.push(e));
    sOther.on(CHAT_EVENT, (e: ChatEvent) => heard.other.push(e));
    const chat = await create(admin, { title: 'En vivo', users: [agents[0].id] });
    await eventually(async () => heard.a0.some((e) => e.action === 'create' && e.record.id === chat.id));
    await api.post(`/api/chats/${chat.id}/messages`, { message: 'primero' }, admin);
    const got = await eventually(async () => heard.a0.find((e) => e.action === 'new-message'));
    expect(got).toMatchObject({ action: 'new-message', record: { id: chat.id, lastMessage: 'primero' }, newMessage: { message: 'primero', senderId: adminId } });
    if (got.action === 'new-message') expect(unreadsOf(got.record, agents[0].id)).toBe(1);
    // Agent 0 leaves, agent 1 joins.
    await api.put(`/api/chats/${chat.id}`, { users: [agents[1].id] }, admin);
    await eventually(async () => heard.a0.some((e) => e.action === 'delete' && e.id === chat.id));
    await eventually(async () => heard.a1.some((e) => e.action === 'update' && e.record.id === chat.id));
    const before = heard.a0.length;
    await api.post(`/api/chats/${chat.id}/messages`, { message: 'segundo' }, admin);
    await eventually(async () => heard.a1.some((e) => e.action === 'new-message' && e.newMessage.message === 'segundo'));
    await pause(300);
    expect(heard.a0.length).toBe(before);
    await api.del(`/api/chats/${chat.id}`, admin);
    await eventually(async () => heard.a1.some((e) => e.action === 'delete' && e.id === chat.id));
    expect(heard.other).toEqual([]);
  });

  it('is refused (403) for a company whose plan lacks useInternalChat', async () => {
    const sup = (await api.login(SUPER.email, SUPER.password)).token;
    const plan = (await api.post('/api/plans', { name: 'Sin chat', value: 10, users: 10, connections: 2, queues: 5, useInternalChat: false }, sup)).body;
    const otherId = (await api.login('admin@otra.test', TENANT_PASSWORD)).user.companyId;
    expect((await api.put(`/api/companies/${otherId}`, { planId: plan.id }, sup)).status).toBe(200);
    const token = (await api.login('admin@otra.test', TENANT_PASSWORD)).token;
    const list = await api.get('/api/chats', token);
    expect(list.status).toBe(403);
    expect(list.body.error).toBe('ERR_NO_PERMISSION');
    expect((await api.post('/api/chats', { title: 'x', users: [outsiderId] }, token)).status).toBe(403);
    const plugins = (await api.get('/api/plugins', token)).body as { id: string; locked?: boolean }[];
    expect(plugins.find((p) => p.id === 'internal-chat')?.locked ?? true).toBe(true);
    // Tienda's plan still has it.
    expect((await api.get('/api/chats', admin)).status).toBe(200);
  });
});
