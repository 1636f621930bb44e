import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPER, client, createDatabase, startServer, type RunningServer } from '../support/server.js';
import { connect, record } from '../support/realtime.js';

const PW = 'Str0ng-pass';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** An .xlsx made here with exceljs: a header row, then the rows as given. */
async function sheet(header: string[], rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Contactos');
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function until<T>(fn: () => T | undefined | null | false, timeoutMs = 5000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('contacts: .xlsx import, CSV export, live contact events', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let api: ReturnType<typeof client>;
  let admin: string;
  let agent: string;
  let otherCompany: string;

  const upload = async (token: string, name: string, type: string, data: Buffer) => {
    const fd = new FormData();
    fd.append('file', new Blob([new Uint8Array(data)], { type }), name);
    const res = await fetch(`${server.url}/api/contacts/upload`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: fd });
    return { status: res.status, body: await res.json() };
  };
  /**
   * A socket gets the events of its company in the order the server sent them: once the update of a
   * marker contact (Eva, made by the first test) has arrived, whatever was announced before it has
   * too. Answers the events seen without the marker's, so absence is checked without a fixed wait.
   */
  const settled = async (seen: { action: string; contact?: { id: number } }[], token: string) => {
    const [eva] = (await api.get('/api/contacts?searchParam=51900000001', token)).body.contacts;
    expect((await api.put(`/api/contacts/${eva.id}`, { name: eva.name, number: eva.number, email: eva.email }, token)).status).toBe(200);
    const isMarker = (e: { action: string; contact?: { id: number } }) => e.action === 'update' && e.contact?.id === eva.id;
    await until(() => seen.some(isMarker));
    return seen.filter((e) => !isMarker(e));
  };
  const exportCsv = async (token: string) => {
    const res = await fetch(`${server.url}/api/contacts/export`, { headers: { Authorization: `Bearer ${token}` } });
    return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
  };

  beforeAll(async () => {
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url });
    api = client(server.url);
    const sup = (await api.login(SUPER.email, SUPER.password)).token;
    const plan = (await api.post('/api/plans', { name: 'Pyme', value: 99, users: 10, connections: 2, queues: 5 }, sup)).body;
    await api.post('/api/companies', { name: 'Tienda', email: 'admin@tienda.test', password: PW, planId: plan.id }, sup);
    await api.post('/api/companies', { name: 'Otra', email: 'admin@otra.test', password: PW, planId: plan.id }, sup);
    admin = (await api.login('admin@tienda.test', PW)).token;
    otherCompany = (await api.login('admin@otra.test', PW)).token;
    await api.post('/api/users', { name: 'Ana', email: 'ana@tienda.test', password: PW }, admin);
    agent = (await api.login('ana@tienda.test', PW)).token;
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  it('announces contacts created, updated and deleted through the API to the company', async () => {
    const s = await connect(server.url, admin);
    const seen = record(s, 'contact');
    const outside = await connect(server.url, otherCompany);
    const leaked = record(outside, 'contact');
    const c = (await api.post('/api/contacts', { name: 'Eva Existente', number: '51900000001' }, agent)).body;
    await api.put(`/api/contacts/${c.id}`, { name: 'Eva Existente', number: '51900000001', email: 'eva@example.com' }, agent);
    const temp = (await api.post('/api/contacts', { name: 'Temporal', number: '51900000009' }, agent)).body;
    expect((await api.del(`/api/contacts/${temp.id}`, admin)).status).toBe(204);
    await until(() => seen.length >= 4);
    expect(seen.map((e) => e.action)).toEqual(['create', 'update', 'create', 'delete']);
    expect(seen[1].contact).toMatchObject({ id: c.id, email: 'eva@example.com' });
    expect(seen[3]).toEqual({ action: 'delete', contactId: temp.id });
    expect(leaked).toEqual([]);
    s.disconnect();
    outside.disconnect();
  });

  it('imports good rows and reports each bad one with its reason (Spanish headers); one reload event, not one per row', async () => {
    const s = await connect(server.url, agent);
    const seen = record(s, 'contact');
    const outside = await connect(server.url, otherCompany);
    const leaked = record(outside, 'contact');
    const data = await sheet(
      ['Nombre', 'Número', 'Correo'],
      [
        ['Ana Pérez', '+51 999 111 222', 'ana@example.com'],
        ['Bruno Díaz', 51999111333, ''],
        ['A', '51999111444', ''],
        ['Carla Corta', '123', ''],
        ['Dora Mala', '51999111555', 'no-es-correo'],
        ['Ana Repetida', '51999111222', ''],
        ['Eva Otra Vez', '51900000001', ''],
        [null, null, null],
        ['Fidel Link', '51999111666', { text: 'fidel@example.com', hyperlink: 'mailto:fidel@example.com' }],
      ],
    );
    const r = await upload(agent, 'contactos.xlsx', XLSX, data);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.newContacts.map((c: { contactName: string }) => c.contactName)).toEqual(['Ana Pérez', 'Bruno Díaz', 'Fidel Link']);
    const bag = Object.fromEntries(r.body.errorBag.map((e: { contactName: string; error: { message: string } }) => [e.contactName, e.error.message]));
    expect(bag).toEqual({
      A: 'name: too_short',
      'Carla Corta': 'number: too_short',
      'Dora Mala': 'email: invalid_email',
      'Ana Repetida': 'ERR_DUPLICATED_CONTACT',
      'Eva Otra Vez': 'ERR_DUPLICATED_CONTACT',
    });
    const created = await Promise.all(r.body.newContacts.map(async (c: { contactId: number }) => (await api.get(`/api/contacts/${c.contactId}`, agent)).body));
    expect(created.map((c) => [c.number, c.email])).toEqual([
      ['51999111222', 'ana@example.com'],
      ['51999111333', ''],
      ['51999111666', 'fidel@example.com'],
    ]);
    // The screens are told once to read their lists again (a sheet may hold 10,000 rows): no create event per row.
    expect(await settled(seen, agent)).toEqual([{ action: 'reload' }]);
    // The same sheet again creates nothing, so nobody is told anything.
    seen.length = 0;
    const again = await upload(agent, 'contactos.xlsx', XLSX, data);
    expect(again.status).toBe(200);
    expect(again.body.newContacts).toEqual([]);
    expect(again.body.errorBag).toHaveLength(8);
    expect(await settled(seen, agent)).toEqual([]);
    expect(leaked).toEqual([]);
    s.disconnect();
    outside.disconnect();
    // Imported into the caller's company only.
    expect((await api.get(`/api/contacts/${r.body.newContacts[0].contactId}`, otherCompany)).status).toBe(404);
  });

  it('reads Portuguese and English headers in any column order', async () => {
    const pt = await upload(agent, 'pt.xlsx', XLSX, await sheet(['E-mail', 'Telefone', 'Nome'], [['joao@example.com', '5511987650001', 'João Silva']]));
    expect(pt.body).toMatchObject({ newContacts: [{ contactName: 'João Silva' }], errorBag: [] });
    const en = await upload(agent, 'en.xlsx', XLSX, await sheet(['Name', 'Phone', 'Email'], [['John Smith', '14155550101', '']]));
    expect(en.body).toMatchObject({ newContacts: [{ contactName: 'John Smith' }], errorBag: [] });
  });

  it('refuses what is not a real .xlsx, too large or too long, and sheets without name and number columns', async () => {
    const csvAsXlsx = await upload(agent, 'contactos.xlsx', XLSX, Buffer.from('nombre,numero\nAna,51999\n'));
    expect(csvAsXlsx.status).toBe(400);
    expect(csvAsXlsx.body.error).toBe('ERR_INVALID_SPREADSHEET');
    const realButWrongName = await upload(agent, 'contactos.csv', 'text/csv', await sheet(['Nombre', 'Número'], [['Ana', '51999111777']]));
    expect(realButWrongName.status).toBe(415);
    const noNumber = await upload(agent, 'x.xlsx', XLSX, await sheet(['Nombre', 'Ciudad'], [['Ana', 'Lima']]));
    expect(noNumber.body).toMatchObject({ error: 'ERR_INVALID_SPREADSHEET', details: [{ message: 'missing_columns' }] });
    const tooLong = await upload(agent, 'x.xlsx', XLSX, await sheet(['Nombre', 'Número'], Array.from({ length: 10_001 }, (_, i) => [`Persona ${i}`, `5198${String(i).padStart(7, '0')}`])));
    expect(tooLong.body).toMatchObject({ error: 'ERR_INVALID_SPREADSHEET', details: [{ message: 'too_many_rows' }] });
    const tooBig = await upload(agent, 'x.xlsx', XLSX, Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(5 * 1024 * 1024 + 1)]));
    expect(tooBig.status).toBe(413);
    // Nothing from the refused files was created.
    expect((await api.get('/api/contacts?searchParam=Persona', agent)).body.contacts).toEqual([]);
  });

  it('exports the company’s contacts as UTF-8 CSV with a BOM, escaping commas, quotes and formulas', async () => {
    await api.post(
      '/api/contacts',
      { name: '=Rosa, "la jefa"', number: '51900000002', email: 'rosa@example.com', extraInfo: [{ name: 'Ciudad', value: 'Lima' }, { name: 'Plan', value: 'Oro' }] },
      agent,
    );
    await api.post('/api/contacts', { name: 'Solo De Otra', number: '51900000003' }, otherCompany);
    // Exporting every contact is an admin's permission (issue 9 item 15); the agent is refused.
    expect((await exportCsv(agent)).status).toBe(403);
    const r = await exportCsv(admin);
    expect(r.status).toBe(200);
    expect(r.type).toMatch(/^text\/csv; charset=utf-8/i);
    expect([...r.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = r.bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe('name,number,email,extraInfo');
    expect(lines).toContain(`"'=Rosa, ""la jefa""",51900000002,rosa@example.com,"Ciudad: Lima; Plan: Oro"`);
    expect(lines).toContain('Ana Pérez,51999111222,ana@example.com,');
    expect(lines).toContain('João Silva,5511987650001,joao@example.com,');
    expect(lines.some((l) => l.includes('Solo De Otra'))).toBe(false);
    // Eva, Ana, Bruno, Fidel, João, John, Rosa.
    expect(lines).toHaveLength(1 + 7);
    const other = (await exportCsv(otherCompany)).bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(other).toEqual(['name,number,email,extraInfo', 'Solo De Otra,51900000003,,']);
  });
});
