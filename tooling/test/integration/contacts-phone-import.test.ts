import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { client, createDatabase, startServer, type RunningServer } from '../support/server.js';
import { connect, record } from '../support/realtime.js';
import { TENANT_PASSWORD, twoCompanies } from '../support/tenants.js';
import { eventually, pause } from '../support/wait.js';

/**
 * Import from the phone (core-operations §7 POST /contacts/import): the phone book a connection's
 * session reports (here the sandbox phone's, POST /sandbox/{id}/contacts) becomes company contacts.
 */
describe('contacts: import from the phone', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let api: ReturnType<typeof client>;
  let sql: pg.Client;
  let admin: string;
  let agent: string;
  let otherAdmin: string;
  let companyId: number;
  let wa: number;

  const importPhone = (body: object | undefined, token: string) => api.post('/api/contacts/import', body, token);
  const pushBook = (id: number, contacts: { number: string; name?: string }[], token = admin) => api.post(`/api/sandbox/${id}/contacts`, { contacts }, token);
  const book = async (id: number) =>
    (await sql.query(`select number, name from channel_contacts where whatsapp_id = $1 order by number`, [id])).rows as { number: string; name: string | null }[];
  const contacts = async () =>
    (await sql.query(`select number, name, whatsapp_id from contacts where company_id = $1 order by number`, [companyId])).rows as {
      number: string;
      name: string;
      whatsapp_id: number | null;
    }[];
  const sandbox = async (name: string, token: string) => {
    const r = await api.post('/api/whatsapp', { name, provider: 'sandbox' }, token);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const id = r.body.id as number;
    expect((await api.post(`/api/whatsappsession/${id}`, {}, token)).status).toBe(200);
    await eventually(async () => (await api.get(`/api/whatsapp/${id}`, token)).body.status === 'CONNECTED');
    return id;
  };

  beforeAll(async () => {
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url });
    api = client(server.url);
    sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
    ({ admin, companyId, otherAdmin } = await twoCompanies(api));
    await api.post('/api/users', { name: 'Ana', email: 'ana@tienda.test', password: TENANT_PASSWORD }, admin);
    agent = (await api.login('ana@tienda.test', TENANT_PASSWORD)).token;
    wa = await sandbox('Teléfono', admin); // the company's first connection: its default
    // Contacts the company already has: one with a name, one still named by its number.
    expect((await api.post('/api/contacts', { name: 'Eva Cliente', number: '51911100001' }, admin)).status).toBe(201);
    expect((await api.post('/api/contacts', { name: '51911100002', number: '51911100002' }, admin)).status).toBe(201);
  });
  afterAll(async () => {
    await sql?.end();
    await server?.stop();
    await db?.drop();
  });

  it('keeps the phone book the session reports, phone numbers only, known contacts or not', async () => {
    const r = await pushBook(wa, [
      { number: '51911100001', name: 'Eva del teléfono' },
      { number: '51911100002', name: 'Pepe' },
      { number: '51911100003', name: '  Nuevo Uno  ' },
      { number: '51911100004' },
      // What is not a phone number is never kept: group ids (with or without their suffix), old-style
      // group ids, numbers too short or too long, anything else.
      { number: '120363012345678901@g.us', name: 'Grupo familia' },
      { number: '120363012345678901', name: 'Grupo sin sufijo' },
      { number: '5511987654321-1600000000', name: 'Grupo antiguo' },
      { number: '1234567', name: 'Corto' },
      { number: '5191110000512345', name: 'Largo' },
      { number: 'abc', name: 'Basura' },
    ]);
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    expect(r.body).toEqual({ queued: true, contacts: 10 });
    // Every entry is handled in order and the bad ones are dropped before any query: once the good
    // ones are stored, nothing else will be.
    await eventually(async () => (await book(wa)).length === 4);
    expect(await book(wa)).toEqual([
      { number: '51911100001', name: 'Eva del teléfono' },
      { number: '51911100002', name: 'Pepe' },
      { number: '51911100003', name: 'Nuevo Uno' },
      { number: '51911100004', name: null },
    ]);
    // As before, a contact still named by its number takes the phone's name; a named one keeps its own.
    await eventually(async () => (await contacts()).find((c) => c.number === '51911100002')?.name === 'Pepe');
    expect((await contacts()).find((c) => c.number === '51911100001')?.name).toBe('Eva Cliente');
    // Reported again (a later sync): still one entry per number, the new name wins.
    await pushBook(wa, [{ number: '51911100004', name: 'Cuatro' }]);
    await eventually(async () => (await book(wa)).find((b) => b.number === '51911100004')?.name === 'Cuatro');
    expect(await book(wa)).toHaveLength(4);
  });

  it('the sandbox phone book is for admins of the company, with a valid body', async () => {
    expect((await pushBook(wa, [{ number: '51911100009' }], agent)).status).toBe(403);
    expect((await pushBook(wa, [{ number: '51911100009' }], otherAdmin)).status).toBe(404);
    expect((await pushBook(wa, [])).status).toBe(400);
    expect((await api.post(`/api/sandbox/${wa}/contacts`, { contacts: [{ name: 'Sin número' }] }, admin)).status).toBe(400);
    await pause(300);
    expect((await book(wa)).map((b) => b.number)).not.toContain('51911100009');
  });

  it('creates exactly the missing contacts, once, with one live reload event', async () => {
    const s = await connect(server.url, admin);
    const seen = record(s, 'contact');
    const outside = await connect(server.url, otherAdmin);
    const leaked = record(outside, 'contact');

    const r = await importPhone({}, admin); // the default connection
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({ imported: 2 });
    expect(await contacts()).toEqual([
      // Existing contacts: neither duplicated nor renamed (nor moved to the connection).
      { number: '51911100001', name: 'Eva Cliente', whatsapp_id: null },
      { number: '51911100002', name: 'Pepe', whatsapp_id: null },
      // New ones: named as the phone names them, else by the number.
      { number: '51911100003', name: 'Nuevo Uno', whatsapp_id: wa },
      { number: '51911100004', name: 'Cuatro', whatsapp_id: wa },
    ]);
    // Visible through the API like any contact.
    const listed = (await api.get('/api/contacts?searchParam=Nuevo', agent)).body.contacts;
    expect(listed.map((c: { number: string }) => c.number)).toEqual(['51911100003']);

    await eventually(async () => seen.length >= 1);
    await pause(300);
    expect(seen).toEqual([{ action: 'reload' }]);

    // Nothing new: nothing imported, nobody told.
    expect((await importPhone({ whatsappId: wa }, admin)).body).toEqual({ imported: 0 });
    expect((await importPhone(undefined, admin)).body).toEqual({ imported: 0 });
    // A number the phone reports later is imported by the next import, alone.
    await pushBook(wa, [{ number: '51911100005', name: 'Quinto' }]);
    await eventually(async () => (await book(wa)).some((b) => b.number === '51911100005'));
    expect((await importPhone({ whatsappId: wa }, admin)).body).toEqual({ imported: 1 });
    expect((await contacts()).map((c) => c.number)).toEqual(['51911100001', '51911100002', '51911100003', '51911100004', '51911100005']);
    await eventually(async () => seen.length >= 2);
    await pause(300);
    expect(seen).toEqual([{ action: 'reload' }, { action: 'reload' }]);
    expect(leaked).toEqual([]);
    s.disconnect();
    outside.disconnect();
  });

  it('never imports a group id or anything that is not a phone number', async () => {
    const { rows } = await sql.query(`select number, name from contacts where company_id = $1 and (number !~ '^[0-9]{8,15}$' or is_group)`, [companyId]);
    expect(rows).toEqual([]);
    const names = (await contacts()).map((c) => c.name);
    for (const bad of ['Grupo familia', 'Grupo sin sufijo', 'Grupo antiguo', 'Corto', 'Largo', 'Basura']) expect(names).not.toContain(bad);
  });

  it('is for admins: an agent gets 403 and nothing is imported', async () => {
    await pushBook(wa, [{ number: '51911100006', name: 'Sexto' }]);
    await eventually(async () => (await book(wa)).some((b) => b.number === '51911100006'));
    const r = await importPhone({}, agent);
    expect(r.status).toBe(403);
    expect(r.body.error).toBe('ERR_NO_PERMISSION');
    expect((await contacts()).map((c) => c.number)).not.toContain('51911100006');
  });

  it('never reaches another company’s connection (404), nor a missing default one', async () => {
    // The other company has no connection yet: no default to import from.
    const none = await importPhone({}, otherAdmin);
    expect(none.status).toBe(404);
    expect(none.body.error).toBe('ERR_NO_DEF_WAPP_FOUND');
    // Naming this company's connection from the other company finds nothing.
    const cross = await importPhone({ whatsappId: wa }, otherAdmin);
    expect(cross.status).toBe(404);
    expect(cross.body.error).toBe('ERR_NO_WAPP_FOUND');
    const theirs = await sandbox('Suyo', otherAdmin);
    const back = await importPhone({ whatsappId: theirs }, admin);
    expect(back.status).toBe(404);
    expect(back.body.error).toBe('ERR_NO_WAPP_FOUND');
    expect((await importPhone({ whatsappId: 999_999 }, admin)).status).toBe(404);
    // Their own (empty) phone book imports nothing, and nothing of ours.
    expect((await importPhone({}, otherAdmin)).body).toEqual({ imported: 0 });
    expect((await api.get('/api/contacts', otherAdmin)).body.contacts).toEqual([]);
  });

  it('validates the body at the edge', async () => {
    for (const body of [{ whatsappId: 'uno' }, { whatsappId: 0 }, { whatsappId: 1.5 }]) {
      const r = await importPhone(body, admin);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error).toBe('ERR_VALIDATION');
    }
  });

  it('a stopped connection answers ERR_WAPP_NOT_INITIALIZED (import and sandbox phone book alike)', async () => {
    expect((await api.del(`/api/whatsappsession/${wa}`, admin)).status).toBe(200);
    await eventually(async () => (await api.get(`/api/whatsapp/${wa}`, admin)).body.status === 'DISCONNECTED');
    for (const body of [{ whatsappId: wa }, {}]) {
      const r = await importPhone(body, admin);
      expect(r.status).toBe(400);
      expect(r.body.error).toBe('ERR_WAPP_NOT_INITIALIZED');
    }
    const push = await pushBook(wa, [{ number: '51911100007' }]);
    expect(push.status).toBe(400);
    expect(push.body.error).toBe('ERR_WAPP_NOT_INITIALIZED');
    expect((await contacts()).map((c) => c.number)).not.toContain('51911100006');
    // The phone book outlives the session (it is the connection's) and goes with the connection.
    expect((await book(wa)).length).toBeGreaterThan(0);
    expect((await api.del(`/api/whatsapp/${wa}`, admin)).status).toBeLessThan(300);
    expect(await book(wa)).toEqual([]);
  });

  it('reaches the sandbox session in whichever process owns it', async () => {
    // Same database, Redis and secrets: another process of the same deployment.
    const second = await startServer({ databaseUrl: db.url, dataDir: server.dataDir });
    try {
      const api2 = client(second.url);
      const r = await api.post('/api/whatsapp', { name: 'Otro proceso', provider: 'sandbox' }, admin);
      const id = r.body.id as number;
      expect((await api2.post(`/api/whatsappsession/${id}`, {}, admin)).status).toBe(200); // owned by the second process
      await eventually(async () => (await api.get(`/api/whatsapp/${id}`, admin)).body.status === 'CONNECTED');
      expect((await pushBook(id, [{ number: '51911100008', name: 'Octavo' }])).status).toBe(202); // asked through the first
      await eventually(async () => (await book(id)).some((b) => b.number === '51911100008'));
      expect((await importPhone({ whatsappId: id }, admin)).body).toEqual({ imported: 1 });
      expect((await contacts()).find((c) => c.number === '51911100008')).toEqual({ number: '51911100008', name: 'Octavo', whatsapp_id: id });
    } finally {
      await second.stop();
    }
  });
});
