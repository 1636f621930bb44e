import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPER, client, createDatabase, startServer, type RunningServer } from '../support/server.js';

const PW = 'Str0ng-pass';

/** The server side of the ticket view's transfer modal: queue and user names, and the transfer itself. */
describe('ticket view: transfer targets', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let api: ReturnType<typeof client>;
  let admin: string;
  let agent: string;
  let otherAdmin: string;
  let ventas: number;
  let soporte: number;

  beforeAll(async () => {
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url });
    api = client(server.url);
    const sup = (await api.login(SUPER.email, SUPER.password)).token;
    const plan = (await api.post('/api/plans', { name: 'TV', value: 10, users: 5, connections: 1, queues: 5 }, sup)).body;
    await api.post('/api/companies', { name: 'Tienda', email: 'admin@tv.test', password: PW, planId: plan.id }, sup);
    await api.post('/api/companies', { name: 'Otra', email: 'admin@otra-tv.test', password: PW, planId: plan.id }, sup);
    admin = (await api.login('admin@tv.test', PW)).token;
    otherAdmin = (await api.login('admin@otra-tv.test', PW)).token;
    ventas = (await api.post('/api/queue', { name: 'Ventas', color: '#e91e63' }, admin)).body.id;
    soporte = (await api.post('/api/queue', { name: 'Soporte', color: '#3f51b5' }, admin)).body.id;
    await api.post('/api/queue', { name: 'Ajena', color: '#000000' }, otherAdmin);
    await api.post('/api/users', { name: 'Ana', email: 'ana@tv.test', password: PW, queueIds: [ventas] }, admin);
    agent = (await api.login('ana@tv.test', PW)).token;
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  it('GET /queue/names lists every queue of the company to agents too, and nothing of other companies', async () => {
    // GET /queue keeps showing agents only their own queues.
    expect((await api.get('/api/queue', agent)).body.map((q: { id: number }) => q.id)).toEqual([ventas]);
    const names = await api.get('/api/queue/names', agent);
    expect(names.status).toBe(200);
    expect(names.body).toEqual(
      expect.arrayContaining([
        { id: ventas, name: 'Ventas', color: '#e91e63' },
        { id: soporte, name: 'Soporte', color: '#3f51b5' },
      ]),
    );
    expect(names.body).toHaveLength(2);
    // Only names and colours leave the server (greetings stay private).
    expect(Object.keys(names.body[0]).sort()).toEqual(['color', 'id', 'name']);
    expect((await api.get('/api/queue/names', otherAdmin)).body.map((q: { name: string }) => q.name)).toEqual(['Ajena']);
    expect((await api.get('/api/queue/names')).status).toBe(401);
  });

  it('GET /users/list gives agents the names of the company’s users for the user search', async () => {
    const list = await api.get('/api/users/list', agent);
    expect(list.status).toBe(200);
    expect(list.body.map((u: { name: string }) => u.name)).toEqual(expect.arrayContaining(['Ana']));
    // The full user list stays admin-only.
    expect((await api.get('/api/users?searchParam=Ana', agent)).status).toBe(403);
  });
});
