import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { TENANT_PASSWORD, client, createDatabase, eventually, queryDb, sandbox, startServer, twoCompanies, unservedEndpoints, type RunningServer } from '@atende/sdk-server/testing';
import { FILES_ENDPOINTS, type FileEvent, type FileList } from '@atende/plugin-files-contract';
import { FilesController } from '../src/files.controller.js';

/**
 * The file lists API against the real kernel, PostgreSQL and Redis (the plugin is in
 * plugins/installed.json, so the test kit's server loads it). Alone:
 * npx vitest run --config tooling/vitest.config.ts --project integration plugins/files/server/test
 */

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n', 'latin1'), Buffer.alloc(200, 0x20)]);
const MP3 = Buffer.concat([Buffer.from('ID3', 'latin1'), Buffer.alloc(200, 1)]);
const MZ = Buffer.concat([Buffer.from('MZ', 'latin1'), Buffer.alloc(200, 0)]);

function socket(url: string, token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = io(url, { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: false });
    s.once('ready', () => resolve(s));
    s.once('connect_error', reject);
  });
}

describe('files', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let api: ReturnType<typeof client>;
  let admin: string;
  let otherAdmin: string;
  let agent: string;
  let companyId: number;
  const sockets: Socket[] = [];

  /** The spec's multipart form: fileId, typeArch, files, mediaType, name, id. */
  const upload = async (listId: number, token: string, file: { data: Buffer; name: string; type: string } | null, fields: Record<string, string | number> = {}) => {
    const form = new FormData();
    form.append('fileId', String(listId));
    form.append('typeArch', 'fileList');
    for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
    if (file) {
      form.append('mediaType', file.type);
      form.append('files', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
    }
    const res = await fetch(`${server.url}/api/files/uploadList/${listId}`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
    return { status: res.status, body: (await res.json().catch(() => null)) as any };
  };
  const create = async (body: object, token = admin) => {
    const r = await api.post<FileList>('/api/files', body, token);
    expect(r.status).toBe(201);
    return r.body;
  };
  const readMedia = (url: string, token: string) => fetch(`${server.url}${url}`, { headers: { Authorization: `Bearer ${token}` } });
  /** The file names on disk for Tienda's media (the kernel keeps them under DATA_DIR/media/<companyId>/). */
  const mediaOnDisk = () => new Set<string>((() => {
    try {
      return readdirSync(path.join(server.dataDir, 'media', String(companyId)));
    } catch {
      return [];
    }
  })());
  const added = (before: Set<string>) => [...mediaOnDisk()].filter((f) => !before.has(f)).sort();
  const fileOf = (url: string) => url.slice('/api/media/'.length);

  beforeAll(async () => {
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url });
    api = client(server.url);
    ({ admin, otherAdmin, companyId } = await twoCompanies(api));
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
    expect(unservedEndpoints([FilesController], { files: FILES_ENDPOINTS })).toEqual([]);
  });

  it('validates: name (3+) and message required, options named; name unique per company whatever its case', async () => {
    const missing = await api.post('/api/files', { message: 'hola' }, admin);
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('ERR_VALIDATION');
    expect(missing.body.details).toContainEqual(expect.objectContaining({ path: 'name', message: 'required' }));
    const short = await api.post('/api/files', { name: 'ab', message: 'hola' }, admin);
    expect(short.body.details[0]).toMatchObject({ path: 'name', message: 'too_short' });
    const noMessage = await api.post('/api/files', { name: 'Catálogo', message: '  ' }, admin);
    expect(noMessage.body.details[0]).toMatchObject({ path: 'message', message: 'required' });
    expect((await api.post('/api/files', { name: 'Catálogo', message: 'x', options: [{ name: '' }] }, admin)).status).toBe(400);

    const made = await create({ name: '  Catálogo ', message: 'Nuestros productos', options: [{ name: 'Precios' }, { name: 'Fotos' }], userId: 999999 });
    expect(made).toMatchObject({ name: 'Catálogo', message: 'Nuestros productos' });
    expect(made.options.map((o) => ({ name: o.name, path: o.path, mediaType: o.mediaType }))).toEqual([
      { name: 'Precios', path: null, mediaType: null },
      { name: 'Fotos', path: null, mediaType: null },
    ]);
    // The list records who made it, whatever userId the body named.
    expect(made.userId).not.toBe(999999);
    expect(made.userId).toEqual(expect.any(Number));

    const dup = await api.post('/api/files', { name: 'CATÁLOGO', message: 'otro' }, admin);
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe('ERR_FILE_NAME_ALREADY_EXISTS');
    // Another company may use the same name.
    expect((await api.post('/api/files', { name: 'Catálogo', message: 'suyo' }, otherAdmin)).status).toBe(201);
    // Renaming onto a taken name is refused too; keeping one's own name is not a clash.
    const other = await create({ name: 'Promociones', message: 'x' });
    expect((await api.put(`/api/files/${other.id}`, { name: 'catálogo' }, admin)).status).toBe(409);
    expect((await api.put(`/api/files/${made.id}`, { name: 'Catálogo' }, admin)).status).toBe(200);
    expect((await api.get('/api/files/abc', admin)).status).toBe(400);
    expect((await api.get('/api/files/999999', admin)).body.error).toBe('ERR_NO_FILE_FOUND');
  });

  it('updates partially, and a sent options list adds, edits and removes options (with their media)', async () => {
    const list = await create({ name: 'Parcial', message: 'original', options: [{ name: 'Uno' }, { name: 'Dos' }] });
    const [uno, dos] = list.options;
    const up = await upload(list.id, admin, { data: PDF, name: 'dos.pdf', type: 'application/pdf' }, { id: dos.id });
    expect(up.status).toBe(201);
    const dosPath = up.body.options.find((o: { id: number }) => o.id === dos.id).path as string;
    expect((await readMedia(dosPath, admin)).status).toBe(200);

    const renamed = await api.put<FileList>(`/api/files/${list.id}`, { message: 'nuevo' }, admin);
    expect(renamed.body).toMatchObject({ name: 'Parcial', message: 'nuevo' });
    expect(renamed.body.options).toHaveLength(2);

    const edited = await api.put<FileList>(`/api/files/${list.id}`, { options: [{ id: uno.id, name: 'Uno editado', path: '/api/media/ajeno.png' }, { name: 'Tres' }] }, admin);
    expect(edited.status).toBe(200);
    expect(edited.body.options.map((o) => o.name)).toEqual(['Uno editado', 'Tres']);
    // A path sent by the client is not taken: only an upload sets it.
    expect(edited.body.options[0].path).toBeNull();
    // "Dos" is gone, and so is its file.
    expect((await readMedia(dosPath, admin)).status).toBe(404);
    expect(await queryDb(db.url, 'select id from file_list_options where id = $1', [dos.id])).toEqual([]);

    // An option id of another list is refused, not turned into a new option.
    const foreign = await create({ name: 'Ajena', message: 'x', options: [{ name: 'Suya' }] });
    const bad = await api.put(`/api/files/${list.id}`, { options: [{ id: foreign.options[0].id, name: 'robada' }] }, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.details[0]).toMatchObject({ path: 'options.0.id' });
    expect((await api.get<FileList>(`/api/files/${foreign.id}`, admin)).body.options[0].name).toBe('Suya');
    expect((await api.put(`/api/files/${list.id}`, { name: 'x' }, admin)).status).toBe(400);
  });

  it('pages by 50 with hasMore and searches by name; without paging answers id and name for selects', async () => {
    await queryDb(db.url, `insert into file_lists (company_id, name, message) select $1, 'Lote ' || lpad(g::text, 3, '0'), 'masivo' from generate_series(1, 55) g`, [companyId]);
    const first = (await api.get('/api/files/?searchParam=lote&pageNumber=1', admin)).body;
    expect(first.files).toHaveLength(50);
    expect(first.hasMore).toBe(true);
    expect(first.files[0]).toMatchObject({ name: 'Lote 001', options: [] });
    const second = (await api.get('/api/files?searchParam=lote&pageNumber=2', admin)).body;
    expect(second.files).toHaveLength(5);
    expect(second.hasMore).toBe(false);
    expect((await api.get('/api/files?pageNumber=0', admin)).status).toBe(400);
    // The trailing slash alone asks for the page too.
    expect((await api.get('/api/files/', admin)).body).toMatchObject({ hasMore: true });

    const names = (await api.get('/api/files', admin)).body as { id: number; name: string }[];
    expect(Array.isArray(names)).toBe(true);
    expect(names.find((n) => n.name === 'Lote 012')).toEqual({ id: expect.any(Number), name: 'Lote 012' });
    expect(Object.keys(names[0])).toEqual(['id', 'name']);
  });

  it('uploads option media by the spec form: images, audio, pdf; refuses other types, lying content and sizes past the limit', async () => {
    const list = await create({ name: 'Medios', message: 'Archivos', options: [{ name: 'Foto' }] });
    const foto = list.options[0];
    const ok = await upload(list.id, admin, { data: PNG, name: 'foto.png', type: 'image/png' }, { id: foto.id, name: 'Foto principal' });
    expect(ok.status).toBe(201);
    const stored = ok.body.options[0];
    expect(stored).toMatchObject({ id: foto.id, name: 'Foto principal', mediaType: 'image/png', fileName: 'foto.png' });
    expect(stored.path).toMatch(/^\/api\/media\/[\w-]+\.png$/);
    const res = await readMedia(stored.path, admin);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);

    // Without an id: a new option named by `name`. Audio stays as sent (no voice-note conversion).
    const audio = await upload(list.id, admin, { data: MP3, name: 'saludo.mp3', type: 'audio/mpeg' }, { name: 'Saludo' });
    expect(audio.status).toBe(201);
    expect(audio.body.options.map((o: { name: string; mediaType: string }) => [o.name, o.mediaType])).toEqual([
      ['Foto principal', 'image/png'],
      ['Saludo', 'audio/mpeg'],
    ]);
    // Replacing an option's file forgets the previous one.
    const pdf = await upload(list.id, admin, { data: PDF, name: 'lista.pdf', type: 'application/pdf' }, { id: foto.id });
    expect(pdf.body.options[0]).toMatchObject({ mediaType: 'application/pdf', name: 'Foto principal' });
    expect((await readMedia(stored.path, admin)).status).toBe(404);

    // Refused: an executable, a "pdf" whose bytes are an executable, a png named .exe, a type this route does not take (text).
    const exe = await upload(list.id, admin, { data: MZ, name: 'setup.exe', type: 'application/x-msdownload' }, { id: foto.id });
    expect(exe.status).toBe(415);
    expect(exe.body.error).toBe('ERR_MEDIA_TYPE_NOT_ALLOWED');
    expect((await upload(list.id, admin, { data: MZ, name: 'factura.pdf', type: 'application/pdf' }, { id: foto.id })).status).toBe(415);
    expect((await upload(list.id, admin, { data: PNG, name: 'foto.exe', type: 'image/png' }, { id: foto.id })).status).toBe(415);
    expect((await upload(list.id, admin, { data: Buffer.from('hola'), name: 'a.txt', type: 'text/plain' }, { id: foto.id })).status).toBe(415);
    // Sizes: an image past 2 MB (under the route's 20 MB) and anything past 20 MB.
    const bigImage = await upload(list.id, admin, { data: Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]), name: 'grande.png', type: 'image/png' }, { id: foto.id });
    expect(bigImage.status).toBe(413);
    expect(bigImage.body).toMatchObject({ error: 'ERR_MEDIA_TOO_LARGE', details: [{ maxBytes: 2 * 1024 * 1024 }] });
    const huge = await upload(list.id, admin, { data: Buffer.concat([PDF, Buffer.alloc(20 * 1024 * 1024)]), name: 'enorme.pdf', type: 'application/pdf' }, { id: foto.id });
    expect(huge.status).toBe(413);
    // Fields: no file, no option, an option of another list, a fileId that is not the path's.
    expect((await upload(list.id, admin, null, { id: foto.id })).status).toBe(400);
    const noOption = await upload(list.id, admin, { data: PNG, name: 'a.png', type: 'image/png' });
    expect(noOption.body.details[0]).toMatchObject({ path: 'id', message: 'required' });
    const other = await create({ name: 'Otra lista', message: 'x', options: [{ name: 'Ajena' }] });
    const wrongOption = await upload(list.id, admin, { data: PNG, name: 'a.png', type: 'image/png' }, { id: other.options[0].id });
    expect(wrongOption.status).toBe(404);
    expect(wrongOption.body.error).toBe('ERR_NO_FILE_OPTION_FOUND');
    const form = new FormData();
    form.append('fileId', String(other.id));
    form.append('id', String(foto.id));
    form.append('files', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'a.png');
    const mismatch = await fetch(`${server.url}/api/files/uploadList/${list.id}`, { method: 'POST', headers: { Authorization: `Bearer ${admin}` }, body: form });
    expect(mismatch.status).toBe(400);
    expect((await upload(999999, admin, { data: PNG, name: 'a.png', type: 'image/png' }, { id: foto.id })).status).toBe(404);
    // Still the pdf after every refusal.
    expect((await api.get<FileList>(`/api/files/${list.id}`, admin)).body.options[0].mediaType).toBe('application/pdf');
  });

  it('keeps exactly the referenced files when uploads, edits and deletes of one list race', async () => {
    // Several uploads to one option at once: one wins, and every replaced file is gone from disk.
    // The kernel lets a user run 3 uploads at once: the racing requests come from four users of Tienda.
    const uploaders = [admin, agent];
    for (const n of [1, 2]) {
      expect((await api.post('/api/users', { name: `Subidor ${n}`, email: `subidor${n}@tienda.test`, password: TENANT_PASSWORD, profile: 'user' }, admin)).status).toBe(201);
      uploaders.push((await api.login(`subidor${n}@tienda.test`, TENANT_PASSWORD)).token);
    }
    const by = (i: number) => uploaders[i % uploaders.length];
    const list = await create({ name: 'Carrera', message: 'x', options: [{ name: 'Única' }] });
    const option = list.options[0];
    let before = mediaOnDisk();
    const raced = await Promise.all(Array.from({ length: 8 }, (_, i) => upload(list.id, by(i), { data: PNG, name: `f${i}.png`, type: 'image/png' }, { id: option.id })));
    expect(raced.map((r) => r.status)).toEqual(Array(8).fill(201));
    const [row] = await queryDb(db.url, 'select media_url from file_list_options where id = $1', [option.id]);
    expect(added(before)).toEqual([fileOf(row.media_url)]);

    // Options added at once never pass the cap of 50 (two places left, six asking), and the refused
    // uploads leave no file behind.
    const full = await create({ name: 'Casi llena', message: 'x', options: Array.from({ length: 48 }, (_, i) => ({ name: `Op ${i}` })) });
    before = mediaOnDisk();
    const adds = await Promise.all(Array.from({ length: 6 }, (_, i) => upload(full.id, by(i), { data: PDF, name: `n${i}.pdf`, type: 'application/pdf' }, { name: `Nueva ${i}` })));
    expect(adds.map((r) => r.status).sort()).toEqual([201, 201, 400, 400, 400, 400]);
    expect(adds.find((r) => r.status === 400)!.body.details[0]).toMatchObject({ path: 'options', message: 'too_many' });
    const withMedia = await queryDb(db.url, 'select media_url, position from file_list_options where file_list_id = $1 order by position', [full.id]);
    expect(withMedia).toHaveLength(50);
    expect(withMedia.slice(48).map((o) => o.position)).toEqual([48, 49]);
    expect(added(before)).toEqual(withMedia.slice(48).map((o) => fileOf(o.media_url)).sort());

    // Uploads racing an edit that drops the option and a delete of the list: whatever the order, no
    // stored file outlives its row (an upload that lost answers 404 and removes what it stored).
    const doomed = await create({ name: 'Condenada', message: 'x', options: [{ name: 'A' }, { name: 'B' }] });
    before = mediaOnDisk();
    const [a, b] = doomed.options;
    const uploads = Array.from({ length: 6 }, (_, i) =>
      upload(doomed.id, by(i), { data: PNG, name: `d${i}.png`, type: 'image/png' }, i % 3 === 2 ? { name: `Extra ${i}` } : { id: i % 2 ? a.id : b.id }),
    );
    const edit = api.put(`/api/files/${doomed.id}`, { options: [{ id: a.id, name: 'A' }] }, admin);
    const gone = api.del(`/api/files/${doomed.id}`, admin);
    const settled = await Promise.all([...uploads, edit, gone]);
    for (const r of settled.slice(0, 6)) expect([201, 404]).toContain(r.status);
    expect([200, 404]).toContain(settled[6].status);
    expect(settled[7].status).toBe(204);
    expect(await queryDb(db.url, 'select id from file_list_options where file_list_id = $1', [doomed.id])).toEqual([]);
    expect(added(before)).toEqual([]);
  });

  it('deletes a list with its options and stored media', async () => {
    const list = await create({ name: 'Borrar', message: 'x', options: [{ name: 'A' }] });
    const up = await upload(list.id, admin, { data: PNG, name: 'a.png', type: 'image/png' }, { id: list.options[0].id });
    const path = up.body.options[0].path as string;
    expect((await api.del(`/api/files/${list.id}`, admin)).status).toBe(204);
    expect((await api.get(`/api/files/${list.id}`, admin)).status).toBe(404);
    expect((await readMedia(path, admin)).status).toBe(404);
    expect(await queryDb(db.url, 'select id from file_list_options where file_list_id = $1', [list.id])).toEqual([]);
    expect((await api.del(`/api/files/${list.id}`, admin)).status).toBe(404);
  });

  it("keeps each company's lists to itself: every id of another company is not found", async () => {
    const mine = await create({ name: 'Privada', message: 'solo Tienda', options: [{ name: 'Secreto' }] });
    const up = await upload(mine.id, admin, { data: PNG, name: 's.png', type: 'image/png' }, { id: mine.options[0].id });
    const path = up.body.options[0].path as string;
    expect((await api.get(`/api/files/${mine.id}`, otherAdmin)).status).toBe(404);
    expect((await api.put(`/api/files/${mine.id}`, { message: 'hack' }, otherAdmin)).status).toBe(404);
    expect((await api.del(`/api/files/${mine.id}`, otherAdmin)).status).toBe(404);
    expect((await upload(mine.id, otherAdmin, { data: PNG, name: 'x.png', type: 'image/png' }, { id: mine.options[0].id })).status).toBe(404);
    // An option of Tienda's list named in Otra's own list is refused too.
    const theirs = await create({ name: 'De Otra', message: 'x' }, otherAdmin);
    expect((await upload(theirs.id, otherAdmin, { data: PNG, name: 'x.png', type: 'image/png' }, { id: mine.options[0].id })).status).toBe(404);
    expect((await api.put(`/api/files/${theirs.id}`, { options: [{ id: mine.options[0].id, name: 'robada' }] }, otherAdmin)).status).toBe(400);
    // The media is Tienda's only (the kernel's /api/media serves a file to its own company).
    expect((await readMedia(path, otherAdmin)).status).toBe(404);
    expect((await readMedia(path, agent)).status).toBe(200);
    const otherNames = ((await api.get('/api/files', otherAdmin)).body as { name: string }[]).map((n) => n.name);
    expect(otherNames).not.toContain('Privada');
    expect(((await api.get('/api/files/?searchParam=Privada', otherAdmin)).body.files as FileList[]).length).toBe(0);
    expect((await api.get<FileList>(`/api/files/${mine.id}`, admin)).body.message).toBe('solo Tienda');
  });

  it('needs sign-in; every profile of the company reads and writes lists', async () => {
    expect((await api.get('/api/files')).status).toBe(401);
    expect((await api.post('/api/files', { name: 'Anónima', message: 'x' })).status).toBe(401);
    const byAgent = await create({ name: 'Del agente', message: 'hola', options: [{ name: 'Doc' }] }, agent);
    expect((await upload(byAgent.id, agent, { data: PDF, name: 'doc.pdf', type: 'application/pdf' }, { id: byAgent.options[0].id })).status).toBe(201);
    expect((await api.put(`/api/files/${byAgent.id}`, { message: 'editado' }, agent)).status).toBe(200);
    expect((await api.get(`/api/files/${byAgent.id}`, admin)).body.message).toBe('editado');
    expect((await api.del(`/api/files/${byAgent.id}`, agent)).status).toBe(204);
  });

  it("tells the company's users live (create, update, delete), and no one else", async () => {
    const mine = await socket(server.url, agent);
    const other = await socket(server.url, otherAdmin);
    sockets.push(mine, other);
    const heard: FileEvent[] = [];
    const heardByOther: FileEvent[] = [];
    mine.on('file', (e: FileEvent) => heard.push(e));
    other.on('file', (e: FileEvent) => heardByOther.push(e));

    const list = await create({ name: 'En vivo', message: 'x', options: [{ name: 'A' }] });
    await eventually(async () => heard.some((e) => e.action === 'create' && e.record.id === list.id));
    await upload(list.id, admin, { data: PNG, name: 'a.png', type: 'image/png' }, { id: list.options[0].id });
    await eventually(async () => heard.some((e) => e.action === 'update' && e.record.options[0]?.mediaType === 'image/png'));
    await api.put(`/api/files/${list.id}`, { name: 'En vivo 2' }, admin);
    await eventually(async () => heard.some((e) => e.action === 'update' && e.record.name === 'En vivo 2'));
    await api.del(`/api/files/${list.id}`, admin);
    await eventually(async () => heard.some((e) => e.action === 'delete' && e.id === list.id));
    expect(heardByOther).toEqual([]);
  });

  it('sends a list into a conversation the user can see: its message, then each file captioned with its option (issue 38 item 11)', async () => {
    const phone = sandbox(api, admin);
    const queue = (await api.post('/api/queue', { name: 'Catálogos', color: '#3f51b5' }, admin)).body.id as number;
    const wa = await phone.connect('Archivos', { queueIds: [queue] });
    const customer = '51911000111';
    await phone.say(wa, customer, 'hola');
    const ticket = await eventually(async () => (await queryDb(db.url, 'select id, queue_id from tickets where whatsapp_id = $1', [wa]))[0] ?? null);
    expect(ticket.queue_id).toBe(queue);
    const list = await create({ name: 'Envío al cliente', message: 'Nuestro catálogo', options: [{ name: 'Precios' }, { name: 'Sin archivo aún' }] });
    expect((await upload(list.id, admin, { data: PDF, name: 'precios.pdf', type: 'application/pdf' }, { id: list.options[0].id })).status).toBe(201);

    // Refused before anything leaves: another company, a ticket outside the agent's queues, unknown ids, a bad body.
    const refused = async (listId: number, body: object, token: string) => {
      const r = await api.post(`/api/files/${listId}/send`, body, token);
      return [r.status, r.body?.error];
    };
    expect(await refused(list.id, { ticketId: ticket.id }, otherAdmin)).toEqual([404, 'ERR_NO_TICKET_FOUND']);
    expect(await refused(list.id, { ticketId: ticket.id }, agent)).toEqual([404, 'ERR_NO_TICKET_FOUND']);
    expect(await refused(list.id + 1000, { ticketId: ticket.id }, admin)).toEqual([404, 'ERR_NO_FILE_FOUND']);
    expect(await refused(list.id, {}, admin)).toEqual([400, 'ERR_VALIDATION']);
    const fromMe = () => queryDb(db.url, 'select body, media_type, media_url from messages where ticket_id = $1 and from_me order by id', [ticket.id]);
    expect(await fromMe()).toEqual([]);

    const sent = await api.post(`/api/files/${list.id}/send`, { ticketId: ticket.id }, admin);
    expect([sent.status, sent.body]).toEqual([200, { sent: 2 }]);
    const rows = await fromMe();
    expect(rows.map((r: { body: string }) => r.body)).toEqual(['Nuestro catálogo', 'Precios']);
    expect(rows[0].media_url ?? null).toBeNull();
    expect(rows[1].media_url).toBeTruthy();
    expect(rows[1].media_type).not.toBe('chat');
    // The connection delivers both, in order.
    expect(await eventually(async () => ((await phone.outbox(wa, customer)).length >= 2 ? phone.outbox(wa, customer) : null), 20_000)).toHaveLength(2);
  });

  it('a quick reply carries a file list (issue 38 item 11): checked by the company when saved, sent after its text when used', async () => {
    const list = await create({ name: 'Catálogo rápido', message: 'Le envío el catálogo', options: [{ name: 'Catálogo PDF' }] });
    expect((await upload(list.id, admin, { data: PDF, name: 'catalogo.pdf', type: 'application/pdf' }, { id: list.options[0].id })).status).toBe(201);
    const otherList = (await api.post<FileList>('/api/files', { name: 'Lista ajena', message: 'no' }, otherAdmin)).body;

    // Saving: the files plugin checks the list is the user's company's and names it; an unknown kind is refused.
    const bad = async (attachment: object, token = admin) => {
      const r = await api.post('/api/quick-messages', { shortcode: `x${Math.random().toString(36).slice(2, 8)}`, message: 'x', attachment }, token);
      return [r.status, r.body?.error];
    };
    expect(await bad({ kind: 'files.fileList', id: otherList.id })).toEqual([404, 'ERR_NO_FILE_FOUND']);
    expect(await bad({ kind: 'files.fileList', id: list.id }, otherAdmin)).toEqual([404, 'ERR_NO_FILE_FOUND']);
    expect(await bad({ kind: 'nothere.thing', id: list.id })).toEqual([400, 'ERR_QUICK_ATTACHMENT_UNAVAILABLE']);
    expect(await bad({ kind: 'no-dot', id: list.id })).toEqual([400, 'ERR_VALIDATION']);
    const made = await api.post('/api/quick-messages', { shortcode: 'catalogo', message: 'Hola, aquí va', attachment: { kind: 'files.fileList', id: list.id } }, agent);
    expect(made.status).toBe(201);
    expect(made.body.attachment).toEqual({ kind: 'files.fileList', id: list.id, label: 'Catálogo rápido' });
    // Partial updates keep it; null removes it; sending it again puts it back.
    const q = made.body.id as number;
    expect((await api.put(`/api/quick-messages/${q}`, { message: 'Hola, aquí va el catálogo' }, agent)).body.attachment?.id).toBe(list.id);
    expect((await api.put(`/api/quick-messages/${q}`, { attachment: null }, agent)).body.attachment).toBeNull();
    expect((await api.put(`/api/quick-messages/${q}`, { attachment: { kind: 'files.fileList', id: list.id } }, agent)).body.attachment?.label).toBe('Catálogo rápido');
    expect((await api.get(`/api/quick-messages/${q}`, agent)).body.attachment?.id).toBe(list.id);

    // Using it on an open ticket: the reply's text, then the list's message and its file, in order.
    const phone = sandbox(api, admin);
    const wa = await phone.connect('Respuestas');
    const customer = '51911000222';
    await phone.say(wa, customer, 'buenas');
    const ticketId = await eventually(async () => (await queryDb(db.url, 'select id from tickets where whatsapp_id = $1', [wa]))[0]?.id ?? null);
    expect((await api.put(`/api/tickets/${ticketId}`, { status: 'open' }, admin)).status).toBe(200);
    const fromMe = () => queryDb(db.url, 'select body, media_type, media_url, source from messages where ticket_id = $1 and from_me order by id', [ticketId]);
    // Another company's user cannot use it (nor see the ticket).
    expect((await api.post(`/api/messages/${ticketId}`, { body: '', quickMessageId: q }, otherAdmin)).status).toBe(404);
    const sent = await api.post(`/api/messages/${ticketId}`, { body: 'Hola, aquí va el catálogo', quickMessageId: q, sign: false }, admin);
    // The admin cannot use the agent's personal quick reply.
    expect([sent.status, sent.body?.error]).toEqual([404, 'ERR_NOT_FOUND']);
    // Shared with the company by an admin, it is usable by the admin on the ticket.
    const shared = await api.post('/api/quick-messages', { shortcode: 'catalogo2', message: 'Hola, aquí va', geral: true, attachment: { kind: 'files.fileList', id: list.id } }, admin);
    expect(shared.status).toBe(201);
    const ok = await api.post(`/api/messages/${ticketId}`, { body: 'Hola, aquí va', quickMessageId: shared.body.id, sign: false }, admin);
    expect(ok.status).toBe(201);
    expect(ok.body.body).toBe('Hola, aquí va');
    const rows = await fromMe();
    expect(rows.map((r: { body: string }) => r.body)).toEqual(['Hola, aquí va', 'Le envío el catálogo', 'Catálogo PDF']);
    expect(rows.map((r: { source: string | null }) => r.source ?? null)).toEqual([null, 'files', 'files']);
    expect(rows[2].media_url).toBeTruthy();
    expect(await eventually(async () => ((await phone.outbox(wa, customer)).length >= 3 ? phone.outbox(wa, customer) : null), 20_000)).toEqual(['Hola, aquí va', 'Le envío el catálogo', 'Catálogo PDF']);

    // Without text, only the list goes; once the list is deleted the reply is refused before anything leaves.
    const bare = await api.post('/api/quick-messages', { shortcode: 'solo', message: '', geral: true, attachment: { kind: 'files.fileList', id: list.id } }, admin);
    const only = await api.post(`/api/messages/${ticketId}`, { body: '', quickMessageId: bare.body.id }, admin);
    expect([only.status, only.body.body]).toEqual([201, 'Le envío el catálogo']);
    expect((await fromMe()).length).toBe(5);
    expect((await api.del(`/api/files/${list.id}`, admin)).status).toBe(204);
    const gone = await api.post(`/api/messages/${ticketId}`, { body: 'Hola', quickMessageId: shared.body.id }, admin);
    expect([gone.status, gone.body?.error]).toEqual([404, 'ERR_NO_FILE_FOUND']);
    expect((await fromMe()).length).toBe(5);
  });

  it('a flow step sends a file list (issue 38 item 11): walked by a customer, the list goes out and the flow goes on; another company’s list sends nothing', async () => {
    const list = await create({ name: 'Lista del flujo', message: 'Hola {{name}}, el catálogo', options: [{ name: 'Precios PDF' }, { name: 'Vacía' }] });
    expect((await upload(list.id, admin, { data: PDF, name: 'precios.pdf', type: 'application/pdf' }, { id: list.options[0].id })).status).toBe(201);
    const foreign = (await api.post<FileList>('/api/files', { name: 'Lista de otra empresa', message: 'secreto de la otra empresa' }, otherAdmin)).body;
    const at = (x: number) => ({ position: { x, y: 0 } });
    const edge = (source: string, target: string) => ({ id: `${source}-${target}`, source, target, sourceHandle: null });
    const flowWith = async (name: string, fileListId: number) => {
      const id = (await api.post('/api/flowbuilder', { name }, admin)).body.id as number;
      const nodes = [
        { id: '1', type: 'start', ...at(0), data: { label: 'Inicio del flujo' } },
        { id: 'f', type: 'fileList', ...at(1), data: { fileListId, name: 'Lista' } },
        { id: 'm', type: 'message', ...at(2), data: { label: 'Listo, ¿algo más?' } },
      ];
      const saved = await api.post('/api/flowbuilder/flow', { idFlow: id, nodes, connections: [edge('1', 'f'), edge('f', 'm')] }, admin);
      expect(saved.status, JSON.stringify(saved.body)).toBe(201);
      return id;
    };
    // The step's data is checked by the flow builder's contract.
    const idFlow = (await api.post('/api/flowbuilder', { name: 'Sin lista' }, admin)).body.id as number;
    const invalid = await api.post('/api/flowbuilder/flow', { idFlow, nodes: [{ id: '1', type: 'start', ...at(0), data: {} }, { id: 'f', type: 'fileList', ...at(1), data: {} }], connections: [] }, admin);
    expect([invalid.status, JSON.stringify(invalid.body)]).toEqual([400, expect.stringContaining('fileListId')]);
    const good = await flowWith('Catálogo por flujo', list.id);
    const crafted = await flowWith('Lista ajena', foreign.id);
    expect((await api.post('/api/keywords', { name: 'Catálogo', keyword: 'catalogo', activateFlowId: good }, admin)).status).toBe(201);
    expect((await api.post('/api/keywords', { name: 'Ajena', keyword: 'ajena', activateFlowId: crafted }, admin)).status).toBe(201);

    // The plan allows two connections: the quick reply test's one (no queues) serves here too.
    const phone = sandbox(api, admin);
    const wa = ((await api.get('/api/whatsapp', admin)).body as { id: number; name: string }[]).find((c) => c.name === 'Respuestas')?.id ?? (await phone.connect('Flujo archivos'));
    await phone.say(wa, '51911000333', 'catalogo', 'Ana');
    const out = await eventually(async () => {
      const o = await phone.outbox(wa, '51911000333');
      return o.includes('Listo, ¿algo más?') ? o : null;
    }, 20_000);
    expect(out.slice(out.indexOf('Hola Ana, el catálogo'))).toEqual(['Hola Ana, el catálogo', 'Precios PDF', 'Listo, ¿algo más?']);
    const [sentFile] = await queryDb(db.url, `select m.media_url from messages m join tickets t on t.id = m.ticket_id join contacts c on c.id = t.contact_id where c.number = '51911000333' and m.body = 'Precios PDF'`);
    expect(sentFile.media_url).toBeTruthy();

    await phone.say(wa, '51911000444', 'ajena', 'Beto');
    const other = await eventually(async () => {
      const o = await phone.outbox(wa, '51911000444');
      return o.includes('Listo, ¿algo más?') ? o : null;
    }, 20_000);
    expect(other).not.toContain('secreto de la otra empresa');
  });
});
