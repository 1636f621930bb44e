import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { SUPER, client, createDatabase, startServer, type RunningServer } from '../../support/server.js';
import { connect, record } from '../../support/realtime.js';
import { TENANT_PASSWORD, twoCompanies } from '../../support/tenants.js';
import { eventually, pause } from '../../support/wait.js';

const ROOT = path.resolve(import.meta.dirname, '../../../..');

/**
 * Issue 27 item 9: plugin realtime events reach only who may read them (the permission the HTTP route
 * asks) in companies whose plan has the plugin's flag, and sockets follow profile changes.
 */
describe('security: realtime audiences of plugin events (issue 27 item 9)', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let api: ReturnType<typeof client>;
  let admin: string;
  let otherAdmin: string;
  let sup: string;
  let agent: string;
  let agentId: number;
  let companyId: number;
  const sockets: Socket[] = [];
  const open = async (token: string) => {
    const s = await connect(server.url, token);
    sockets.push(s);
    return s;
  };

  beforeAll(async () => {
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url, env: { ATENDE_PLUGINS: path.join(ROOT, 'tooling/test/fixtures/realtime-plugin/index.mjs') } });
    api = client(server.url);
    ({ admin, otherAdmin, companyId } = await twoCompanies(api));
    sup = (await api.login(SUPER.email, SUPER.password)).token;
    const created = await api.post('/api/users', { name: 'Agente', email: 'agente@tienda.test', password: TENANT_PASSWORD }, admin);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    agentId = created.body.id;
    agent = (await api.login('agente@tienda.test', TENANT_PASSWORD)).token;
  });
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    await server?.stop();
    await db?.drop();
  });

  it('campaign and contact-list events reach the admin, not the agent who gets 403 on them; file events go to whoever may open /files', async () => {
    const adminSocket = await open(admin);
    const agentSocket = await open(agent);
    const seen = (s: Socket) => ({ campaign: record(s, 'campaign'), contactList: record(s, 'contactList'), file: record(s, 'file') });
    const byAdmin = seen(adminSocket);
    const byAgent = seen(agentSocket);
    expect((await api.get('/api/campaigns', agent)).status).toBe(403);
    expect((await api.get('/api/contact-lists', agent)).status).toBe(403);
    expect((await api.get('/api/files', agent)).status).toBe(200);

    const list = await api.post('/api/contact-lists', { name: 'Clientes VIP' }, admin);
    expect(list.status, JSON.stringify(list.body)).toBe(201);
    const campaign = await api.post('/api/campaigns', { name: 'Campaña VIP', message1: 'Hola' }, admin);
    expect(campaign.status, JSON.stringify(campaign.body)).toBe(201);
    const file = await api.post('/api/files', { name: 'Catálogo', message: 'Nuestro catálogo' }, admin);
    expect(file.status, JSON.stringify(file.body)).toBe(201);

    await eventually(async () => byAdmin.contactList.some((e) => e.record?.id === list.body.id) && byAdmin.campaign.some((e) => e.record?.id === campaign.body.id));
    await eventually(async () => byAgent.file.some((e) => e.record?.id === file.body.id) && byAdmin.file.some((e) => e.record?.id === file.body.id));
    await pause(300);
    expect(byAgent.campaign).toEqual([]);
    expect(byAgent.contactList).toEqual([]);
  });

  it('a user promoted to admin starts hearing contact-list events on the same socket, and stops when made a user again', async () => {
    const agentSocket = await open(agent);
    const heard = record(agentSocket, 'contactList');
    expect((await api.put(`/api/users/${agentId}`, { profile: 'admin' }, admin)).status).toBe(200);
    const first = (await api.post('/api/contact-lists', { name: 'Tras ascenso' }, admin)).body;
    await eventually(async () => heard.some((e) => e.record?.id === first.id));

    expect((await api.put(`/api/users/${agentId}`, { profile: 'user' }, admin)).status).toBe(200);
    const second = (await api.post('/api/contact-lists', { name: 'Tras descenso' }, admin)).body;
    await pause(500);
    expect(heard.some((e) => e.record?.id === second.id)).toBe(false);
  });

  it("a company whose plan lacks the plugin's flag hears none of its events, whatever the audience; one with it does", async () => {
    const otherId = (await api.get('/api/auth/me', otherAdmin)).body.companyId as number;
    const otherUserId = (await api.get('/api/auth/me', otherAdmin)).body.id as number;
    const plan = await api.post('/api/plans', { name: 'Sin campañas', value: 10, users: 10, connections: 2, queues: 5, useCampaigns: false }, sup);
    expect(plan.status, JSON.stringify(plan.body)).toBe(201);
    expect((await api.put(`/api/companies/${otherId}`, { planId: plan.body.id }, sup)).status).toBe(200);
    const other = record(await open(otherAdmin), 'fixture-rt');
    const tienda = record(await open(admin), 'fixture-rt');
    const emit = (body: object) => api.post('/api/fixture-realtime/emit', body, sup);

    for (const [i, body] of [{ companyId: otherId }, { companyId: otherId, permission: 'fixture-realtime:read' }, { companyId: otherId, permission: 'workspace:use' }, { userId: otherUserId }].entries()) {
      expect((await emit({ ...body, n: i })).status).toBe(200);
    }
    expect((await emit({ companyId, permission: 'fixture-realtime:read', n: 10 })).status).toBe(200);
    expect((await emit({ companyId, n: 11 })).status).toBe(200);
    await eventually(async () => tienda.length === 2);
    await pause(300);
    expect(tienda.map((e) => e.n)).toEqual([10, 11]);
    expect(other).toEqual([]);
    // Tienda's admin may not send: the route's permission is the super user's.
    expect((await api.post('/api/fixture-realtime/emit', { companyId, n: 12 }, admin)).status).toBe(403);
  });
});
