import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPER, client, createDatabase, startServer, type RunningServer } from '../../support/server.js';
import { twoCompanies } from '../../support/tenants.js';

/**
 * Issue 9 item 19: every PUT changes only the fields it carries; an omitted field keeps its value
 * (no fall-back to create defaults). Item 22: queue options accept `option` as a number or a numeric string.
 */
describe('partial updates (item 19) and queue options (item 22)', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let api: ReturnType<typeof client>;
  let admin: string;
  let companyId: number;
  let sup: string;

  beforeAll(async () => {
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url });
    api = client(server.url);
    ({ admin, companyId } = await twoCompanies(api));
    sup = (await api.login(SUPER.email, SUPER.password)).token;
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  it('PUT /whatsapp/{id} without isDefault keeps the default connection (no ERR_NO_OTHER_WHATSAPP)', async () => {
    const q = (await api.post('/api/queue', { name: 'Cola', color: '#009688' }, admin)).body.id;
    const wa = (await api.post('/api/whatsapp', { name: 'Principal', provider: 'sandbox', isDefault: true, greetingMessage: 'Hola', queueIds: [q], maxUseBotQueues: 7 }, admin)).body;
    const r = await api.put(`/api/whatsapp/${wa.id}`, { name: 'Principal 2' }, admin);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ name: 'Principal 2', isDefault: true, greetingMessage: 'Hola', maxUseBotQueues: 7 });
    expect(r.body.queues.map((x: { id: number }) => x.id)).toEqual([q]);
    // Sent, queueIds replace the connection's queues (also when the same ids come back).
    const q2 = (await api.post('/api/queue', { name: 'Cola 2', color: '#607d8b' }, admin)).body.id;
    const again = await api.put(`/api/whatsapp/${wa.id}`, { ...r.body, queueIds: [q, q2] }, admin);
    expect(again.body.queues.map((x: { id: number }) => x.id).sort()).toEqual([q, q2].sort());
    expect((await api.get(`/api/whatsapp/${wa.id}`, admin)).body.queues).toHaveLength(2);
    // Explicitly unsetting the only default is still refused.
    expect((await api.put(`/api/whatsapp/${wa.id}`, { isDefault: false }, admin)).body.error).toBe('ERR_NO_OTHER_WHATSAPP');
  });

  it('PUT /companies/{id} without campaignsEnabled (or anything else) keeps the rest', async () => {
    const before = (await api.get(`/api/companies/${companyId}`, sup)).body;
    const r = await api.put(`/api/companies/${companyId}`, { name: 'Tienda Nueva' }, sup);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ name: 'Tienda Nueva', email: before.email, status: before.status, campaignsEnabled: before.campaignsEnabled, planId: before.planId, dueDate: before.dueDate });
  });

  it('queues, tags, quick messages, contacts and plans keep what the body leaves out', async () => {
    const queue = (await api.post('/api/queue', { name: 'Horario', color: '#3f51b5', greetingMessage: 'Bienvenido', outOfHoursMessage: 'Cerrado' }, admin)).body;
    expect((await api.put(`/api/queue/${queue.id}`, { name: 'Horario 2' }, admin)).body).toMatchObject({ name: 'Horario 2', color: '#3f51b5', greetingMessage: 'Bienvenido', outOfHoursMessage: 'Cerrado' });

    const tag = (await api.post('/api/tags', { name: 'Urgente', color: '#ff0000' }, admin)).body;
    expect((await api.put(`/api/tags/${tag.id}`, { name: 'Muy urgente' }, admin)).body).toMatchObject({ name: 'Muy urgente', color: '#ff0000' });

    const quick = (await api.post('/api/quick-messages', { shortcode: 'hola', message: 'Hola, ¿en qué le ayudo?', geral: true }, admin)).body;
    expect((await api.put(`/api/quick-messages/${quick.id}`, { shortcode: 'saludo' }, admin)).body).toMatchObject({ shortcode: 'saludo', message: 'Hola, ¿en qué le ayudo?', geral: true });

    const contact = (await api.post('/api/contacts', { name: 'Carla', number: '51999111222', email: 'carla@x.test', extraInfo: [{ name: 'DNI', value: '123' }] }, admin)).body;
    const c2 = (await api.put(`/api/contacts/${contact.id}`, { name: 'Carla Pérez' }, admin)).body;
    expect(c2).toMatchObject({ name: 'Carla Pérez', number: '51999111222', email: 'carla@x.test' });
    expect(c2.extraInfo).toHaveLength(1);

    const plan = (await api.post('/api/plans', { name: 'Sin campañas', value: 10, users: 1, connections: 1, queues: 1, useCampaigns: false }, sup)).body;
    expect((await api.put(`/api/plans/${plan.id}`, { value: 20 }, sup)).body).toMatchObject({ value: 20, name: 'Sin campañas', useCampaigns: false, users: 1 });
  });

  it('queue options: option as a number or a numeric string; a partial update keeps it', async () => {
    const queue = (await api.post('/api/queue', { name: 'Opciones', color: '#8bc34a' }, admin)).body.id;
    const asNumber = await api.post('/api/queue-options', { queueId: queue, title: 'Ventas', option: 1 }, admin);
    expect(asNumber.status, JSON.stringify(asNumber.body)).toBe(201);
    expect(asNumber.body.option).toBe('1');
    const asString = await api.post('/api/queue-options', { queueId: queue, title: 'Soporte', option: '2' }, admin);
    expect(asString.body.option).toBe('2');
    expect((await api.post('/api/queue-options', { queueId: queue, title: 'Malo', option: 'dos' }, admin)).status).toBe(400);
    expect((await api.post('/api/queue-options', { queueId: queue, title: 'Malo', option: 1.5 }, admin)).status).toBe(400);
    const renamed = await api.put(`/api/queue-options/${asNumber.body.id}`, { title: 'Ventas y pedidos' }, admin);
    expect(renamed.body).toMatchObject({ title: 'Ventas y pedidos', option: '1', queueId: queue });
  });
});
