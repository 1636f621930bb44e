import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createDatabase, queryDb, startServer, type RunningServer } from '../../support/server.js';
import { TENANT_PASSWORD, twoCompanies } from '../../support/tenants.js';
import { eventually } from '../../support/wait.js';

/**
 * Issue 9, tickets: every id on a ticket is the caller's company's (item 2, checked by the API and
 * refused by the database), and the transfer takes the spec's body (item 17).
 */
describe('security: tickets', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let api: ReturnType<typeof client>;
  let admin: string;
  let otherAdmin: string;
  let outsiderId: number;
  let wa: number;
  let wa2: number;
  let q1: number;
  let q2: number;
  const sql = (q: string, params: unknown[] = []) => queryDb(db.url, q, params);
  let n = 0;
  const newContact = async () => (await api.post('/api/contacts', { name: `Cliente ${++n}`, number: `5198800${String(n).padStart(4, '0')}` }, admin)).body.id as number;

  beforeAll(async () => {
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url });
    api = client(server.url);
    ({ admin, otherAdmin } = await twoCompanies(api));
    outsiderId = (await api.post('/api/users', { name: 'Ajena', email: 'ajena@otra.test', password: TENANT_PASSWORD }, otherAdmin)).body.id;
    wa = (await api.post('/api/whatsapp', { name: 'Principal', provider: 'sandbox', isDefault: true }, admin)).body.id;
    wa2 = (await api.post('/api/whatsapp', { name: 'Ventas', provider: 'sandbox' }, admin)).body.id;
    for (const id of [wa, wa2]) {
      expect((await api.post(`/api/whatsappsession/${id}`, {}, admin)).status).toBe(200);
      await eventually(async () => (await api.get(`/api/whatsapp/${id}`, admin)).body.status === 'CONNECTED');
    }
    q1 = (await api.post('/api/queue', { name: 'Soporte', color: '#e91e63' }, admin)).body.id;
    q2 = (await api.post('/api/queue', { name: 'Ventas', color: '#3f51b5' }, admin)).body.id;
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  describe('another company’s user is never assigned (item 2)', () => {
    it('POST /tickets with a userId of another company answers 404 and creates nothing', async () => {
      const contactId = await newContact();
      const r = await api.post('/api/tickets', { contactId, userId: outsiderId, status: 'open' }, admin);
      expect(r.status).toBe(404);
      expect(r.body.error).toBe('ERR_NO_USER_FOUND');
      expect(await sql('select id from tickets where contact_id = $1', [contactId])).toEqual([]);
    });

    it('POST /tickets with a queueId or whatsappId of another company answers 404 and creates nothing', async () => {
      const contactId = await newContact();
      const foreignQueue = (await api.post('/api/queue', { name: 'Cola ajena', color: '#795548' }, otherAdmin)).body.id;
      const foreignWa = (await api.post('/api/whatsapp', { name: 'Línea ajena', provider: 'sandbox' }, otherAdmin)).body.id;
      const byQueue = await api.post('/api/tickets', { contactId, queueId: foreignQueue, status: 'open' }, admin);
      expect([byQueue.status, byQueue.body.error]).toEqual([404, 'ERR_NO_QUEUE_FOUND']);
      const byWa = await api.post('/api/tickets', { contactId, whatsappId: foreignWa, status: 'open' }, admin);
      expect([byWa.status, byWa.body.error]).toEqual([404, 'ERR_NO_WAPP_FOUND']);
      expect(await sql('select id from tickets where contact_id = $1', [contactId])).toEqual([]);
    });

    it('PUT /tickets/{id} with a userId or whatsappId of another company answers 404', async () => {
      const t = (await api.post('/api/tickets', { contactId: await newContact(), status: 'open' }, admin)).body;
      expect((await api.put(`/api/tickets/${t.id}`, { status: 'open', userId: outsiderId }, admin)).body.error).toBe('ERR_NO_USER_FOUND');
      const foreignWa = (await api.post('/api/whatsapp', { name: 'Ajena', provider: 'sandbox', isDefault: true }, otherAdmin)).body.id;
      const r = await api.put(`/api/tickets/${t.id}`, { queueId: q1, whatsappId: foreignWa }, admin);
      expect(r.status).toBe(404);
      expect(r.body.error).toBe('ERR_NO_WAPP_FOUND');
    });

    it('the database refuses a ticket whose user, queue, contact or connection is another company’s', async () => {
      const t = (await api.post('/api/tickets', { contactId: await newContact(), status: 'open' }, admin)).body;
      await expect(sql('update tickets set user_id = $1 where id = $2', [outsiderId, t.id])).rejects.toThrow(/tickets_user_id_same_company/);
      const [foreignQueue] = await sql(`select id from queues where company_id <> (select company_id from tickets where id = $1) limit 1`, [t.id]);
      if (foreignQueue) await expect(sql('update tickets set queue_id = $1 where id = $2', [foreignQueue.id, t.id])).rejects.toThrow(/same_company/);
      const [foreignWa] = await sql(`select id from whatsapps where company_id <> (select company_id from tickets where id = $1) limit 1`, [t.id]);
      await expect(sql('update tickets set whatsapp_id = $1 where id = $2', [foreignWa.id, t.id])).rejects.toThrow(/tickets_whatsapp_id_same_company/);
    });
  });

  describe('same-company visibility (item 15)', () => {
    it('ticket notes: only those of tickets the user may open', async () => {
      const contactId = await newContact();
      const visible = (await api.post('/api/tickets', { contactId, queueId: q1, whatsappId: wa, status: 'pending' }, admin)).body;
      const hidden = (await api.post('/api/tickets', { contactId, queueId: q2, whatsappId: wa2, status: 'pending' }, admin)).body;
      expect((await api.post('/api/ticket-notes', { ticketId: visible.id, contactId, note: 'Nota de soporte' }, admin)).status).toBe(201);
      expect((await api.post('/api/ticket-notes', { ticketId: hidden.id, contactId, note: 'Nota privada de ventas' }, admin)).status).toBe(201);
      await api.post('/api/users', { name: 'Solo Soporte', email: 'notas@tienda.test', password: TENANT_PASSWORD, queueIds: [q1] }, admin);
      const agent = (await api.login('notas@tienda.test', TENANT_PASSWORD)).token;
      const notes = (await api.get(`/api/ticket-notes/list?contactId=${contactId}`, agent)).body as { note: string }[];
      expect(notes.map((n) => n.note)).toEqual(['Nota de soporte']);
      expect((await api.get(`/api/ticket-notes/list?contactId=${contactId}&ticketId=${hidden.id}`, agent)).status).toBe(403);
      expect((await api.get(`/api/ticket-notes/list?contactId=${contactId}`, admin)).body).toHaveLength(2);
    });

    it('409 ERR_OTHER_OPEN_TICKET names only the ticket, its agent and its queue', async () => {
      const contactId = await newContact();
      await api.post('/api/tickets', { contactId, queueId: q1, status: 'open' }, admin);
      const r = await api.post('/api/tickets', { contactId, status: 'open' }, admin);
      expect(r.status).toBe(409);
      expect(Object.keys(r.body.details.ticket).sort()).toEqual(['id', 'queue', 'user', 'uuid']);
      expect(Object.keys(r.body.details.ticket.user).sort()).toEqual(['id', 'name']);
      expect(r.body.details.ticket.queue).toEqual({ id: q1, name: 'Soporte' });
    });

    it('the contacts CSV export is a permission (admins by default)', async () => {
      await api.post('/api/users', { name: 'Sin Export', email: 'export@tienda.test', password: TENANT_PASSWORD }, admin);
      const agent = (await api.login('export@tienda.test', TENANT_PASSWORD)).token;
      expect((await api.get('/api/contacts/export', agent)).status).toBe(403);
      expect((await api.get('/api/contacts/export', admin)).status).toBe(200);
    });
  });

  describe('allTicket enabled: queueless waiting tickets beside the filtered queues (item 18)', () => {
    it('an agent with allTicket sees them while filtering by its queues; without allTicket it does not', async () => {
      const make = async (email: string, allTicket: string) => {
        const id = (await api.post('/api/users', { name: email.split('@')[0], email, password: TENANT_PASSWORD, queueIds: [q1], allTicket }, admin)).body.id;
        expect(id).toBeTruthy();
        return (await api.login(email, TENANT_PASSWORD)).token;
      };
      const withAll = await make('todo@tienda.test', 'enabled');
      const without = await make('solo@tienda.test', 'desabled');
      const queueless = (await api.post('/api/tickets', { contactId: await newContact(), status: 'pending' }, admin)).body;
      const inQueue = (await api.post('/api/tickets', { contactId: await newContact(), queueId: q1, status: 'pending' }, admin)).body;
      const waiting = async (token: string) =>
        ((await api.get(`/api/tickets?status=pending&queueIds=${encodeURIComponent(JSON.stringify([q1]))}`, token)).body.tickets as { id: number }[]).map((t) => t.id);
      expect(await waiting(withAll)).toEqual(expect.arrayContaining([queueless.id, inQueue.id]));
      const plain = await waiting(without);
      expect(plain).toContain(inQueue.id);
      expect(plain).not.toContain(queueless.id);
    });
  });

  describe('transfer with the spec’s body {status, queueId, userId, whatsappId} (item 17)', () => {
    it('changes the queue even when status is present, and back to waiting without a user', async () => {
      const t = (await api.post('/api/tickets', { contactId: await newContact(), queueId: q1, status: 'open' }, admin)).body;
      const r = await api.put(`/api/tickets/${t.id}`, { status: 'pending', queueId: q2, userId: null }, admin);
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ queueId: q2, status: 'pending', userId: null });
    });

    it('with a user: that user and queue, open', async () => {
      const agentId = (await api.post('/api/users', { name: 'Bruno', email: 'bruno@tienda.test', password: TENANT_PASSWORD, queueIds: [q2] }, admin)).body.id;
      const t = (await api.post('/api/tickets', { contactId: await newContact(), queueId: q1, status: 'open' }, admin)).body;
      const r = await api.put(`/api/tickets/${t.id}`, { status: 'open', queueId: q2, userId: agentId }, admin);
      expect(r.body).toMatchObject({ queueId: q2, status: 'open', userId: agentId });
    });

    it('whatsappId moves the ticket to that connection of the company, and the transfer notice goes out there', async () => {
      expect((await api.put('/api/settings/sendMsgTransfTicket', { value: 'enabled' }, admin)).status).toBe(200);
      const contactId = await newContact();
      const number = (await sql('select number from contacts where id = $1', [contactId]))[0].number;
      const t = (await api.post('/api/tickets', { contactId, queueId: q1, status: 'open' }, admin)).body;
      expect(t.whatsappId).toBe(wa);
      const r = await api.put(`/api/tickets/${t.id}`, { status: 'pending', queueId: q2, userId: null, whatsappId: wa2 }, admin);
      expect(r.body).toMatchObject({ whatsappId: wa2, queueId: q2, status: 'pending' });
      await eventually(async () => {
        const sent = (await api.get(`/api/sandbox/${wa2}/messages?to=${number}`, admin)).body as { body: string }[];
        return sent.some((m) => m.body.includes('*Ventas*'));
      });
    });
  });
});
