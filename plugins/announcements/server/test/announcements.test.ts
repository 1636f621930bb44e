import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { SUPER, client, createDatabase, eventually, queryDb, startServer, twoCompanies, unservedEndpoints, type RunningServer } from '@atende/sdk-server/testing';
import { ANNOUNCEMENT_ENDPOINTS, type Announcement, type AnnouncementEvent } from '@atende/plugin-announcements-contract';
import { AnnouncementsController } from '../src/announcements.controller.js';

/**
 * The announcements API against the real kernel, PostgreSQL and Redis (the plugin is in
 * plugins/installed.json, so the test kit's server loads it). Alone:
 * npx vitest run --config tooling/vitest.config.ts --project integration plugins/announcements/server/test
 */

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 3)]);
const GIF = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.alloc(200, 1)]);

function socket(url: string, token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = io(url, { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: false });
    s.once('ready', () => resolve(s));
    s.once('connect_error', reject);
  });
}

describe('announcements', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let api: ReturnType<typeof client>;
  let sup: string;
  let admin: string;
  let otherAdmin: string;
  const sockets: Socket[] = [];

  const upload = async (id: number, token: string, data: Buffer, name: string, type: string, headers: Record<string, string> = {}) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(data)], { type }), name);
    const res = await fetch(`${server.url}/api/announcements/${id}/media-upload`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, ...headers }, body: form });
    return { status: res.status, body: (await res.json().catch(() => null)) as any };
  };
  const create = async (body: object) => {
    const r = await api.post<Announcement>('/api/announcements', body, sup);
    expect(r.status).toBe(201);
    return r.body;
  };

  beforeAll(async () => {
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url });
    api = client(server.url);
    ({ admin, otherAdmin } = await twoCompanies(api));
    sup = (await api.login(SUPER.email, SUPER.password)).token;
  }, 90_000);
  afterAll(async () => {
    for (const s of sockets) s.close();
    await server?.stop();
    await db?.drop();
  });

  it('serves every endpoint its contract declares', () => {
    expect(unservedEndpoints([AnnouncementsController], { announcements: ANNOUNCEMENT_ENDPOINTS })).toEqual([]);
  });

  it('validates the body: title and text required, priority 1–3, defaults priority 3 and active', async () => {
    const missing = await api.post('/api/announcements', { text: 'x' }, sup);
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('ERR_VALIDATION');
    expect(missing.body.details.map((d: { path: string }) => d.path)).toContain('title');
    const blank = await api.post('/api/announcements', { title: 'T', text: '   ' }, sup);
    expect(blank.status).toBe(400);
    expect(blank.body.details[0]).toMatchObject({ path: 'text', message: 'required' });
    expect((await api.post('/api/announcements', { title: 'T', text: 'x', priority: 4 }, sup)).status).toBe(400);
    expect((await api.post('/api/announcements', { title: 'T', text: 'x', status: 'yes' }, sup)).status).toBe(400);
    const made = await create({ title: '  Mantenimiento ', text: 'El sábado' });
    expect(made).toMatchObject({ title: 'Mantenimiento', text: 'El sábado', priority: 3, status: true, mediaPath: null, mediaName: null });
    expect((await api.get('/api/announcements/abc', sup)).status).toBe(400);
    expect((await api.get('/api/announcements/999999', sup)).body.error).toBe('ERR_NO_ANNOUNCEMENT_FOUND');
  });

  it('lets only super users write (403 for a company admin), every user read', async () => {
    const a = await create({ title: 'Solo super', text: 'texto', priority: 2 });
    expect((await api.post('/api/announcements', { title: 'x', text: 'y' }, admin)).status).toBe(403);
    expect((await api.put(`/api/announcements/${a.id}`, { title: 'hack' }, admin)).status).toBe(403);
    expect((await api.del(`/api/announcements/${a.id}`, admin)).status).toBe(403);
    expect((await upload(a.id, admin, PNG, 'a.png', 'image/png')).status).toBe(403);
    expect((await api.del(`/api/announcements/${a.id}/media-upload`, admin)).status).toBe(403);
    expect((await api.get(`/api/announcements/${a.id}`, admin)).body.title).toBe('Solo super');
    expect((await api.get(`/api/announcements/${a.id}`, otherAdmin)).body.title).toBe('Solo super');
    expect((await api.get(`/api/announcements/${a.id}`)).status).toBe(401);
  });

  it('updates only the fields sent (PUT is partial)', async () => {
    const a = await create({ title: 'Parcial', text: 'original', priority: 1 });
    const r = await api.put<Announcement>(`/api/announcements/${a.id}`, { priority: 2 }, sup);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ title: 'Parcial', text: 'original', priority: 2, status: true });
    expect((await api.put(`/api/announcements/${a.id}`, { title: '' }, sup)).status).toBe(400);
  });

  it('hides inactive announcements from readers (list, record and image), not from super users', async () => {
    const hidden = await create({ title: 'Borrador oculto', text: 'aún no', status: false });
    expect((await upload(hidden.id, sup, PNG, 'borrador.png', 'image/png')).status).toBe(201);
    const titles = async (token: string) => ((await api.get('/api/announcements?searchParam=oculto', token)).body.records as Announcement[]).map((x) => x.title);
    expect(await titles(admin)).toEqual([]);
    expect(await titles(sup)).toEqual(['Borrador oculto']);
    expect((await api.get(`/api/announcements/${hidden.id}`, admin)).status).toBe(404);
    expect((await api.get(`/api/announcements/${hidden.id}/media`, admin)).status).toBe(404);
    expect((await api.get(`/api/announcements/${hidden.id}/media`, sup)).status).toBe(200);
    await api.put(`/api/announcements/${hidden.id}`, { status: true }, sup);
    expect(await titles(admin)).toEqual(['Borrador oculto']);
  });

  it('pages by 50 with hasMore, and searches title and text', async () => {
    await queryDb(db.url, `insert into announcements (title, text, priority) select 'Lote ' || g, 'masivo', 3 from generate_series(1, 55) g`);
    const first = (await api.get('/api/announcements?searchParam=masivo&pageNumber=1', admin)).body;
    expect(first.records).toHaveLength(50);
    expect(first.hasMore).toBe(true);
    const second = (await api.get('/api/announcements?searchParam=masivo&pageNumber=2', admin)).body;
    expect(second.records).toHaveLength(5);
    expect(second.hasMore).toBe(false);
    const ids = new Set([...first.records, ...second.records].map((r: Announcement) => r.id));
    expect(ids.size).toBe(55);
    expect((await api.get('/api/announcements?searchParam=Lote%2012', admin)).body.records.map((r: Announcement) => r.title)).toEqual(['Lote 12']);
    expect((await api.get('/api/announcements?pageNumber=0', admin)).status).toBe(400);
  });

  it('takes a png or jpeg image, checked by type, extension and content; readers of any company read it', async () => {
    const a = await create({ title: 'Con imagen', text: 'ver' });
    const ok = await upload(a.id, sup, PNG, 'aviso.png', 'image/png');
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ mediaName: 'aviso.png', mediaPath: `/announcements/${a.id}/media` });
    for (const token of [admin, otherAdmin]) {
      const res = await fetch(`${server.url}/api/announcements/${a.id}/media`, { headers: { Authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
    }
    // Replaced by a jpeg: the earlier file is forgotten.
    expect((await upload(a.id, sup, JPEG, 'foto.jpg', 'image/jpeg')).body.mediaName).toBe('foto.jpg');
    const files = await queryDb(db.url, `select media_url from announcements where id = $1`, [a.id]);
    expect(files[0].media_url).toMatch(/\.jpg$/);

    // Refused: text dressed as png (content), a gif (type the route does not take), a wrong extension, no file.
    const fake = await upload(a.id, sup, Buffer.from('not an image at all'), 'x.png', 'image/png');
    expect(fake.status).toBe(415);
    expect(fake.body.error).toBe('ERR_MEDIA_TYPE_NOT_ALLOWED');
    expect((await upload(a.id, sup, GIF, 'x.gif', 'image/gif')).status).toBe(415);
    expect((await upload(a.id, sup, PNG, 'x.exe', 'image/png')).status).toBe(415);
    expect((await upload(a.id, sup, JPEG, 'x.png', 'image/png')).status).toBe(415);
    const none = await fetch(`${server.url}/api/announcements/${a.id}/media-upload`, { method: 'POST', headers: { Authorization: `Bearer ${sup}` }, body: new FormData() });
    expect(none.status).toBe(400);
    // Too large: refused while streaming (5 MB limit) and by a declared Content-Length before reading.
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const large = await upload(a.id, sup, big, 'grande.png', 'image/png');
    expect(large.status).toBe(413);
    expect(large.body.error).toBe('ERR_MEDIA_TOO_LARGE');
    expect((await upload(999999, sup, PNG, 'a.png', 'image/png')).status).toBe(404);
    // Still the jpeg after every refusal.
    expect((await api.get(`/api/announcements/${a.id}`, sup)).body.mediaName).toBe('foto.jpg');

    // A file name longer than its column is kept cut, not a 500 (the name is only a label).
    const long = await upload(a.id, sup, PNG, `${'n'.repeat(300)}.png`, 'image/png');
    expect(long.status).toBe(201);
    expect(long.body.mediaName).toHaveLength(255);

    const cleared = await api.del<Announcement>(`/api/announcements/${a.id}/media-upload`, sup);
    expect(cleared.body).toMatchObject({ mediaPath: null, mediaName: null });
    expect((await api.get(`/api/announcements/${a.id}/media`, admin)).status).toBe(404);
  });

  it('tells every user live: active ones to readers, every change to super users', async () => {
    const reader = await socket(server.url, otherAdmin);
    const writer = await socket(server.url, sup);
    sockets.push(reader, writer);
    const heard: AnnouncementEvent[] = [];
    const heardBySuper: AnnouncementEvent[] = [];
    reader.on('announcement', (e: AnnouncementEvent) => heard.push(e));
    writer.on('announcement-admin', (e: AnnouncementEvent) => heardBySuper.push(e));

    const draft = await create({ title: 'En vivo borrador', text: 'x', status: false });
    const live = await create({ title: 'En vivo', text: 'x', priority: 1 });
    await eventually(async () => heard.some((e) => e.action === 'create' && e.record.id === live.id));
    await api.put(`/api/announcements/${live.id}`, { title: 'En vivo 2' }, sup);
    await eventually(async () => heard.some((e) => e.action === 'update' && e.record.title === 'En vivo 2'));
    await api.put(`/api/announcements/${live.id}`, { status: false }, sup);
    await eventually(async () => heard.some((e) => e.action === 'delete' && e.id === live.id));
    await api.del(`/api/announcements/${draft.id}`, sup);
    await eventually(async () => heardBySuper.some((e) => e.action === 'delete' && e.id === draft.id));
    // The reader never heard of the inactive draft, not even of its deletion.
    expect(heard.filter((e) => (e.action === 'delete' ? e.id : e.record.id) === draft.id)).toEqual([]);
    expect(heardBySuper.some((e) => e.action === 'create' && e.record.id === draft.id)).toBe(true);
  });
});
