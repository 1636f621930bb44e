import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import {
  SUPER,
  TENANT_PASSWORD,
  client,
  createDatabase,
  eventually,
  queryDb,
  sandbox,
  startServer,
  twoCompanies,
  unservedEndpoints,
  type RunningServer,
} from '@atende/sdk-server/testing';
import {
  CONTACT_LIST_ENDPOINTS,
  CONTACT_LIST_ITEM_ENDPOINTS,
  type ContactImportResult,
  type ContactList,
  type ContactListImportEvent,
  type ContactListItem,
} from '@atende/plugin-campaigns-contract';
import { ContactListsController } from '../src/contact-lists/contact-lists.controller.js';
import { ContactListItemsController } from '../src/contact-lists/contact-list-items.controller.js';

/**
 * Contact lists and their items against the real kernel, PostgreSQL and Redis (the plugin is in
 * plugins/installed.json, so the test kit's server loads it). Alone:
 * npx vitest run --config tooling/vitest.config.ts --project integration plugins/campaigns/server/test
 */

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Contactos');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function socket(url: string, token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = io(url, { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: false });
    s.once('ready', () => resolve(s));
    s.once('connect_error', reject);
  });
}

describe('contact lists', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let api: ReturnType<typeof client>;
  let admin: string;
  let otherAdmin: string;
  let agent: string;
  let companyId: number;
  let otherId: number;
  const sockets: Socket[] = [];

  const upload = async (listId: number, token: string, file: { data: Buffer; name: string; type: string }) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
    const res = await fetch(`${server.url}/api/contact-lists/${listId}/upload`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
    return { status: res.status, body: (await res.json().catch(() => null)) as any };
  };
  const makeList = async (name: string, token = admin) => {
    const r = await api.post<ContactList>('/api/contact-lists', { name }, token);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body;
  };
  const makeItem = async (body: object, token = admin) => {
    const r = await api.post<ContactListItem>('/api/contact-list-items', body, token);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body;
  };

  beforeAll(async () => {
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url });
    api = client(server.url);
    ({ admin, companyId } = await twoCompanies(api));
    // Signing in again ends the earlier session of that user: the token and the id come from this one.
    const otra = await api.login('admin@otra.test', TENANT_PASSWORD);
    otherAdmin = otra.token;
    otherId = otra.user.companyId;
    const made = await api.post('/api/users', { name: 'Agente', email: 'agente@tienda.test', password: TENANT_PASSWORD, profile: 'user' }, admin);
    expect(made.status).toBe(201);
    agent = (await api.login('agente@tienda.test', TENANT_PASSWORD)).token;
  }, 90_000);
  afterAll(async () => {
    for (const s of sockets) s.close();
    await server?.stop();
    await db?.drop();
  });

  it('serves every endpoint its contract declares', () => {
    expect(unservedEndpoints([ContactListsController, ContactListItemsController], { lists: CONTACT_LIST_ENDPOINTS, items: CONTACT_LIST_ITEM_ENDPOINTS })).toEqual([]);
  });

  it('lists: create, show, rename (partial), page with search and hasMore, select form, delete with its items', async () => {
    const missing = await api.post('/api/contact-lists', {}, admin);
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: 'ERR_VALIDATION', details: [{ path: 'name', message: 'required' }] });
    expect((await api.post('/api/contact-lists', { name: '   ' }, admin)).body.details[0].message).toBe('required');
    expect((await api.post('/api/contact-lists', { name: 'x'.repeat(256) }, admin)).body.details[0].message).toBe('too_long');

    const made = await makeList('  Clientes VIP ');
    expect(made).toMatchObject({ name: 'Clientes VIP', contactsCount: 0 });
    expect((await api.get(`/api/contact-lists/${made.id}`, admin)).body).toMatchObject({ id: made.id, name: 'Clientes VIP' });
    const renamed = await api.put<ContactList>(`/api/contact-lists/${made.id}`, {}, admin);
    expect(renamed.body.name).toBe('Clientes VIP');
    expect((await api.put<ContactList>(`/api/contact-lists/${made.id}`, { name: 'VIP' }, admin)).body.name).toBe('VIP');
    expect((await api.put(`/api/contact-lists/${made.id}`, { name: '' }, admin)).status).toBe(400);

    await queryDb(db.url, `insert into contact_lists (company_id, name) select $1, 'Lote ' || lpad(g::text, 3, '0') from generate_series(1, 55) g`, [companyId]);
    const first = (await api.get('/api/contact-lists/?searchParam=lote&pageNumber=1', admin)).body;
    expect(first.records).toHaveLength(50);
    expect(first).toMatchObject({ count: 55, hasMore: true });
    expect(first.records[0]).toMatchObject({ name: 'Lote 001', contactsCount: 0 });
    const second = (await api.get('/api/contact-lists?searchParam=LOTE&pageNumber=2', admin)).body;
    expect(second.records).toHaveLength(5);
    expect(second.hasMore).toBe(false);
    expect((await api.get('/api/contact-lists?pageNumber=0', admin)).status).toBe(400);
    const names = (await api.get('/api/contact-lists/list', admin)).body as { id: number; name: string; contactsCount: number }[];
    expect(names.find((n) => n.id === made.id)).toEqual({ id: made.id, name: 'VIP', contactsCount: 0 });

    const doomed = await makeList('Para borrar');
    const item = await makeItem({ name: 'Ana', number: '51987654321', contactListId: doomed.id });
    expect((await api.get(`/api/contact-lists/${doomed.id}`, admin)).body.contactsCount).toBe(1);
    expect((await api.del(`/api/contact-lists/${doomed.id}`, admin)).status).toBe(204);
    expect((await api.get(`/api/contact-lists/${doomed.id}`, admin)).body.error).toBe('ERR_NO_CONTACT_LIST_FOUND');
    expect((await api.get(`/api/contact-list-items/${item.id}`, admin)).status).toBe(404);
    expect((await api.del(`/api/contact-lists/${doomed.id}`, admin)).status).toBe(404);
    expect((await api.get('/api/contact-lists/abc', admin)).status).toBe(400);
  });

  it('items: validation, number kept as digits, optional e-mail, one number per list, partial updates, search, delete', async () => {
    const l = await makeList('Items');
    const other = await makeList('Otra lista');
    const bad = await api.post('/api/contact-list-items', { name: '', number: '12', email: 'nope', contactListId: l.id }, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'name', message: 'required' }),
        expect.objectContaining({ path: 'number', message: 'too_short' }),
        expect.objectContaining({ path: 'email', message: 'invalid_email' }),
      ]),
    );
    expect((await api.post('/api/contact-list-items', { name: 'A', number: '1234567890123456', contactListId: l.id }, admin)).body.details[0]).toMatchObject({ path: 'number', message: 'too_long' });
    expect((await api.post('/api/contact-list-items', { name: 'A', number: '51987654321' }, admin)).body.details[0]).toMatchObject({ path: 'contactListId' });

    const ana = await makeItem({ name: ' Ana Pérez ', number: '+51 987-654-321', email: 'ANA@Example.com', contactListId: l.id });
    expect(ana).toMatchObject({ name: 'Ana Pérez', number: '51987654321', email: 'ana@example.com', isWhatsappValid: null, contactListId: l.id, companyId });
    const bruno = await makeItem({ name: 'Bruno', number: '5511987654321', contactListId: l.id });
    expect(bruno.email).toBe('');

    const dup = await api.post('/api/contact-list-items', { name: 'Otra Ana', number: '51 987 654 321', contactListId: l.id }, admin);
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe('ERR_DUPLICATED_CONTACT');
    // The same number in another list is fine.
    const inOther = await makeItem({ name: 'Ana', number: '51987654321', contactListId: other.id });
    expect((await api.put(`/api/contact-list-items/${bruno.id}`, { number: '51987654321' }, admin)).status).toBe(409);

    const edited = await api.put<ContactListItem>(`/api/contact-list-items/${ana.id}`, { email: '' }, admin);
    expect(edited.body).toMatchObject({ name: 'Ana Pérez', number: '51987654321', email: '' });
    // Moving onto a list that has the number already is refused; to a free one it moves.
    expect((await api.put(`/api/contact-list-items/${ana.id}`, { contactListId: other.id }, admin)).status).toBe(409);
    expect((await api.put<ContactListItem>(`/api/contact-list-items/${bruno.id}`, { contactListId: other.id }, admin)).body.contactListId).toBe(other.id);
    expect((await api.get(`/api/contact-lists/${other.id}`, admin)).body.contactsCount).toBe(2);
    expect((await api.put(`/api/contact-list-items/${bruno.id}`, { contactListId: l.id }, admin)).status).toBe(200);

    const page = (await api.get(`/api/contact-list-items?contactListId=${l.id}&pageNumber=1`, admin)).body;
    expect(page).toMatchObject({ count: 2, hasMore: false });
    expect(page.contacts.map((c: ContactListItem) => c.name)).toEqual(['Ana Pérez', 'Bruno']);
    expect((await api.get(`/api/contact-list-items?contactListId=${l.id}&searchParam=brun`, admin)).body.contacts.map((c: ContactListItem) => c.id)).toEqual([bruno.id]);
    expect((await api.get(`/api/contact-list-items?contactListId=${l.id}&searchParam=%2B51%20987`, admin)).body.contacts.map((c: ContactListItem) => c.id)).toEqual([ana.id]);
    expect((await api.get('/api/contact-list-items', admin)).status).toBe(400);
    expect((await api.get('/api/contact-list-items?contactListId=999999', admin)).body.error).toBe('ERR_NO_CONTACT_LIST_FOUND');

    expect((await api.del(`/api/contact-list-items/${inOther.id}`, admin)).status).toBe(204);
    expect((await api.get(`/api/contact-list-items/${inOther.id}`, admin)).body.error).toBe('ERR_NO_CONTACT_LIST_ITEM_FOUND');
  });

  it('imports an .xlsx: good rows created, each bad row reported with why, progress and one reload told live', async () => {
    const l = await makeList('Importada');
    await makeItem({ name: 'Ya estaba', number: '51900000001', contactListId: l.id });
    const s = await socket(server.url, admin);
    sockets.push(s);
    const progress: ContactListImportEvent[] = [];
    const reloads: unknown[] = [];
    s.on('contactListImport', (e: ContactListImportEvent) => progress.push(e));
    s.on('contactListItem', (e: { action: string }) => e.action === 'reload' && reloads.push(e));

    const data = await xlsx([
      ['Correo', 'Teléfono', 'NOMBRE'],
      ['carla@example.com', '51 900 000 002', 'Carla'],
      ['', 51900000003, 'Dario'],
      ['mal-correo', '51900000004', 'Elena'],
      ['', '123', 'Fabio'],
      ['', '51900000002', 'Carla otra vez'],
      ['', '51900000001', 'Ya estaba'],
      [],
      ['', '51900000005', ''],
    ]);
    const r = await upload(l.id, admin, { data, name: 'contactos.xlsx', type: XLSX });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const result = r.body as ContactImportResult;
    expect(result.total).toBe(7);
    expect(result.created).toBe(2);
    expect(result.errors.map((e) => [e.name, e.errors.map((d) => `${d.path}:${d.message}`).join(',')])).toEqual([
      ['Elena', 'email:invalid_email'],
      ['Fabio', 'number:too_short'],
      ['Carla otra vez', 'number:duplicated'],
      ['Ya estaba', 'number:duplicated'],
      ['', 'name:required'],
    ]);
    const rows = await queryDb(db.url, 'select name, number, email, company_id from contact_list_items where contact_list_id = $1 order by number', [l.id]);
    expect(rows).toEqual([
      { name: 'Ya estaba', number: '51900000001', email: '', company_id: companyId },
      { name: 'Carla', number: '51900000002', email: 'carla@example.com', company_id: companyId },
      { name: 'Dario', number: '51900000003', email: '', company_id: companyId },
    ]);
    await eventually(async () => progress.some((p) => p.done));
    expect(progress.at(-1)).toEqual({ contactListId: l.id, processed: 7, total: 7, done: true });
    await eventually(async () => reloads.length > 0);
    expect((await api.get(`/api/contact-lists/${l.id}`, admin)).body.contactsCount).toBe(3);
  });

  it('refuses what is not a readable spreadsheet: other types, lying content, old binary .xls, sheets without the columns or with too many rows', async () => {
    const l = await makeList('Rechazos');
    const text = await upload(l.id, admin, { data: Buffer.from('name,number\nAna,51987654321\n'), name: 'lista.csv', type: 'text/csv' });
    expect(text.status).toBe(415);
    expect(text.body.error).toBe('ERR_MEDIA_TYPE_NOT_ALLOWED');
    expect((await upload(l.id, admin, { data: Buffer.from('MZ' + 'x'.repeat(100)), name: 'lista.xlsx', type: XLSX })).status).toBe(415);
    const ole = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(1024)]);
    const xls = await upload(l.id, admin, { data: ole, name: 'lista.xls', type: 'application/vnd.ms-excel' });
    expect(xls.status).toBe(400);
    expect(xls.body).toMatchObject({ error: 'ERR_INVALID_SPREADSHEET', details: [{ message: 'not_xlsx' }] });
    const columns = await upload(l.id, admin, { data: await xlsx([['Ciudad', 'Edad'], ['Lima', 30]]), name: 'lista.xlsx', type: XLSX });
    expect(columns.body).toMatchObject({ error: 'ERR_INVALID_SPREADSHEET', details: [{ message: 'missing_columns' }] });
    const many = await xlsx([['name', 'number'], ...Array.from({ length: 10_001 }, (_, i) => [`C${i}`, `519${String(i).padStart(8, '0')}`])]);
    expect((await upload(l.id, admin, { data: many, name: 'muchas.xlsx', type: XLSX })).body.details[0].message).toBe('too_many_rows');
    const none = await fetch(`${server.url}/api/contact-lists/${l.id}/upload`, { method: 'POST', headers: { Authorization: `Bearer ${admin}` }, body: new FormData() });
    expect(none.status).toBe(400);
    expect((await upload(999_999, admin, { data: await xlsx([['name', 'number']]), name: 'a.xlsx', type: XLSX })).body.error).toBe('ERR_NO_CONTACT_LIST_FOUND');
    expect((await api.get(`/api/contact-lists/${l.id}`, admin)).body.contactsCount).toBe(0);
  });

  it('imports 10,000 rows in seconds, in batches, and counts right', async () => {
    const l = await makeList('Diez mil');
    const s = await socket(server.url, admin);
    sockets.push(s);
    const progress: ContactListImportEvent[] = [];
    s.on('contactListImport', (e: ContactListImportEvent) => e.contactListId === l.id && progress.push(e));
    const data = await xlsx([['Nombre', 'Número', 'Email'], ...Array.from({ length: 10_000 }, (_, i) => [`Contacto ${i}`, `5198${String(i).padStart(7, '0')}`, `c${i}@example.com`])]);
    const started = Date.now();
    const r = await upload(l.id, admin, { data, name: 'diez-mil.xlsx', type: XLSX });
    const ms = Date.now() - started;
    expect(r.status, JSON.stringify(r.body).slice(0, 500)).toBe(200);
    expect(r.body).toEqual({ total: 10_000, created: 10_000, errors: [] });
    console.log(`10,000-row upload answered in ${ms} ms`);
    // "In seconds": generous for two shared cores, far below what row-by-row inserts take.
    expect(ms).toBeLessThan(20_000);
    const [{ n, distinct }] = await queryDb(db.url, 'select count(*)::int as n, count(distinct number)::int as distinct from contact_list_items where contact_list_id = $1 and company_id = $2', [l.id, companyId]);
    expect([n, distinct]).toEqual([10_000, 10_000]);
    expect((await api.get(`/api/contact-lists/${l.id}`, admin)).body.contactsCount).toBe(10_000);
    await eventually(async () => progress.some((p) => p.done));
    // A signal per batch, growing to the total.
    const processed = progress.map((p) => p.processed);
    expect(processed.length).toBeGreaterThanOrEqual(10);
    expect([...processed].sort((a, b) => a - b)).toEqual(processed);
    expect(progress.at(-1)).toMatchObject({ processed: 10_000, total: 10_000, done: true });
    // The same sheet again: every row is already there.
    const again = await upload(l.id, admin, { data, name: 'diez-mil.xlsx', type: XLSX });
    expect(again.body.created).toBe(0);
    expect(again.body.errors).toHaveLength(10_000);
  });

  it('serves a sample spreadsheet (headers in the asked language) that imports as it is', async () => {
    const res = await fetch(`${server.url}/api/contact-lists/sample?lang=pt`, { headers: { Authorization: `Bearer ${admin}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain(XLSX);
    const data = Buffer.from(await res.arrayBuffer());
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(data as unknown as ArrayBuffer);
    expect(wb.worksheets[0].getRow(1).values).toEqual([undefined, 'Nome', 'Número', 'Email']);
    const l = await makeList('Desde el ejemplo');
    const r = await upload(l.id, admin, { data, name: 'contact-list-sample.xlsx', type: XLSX });
    expect(r.body).toMatchObject({ total: 2, created: 2, errors: [] });
    expect((await fetch(`${server.url}/api/contact-lists/sample`)).status).toBe(401);
  });

  it('checks each number on WhatsApp through the company connection and stores isWhatsappValid', async () => {
    const l = await makeList('WhatsApp');
    // No connection yet: the item stays unchecked.
    const early = await makeItem({ name: 'Temprano', number: '51911111111', contactListId: l.id });
    await new Promise((r) => setTimeout(r, 500));
    expect((await api.get(`/api/contact-list-items/${early.id}`, admin)).body.isWhatsappValid).toBeNull();

    await sandbox(api, admin).connect('Sandbox campañas');
    // The sandbox network knows every number except those starting with 000.
    const yes = await makeItem({ name: 'Sí', number: '51922222222', contactListId: l.id });
    const no = await makeItem({ name: 'No', number: '00012345678', contactListId: l.id });
    await eventually(async () => (await api.get(`/api/contact-list-items/${yes.id}`, admin)).body.isWhatsappValid === true);
    await eventually(async () => (await api.get(`/api/contact-list-items/${no.id}`, admin)).body.isWhatsappValid === false);
    // An upload checks its new rows (and what was left unchecked in the list).
    const r = await upload(l.id, admin, { data: await xlsx([['name', 'number'], ['Subido', '51933333333'], ['Falso', '00087654321']]), name: 'a.xlsx', type: XLSX });
    expect(r.body.created).toBe(2);
    await eventually(async () => {
      const rows = await queryDb(db.url, 'select name, is_whatsapp_valid as v from contact_list_items where contact_list_id = $1 order by name', [l.id]);
      return rows.every((x) => x.v !== null) && rows;
    });
    const rows = await queryDb(db.url, 'select name, is_whatsapp_valid as v from contact_list_items where contact_list_id = $1 order by name', [l.id]);
    expect(Object.fromEntries(rows.map((x) => [x.name, x.v]))).toEqual({ Falso: false, No: false, Sí: true, Subido: true, Temprano: true });
    // A new number is checked again.
    const renumbered = await api.put<ContactListItem>(`/api/contact-list-items/${yes.id}`, { number: '00011112222' }, admin);
    expect(renumbered.body.isWhatsappValid).toBeNull();
    await eventually(async () => (await api.get(`/api/contact-list-items/${yes.id}`, admin)).body.isWhatsappValid === false);
  });

  it("keeps every company's lists to itself: another company's ids are not found, its events never arrive", async () => {
    const mine = await makeList('Privada');
    const item = await makeItem({ name: 'Privado', number: '51944444444', contactListId: mine.id });
    const theirs = await makeList('Suya', otherAdmin);
    const s = await socket(server.url, otherAdmin);
    sockets.push(s);
    const seen: unknown[] = [];
    for (const name of ['contactList', 'contactListItem', 'contactListImport']) s.on(name, (e: unknown) => seen.push(e));

    expect((await api.get(`/api/contact-lists/${mine.id}`, otherAdmin)).status).toBe(404);
    expect((await api.put(`/api/contact-lists/${mine.id}`, { name: 'robada' }, otherAdmin)).status).toBe(404);
    expect((await api.del(`/api/contact-lists/${mine.id}`, otherAdmin)).status).toBe(404);
    expect((await api.get(`/api/contact-list-items?contactListId=${mine.id}`, otherAdmin)).status).toBe(404);
    expect((await api.get(`/api/contact-list-items/${item.id}`, otherAdmin)).status).toBe(404);
    expect((await api.put(`/api/contact-list-items/${item.id}`, { name: 'robado' }, otherAdmin)).status).toBe(404);
    expect((await api.del(`/api/contact-list-items/${item.id}`, otherAdmin)).status).toBe(404);
    expect((await api.post('/api/contact-list-items', { name: 'Intruso', number: '51955555555', contactListId: mine.id }, otherAdmin)).status).toBe(404);
    // Its own item cannot be moved into my list either.
    const theirItem = await makeItem({ name: 'Suyo', number: '51966666666', contactListId: theirs.id }, otherAdmin);
    expect((await api.put(`/api/contact-list-items/${theirItem.id}`, { contactListId: mine.id }, otherAdmin)).status).toBe(404);
    expect((await upload(mine.id, otherAdmin, { data: await xlsx([['name', 'number'], ['X', '51977777777']]), name: 'a.xlsx', type: XLSX })).status).toBe(404);
    const names = (await api.get('/api/contact-lists/list', otherAdmin)).body as { id: number }[];
    expect(names.map((n) => n.id)).toEqual([theirs.id]);
    expect((await api.get('/api/contact-lists?searchParam=Privada', otherAdmin)).body.records).toEqual([]);

    // My changes are told to my company only (what Otra saw so far was its own item).
    seen.length = 0;
    await api.put(`/api/contact-lists/${mine.id}`, { name: 'Privada 2' }, admin);
    await makeItem({ name: 'Otro', number: '51988888888', contactListId: mine.id });
    await upload(mine.id, admin, { data: await xlsx([['name', 'number'], ['Y', '51999999999']]), name: 'a.xlsx', type: XLSX });
    await new Promise((r) => setTimeout(r, 500));
    expect(seen).toEqual([]);
    expect((await queryDb(db.url, 'select name from contact_list_items where id = $1', [item.id]))[0].name).toBe('Privado');
    expect((await queryDb(db.url, 'select count(*)::int as n from contact_list_items where company_id = $1', [otherId]))[0].n).toBe(1);
  });

  it('needs sign-in and an admin profile', async () => {
    expect((await api.get('/api/contact-lists')).status).toBe(401);
    expect((await api.get('/api/contact-lists', agent)).status).toBe(403);
    expect((await api.post('/api/contact-list-items', { name: 'A', number: '51987654321', contactListId: 1 }, agent)).status).toBe(403);
  });

  it("refuses every route (403) when the company's campaigns switch is off, and when its plan lacks useCampaigns", async () => {
    const sup = (await api.login(SUPER.email, SUPER.password)).token;
    const l = await makeList('Antes del cambio', otherAdmin);
    expect((await api.put(`/api/companies/${otherId}`, { campaignsEnabled: false }, sup)).status).toBe(200);
    const off = await api.get('/api/contact-lists', otherAdmin);
    expect(off.status).toBe(403);
    expect(off.body).toMatchObject({ error: 'ERR_NO_PERMISSION', details: [{ path: 'campaignsEnabled', message: 'disabled' }] });
    expect((await api.get(`/api/contact-list-items?contactListId=${l.id}`, otherAdmin)).status).toBe(403);
    expect((await api.put(`/api/companies/${otherId}`, { campaignsEnabled: true }, sup)).status).toBe(200);
    expect((await api.get('/api/contact-lists', otherAdmin)).status).toBe(200);

    const plan = (await api.post('/api/plans', { name: 'Sin campañas', value: 10, users: 10, connections: 2, queues: 5, useCampaigns: false }, sup)).body;
    expect((await api.put(`/api/companies/${otherId}`, { planId: plan.id }, sup)).status).toBe(200);
    const noPlan = await api.get('/api/contact-lists', otherAdmin);
    expect(noPlan.status).toBe(403);
    expect(noPlan.body.error).toBe('ERR_NO_PERMISSION');
    expect((await api.post('/api/contact-lists', { name: 'Nueva' }, otherAdmin)).status).toBe(403);
    expect((await api.get(`/api/contact-list-items?contactListId=${l.id}`, otherAdmin)).status).toBe(403);
    expect((await api.get('/api/contact-lists/sample', otherAdmin)).status).toBe(403);
    // And the plugin is not offered to it: locked, nothing to load or show.
    const campaigns = ((await api.get('/api/plugins', otherAdmin)).body as { id: string }[]).find((p) => p.id === 'campaigns');
    expect(campaigns).toMatchObject({ locked: true, remoteEntry: null, menu: [] });
    // Tienda still has it.
    expect((await api.get('/api/contact-lists', admin)).status).toBe(200);
  });
});
