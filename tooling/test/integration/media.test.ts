import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPER, client, createDatabase, startServer, type RunningServer } from '../support/server.js';
import { connect, record } from '../support/realtime.js';
import { eventually } from '../support/wait.js';

const PW = 'Str0ng-pass';
const CUSTOMER = '51987650001';
const run = promisify(execFile);

/** Test files made here with ffmpeg (a real PNG, a real WAV), never checked in. */
async function ffmpegMake(dir: string, name: string, args: string[]): Promise<Buffer> {
  const out = path.join(dir, name);
  await run(ffmpegInstaller.path, ['-hide_banner', '-loglevel', 'error', '-y', ...args, out]);
  return readFileSync(out);
}

/** What ffmpeg says about a file's streams (ffmpeg -i prints them and exits 1 without an output). */
async function probe(file: string): Promise<string> {
  try {
    await run(ffmpegInstaller.path, ['-hide_banner', '-i', file]);
    return '';
  } catch (err) {
    return (err as { stderr: string }).stderr;
  }
}

describe('messages: conversation pages, media, edit, failures, quick message media', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let api: ReturnType<typeof client>;
  let admin: string;
  let ana: string;
  let beto: string;
  let outsider: string;
  let otherCompany: string;
  let wa: number;
  let ventas: number;
  let firstTicket: number;
  let ticketId: number;
  let tmp: string;
  let png: Buffer;
  let wav: Buffer;

  /** A multipart request; files as [field, name, mimetype, bytes]. */
  const form = async (method: string, p: string, token: string, fields: Record<string, string>, files: [string, string, string, Buffer][]) => {
    const fd = new FormData();
    for (const [k, v] of Object.entries(fields)) fd.append(k, v);
    for (const [field, name, type, data] of files) fd.append(field, new Blob([new Uint8Array(data)], { type }), name);
    const res = await fetch(`${server.url}${p}`, { method, headers: { Authorization: `Bearer ${token}` }, body: fd });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };
  const media = async (url: string, token: string) => {
    const res = await fetch(`${server.url}${url}`, { headers: { Authorization: `Bearer ${token}` } });
    return { status: res.status, type: res.headers.get('content-type'), data: Buffer.from(await res.arrayBuffer()) };
  };
  const outbox = async (to = CUSTOMER) => (await api.get(`/api/sandbox/${wa}/messages?to=${to}`, admin)).body as { body: string; mediaUrl?: string; edited?: true; deleted?: true }[];
  const conversation = async (id: number, token = ana, query = '') => (await api.get(`/api/messages/${id}${query}`, token)).body;
  const inbound = (body: string, id: string) => api.post(`/api/sandbox/${wa}/messages`, { from: CUSTOMER, name: 'Carla', body, id }, admin);

  beforeAll(async () => {
    tmp = mkdtempSync(path.join(tmpdir(), 'atende-media-test-'));
    png = await ffmpegMake(tmp, 'red.png', ['-f', 'lavfi', '-i', 'color=c=red:s=16x16', '-frames:v', '1']);
    wav = await ffmpegMake(tmp, 'tone.wav', ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=2:sample_rate=44100', '-ac', '2']);
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url });
    api = client(server.url);
    const sup = (await api.login(SUPER.email, SUPER.password)).token;
    const plan = (await api.post('/api/plans', { name: 'Pyme', value: 99, users: 10, connections: 2, queues: 5 }, sup)).body;
    await api.post('/api/companies', { name: 'Tienda', email: 'admin@tienda.test', password: PW, planId: plan.id }, sup);
    await api.post('/api/companies', { name: 'Otra', email: 'admin@otra.test', password: PW, planId: plan.id }, sup);
    admin = (await api.login('admin@tienda.test', PW)).token;
    otherCompany = (await api.login('admin@otra.test', PW)).token;
    ventas = (await api.post('/api/queue', { name: 'Ventas', color: '#e91e63' }, admin)).body.id;
    const soporte = (await api.post('/api/queue', { name: 'Soporte', color: '#3f51b5' }, admin)).body.id;
    await api.post('/api/users', { name: 'Ana', email: 'ana@tienda.test', password: PW, queueIds: [ventas] }, admin);
    await api.post('/api/users', { name: 'Beto', email: 'beto@tienda.test', password: PW, queueIds: [ventas] }, admin);
    await api.post('/api/users', { name: 'Ciro', email: 'ciro@tienda.test', password: PW, queueIds: [soporte] }, admin);
    ana = (await api.login('ana@tienda.test', PW)).token;
    beto = (await api.login('beto@tienda.test', PW)).token;
    outsider = (await api.login('ciro@tienda.test', PW)).token;
    wa = (await api.post('/api/whatsapp', { name: 'Principal', provider: 'sandbox', queueIds: [ventas] }, admin)).body.id;
    await api.post(`/api/whatsappsession/${wa}`, {}, admin);
    await eventually(async () => (await api.get(`/api/whatsapp/${wa}`, admin)).body.status === 'CONNECTED');
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  describe('the conversation across tickets', () => {
    it('pages every ticket of the contact on the connection, newest page first, each message with its ticketId', async () => {
      await inbound('primera consulta', 'A-1');
      firstTicket = await eventually(async () => (await api.get('/api/tickets?status=pending', ana)).body.tickets[0]?.id);
      expect((await api.put(`/api/tickets/${firstTicket}`, { status: 'open' }, ana)).status).toBe(200);
      expect((await api.post(`/api/messages/${firstTicket}`, { body: 'respuesta uno' }, ana)).status).toBe(201);
      expect((await api.put(`/api/tickets/${firstTicket}`, { status: 'closed' }, ana)).body.status).toBe('closed');
      await inbound('segunda consulta', 'A-2');
      ticketId = await eventually(async () => (await api.get('/api/tickets?status=pending', ana)).body.tickets[0]?.id);
      expect(ticketId).not.toBe(firstTicket);
      for (let i = 0; i < 31; i++) await inbound(`mensaje ${i}`, `B-${i}`);
      // 34 messages: 2 on the first ticket (question, answer), 32 on the second. Both pages are read once all are
      // stored (the second page then has 4): page 1 read earlier could already show 30 while some were still arriving.
      const older = await eventually(async () => {
        const p = await conversation(ticketId, ana, '?pageNumber=2');
        return p.messages.length === 4 ? p : null;
      });
      const newest = await conversation(ticketId);
      expect(newest.messages).toHaveLength(30);
      expect(newest.messages.every((m: { ticketId: number }) => m.ticketId === ticketId)).toBe(true);
      expect(newest.hasMore).toBe(true);
      expect(older.hasMore).toBe(false);
      const ids = (p: { messages: { id: number }[] }) => p.messages.map((m) => m.id);
      expect(ids(newest)).toEqual([...ids(newest)].sort((a, b) => a - b));
      expect(Math.max(...ids(older))).toBeLessThan(Math.min(...ids(newest)));
      expect(older.messages.slice(0, 2).map((m: { body: string; ticketId: number }) => [m.body, m.ticketId])).toEqual([
        ['primera consulta', firstTicket],
        ['respuesta uno', firstTicket],
      ]);
      expect(older.messages[2]).toMatchObject({ body: 'segunda consulta', ticketId });
      // The cursor form gives the same older page.
      expect(ids(await conversation(ticketId, ana, `?beforeId=${newest.messages[0].id}`))).toEqual(ids(older));
      // Opened from the old ticket, it is the same conversation.
      expect(ids(await conversation(firstTicket))).toEqual(ids(newest));
      // An admin (who sees every ticket) gets the same pages.
      expect(ids(await conversation(ticketId, admin))).toEqual(ids(newest));
      expect(ids(await conversation(ticketId, admin, '?pageNumber=2'))).toEqual(ids(older));
      expect(newest.ticket).toMatchObject({ id: ticketId, unreadMessages: 0 });
    });

    it('is refused to users who may not see the ticket, and unknown elsewhere', async () => {
      expect((await api.get(`/api/messages/${ticketId}`, outsider)).status).toBe(403);
      expect((await api.get(`/api/messages/${ticketId}`, otherCompany)).status).toBe(404);
    });

    it('marks a ticket read while it is in view: unread back to 0, refused to who may not see it', async () => {
      await inbound('¿siguen ahí?', 'R-1');
      await eventually(async () => (await api.get(`/api/tickets/${ticketId}`, ana)).body.unreadMessages === 1);
      expect((await api.post(`/api/messages/${ticketId}/read`, {}, outsider)).status).toBe(403);
      expect((await api.post(`/api/messages/${ticketId}/read`, {}, otherCompany)).status).toBe(404);
      expect((await api.get(`/api/tickets/${ticketId}`, ana)).body.unreadMessages).toBe(1);
      expect((await api.post(`/api/messages/${ticketId}/read`, {}, ana)).status).toBe(204);
      expect((await api.get(`/api/tickets/${ticketId}`, ana)).body.unreadMessages).toBe(0);
    });

    it('carries the quoted message so the view needs no extra call', async () => {
      expect((await api.put(`/api/tickets/${ticketId}`, { status: 'open' }, ana)).status).toBe(200);
      const quotedId = (await conversation(ticketId)).messages.find((m: { body: string }) => m.body === 'mensaje 20').id;
      const sent = await api.post(`/api/messages/${ticketId}`, { body: 'sobre eso…', quotedMsgId: quotedId }, ana);
      expect(sent.body.quotedMsg).toEqual({ id: quotedId, body: 'mensaje 20', fromMe: false, mediaType: 'chat' });
      const page = await conversation(ticketId);
      expect(page.messages.find((m: { id: number }) => m.id === sent.body.id).quotedMsg).toMatchObject({ id: quotedId, body: 'mensaje 20' });
      expect(page.messages.find((m: { body: string }) => m.body === 'mensaje 21').quotedMsg).toBeNull();
    });
  });

  describe('outbound media', () => {
    it('sends an image with its caption: stored under a server name, listed by the sandbox phone', async () => {
      const r = await form('POST', `/api/messages/${ticketId}`, ana, { body: 'mira esto' }, [['medias', 'foto roja.png', 'image/png', png]]);
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect(r.body).toHaveLength(1);
      const [m] = r.body;
      expect(m).toMatchObject({ mediaType: 'image', body: 'mira esto', mediaName: 'foto roja.png', fromMe: true, ticketId });
      expect(m.mediaUrl).toMatch(/^\/api\/media\/[0-9a-f-]{36}\.png$/);
      const file = await media(m.mediaUrl, ana);
      expect(file.type).toBe('image/png');
      expect(file.data.equals(png)).toBe(true);
      expect((await media(m.mediaUrl, otherCompany)).status).toBe(404);
      const sent = await eventually(async () => (await outbox()).find((o) => o.mediaUrl === m.mediaUrl));
      expect(sent.body).toBe('mira esto');
      await eventually(async () => (await conversation(ticketId)).messages.find((x: { id: number }) => x.id === m.id).ack === 1);
    });

    it('converts audio to an OGG/Opus mono 48 kHz voice note', async () => {
      const r = await form('POST', `/api/messages/${ticketId}`, ana, {}, [['medias', 'nota.wav', 'audio/wav', wav]]);
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      const [m] = r.body;
      expect(m.mediaType).toBe('audio');
      expect(m.mediaUrl).toMatch(/\.ogg$/);
      const file = await media(m.mediaUrl, ana);
      expect(file.type).toBe('audio/ogg');
      const local = path.join(tmp, 'received.ogg');
      writeFileSync(local, file.data);
      const info = await probe(local);
      expect(info).toMatch(/Audio: opus, 48000 Hz, mono/);
      expect(info).toMatch(/Input #0, ogg/);
      await eventually(async () => (await outbox()).some((o) => o.mediaUrl === m.mediaUrl));
    });

    it('keeps a document’s original name and sends several files, one message each', async () => {
      const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
      const r = await form('POST', `/api/messages/${ticketId}`, ana, { body: 'los archivos' }, [
        ['medias', 'Cotización marzo.pdf', 'application/pdf', pdf],
        ['medias', 'precios.csv', 'text/csv', Buffer.from('producto,precio\nmesa,100\n')],
      ]);
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect(r.body.map((m: { mediaType: string; mediaName: string; body: string }) => [m.mediaType, m.mediaName, m.body])).toEqual([
        ['application', 'Cotización marzo.pdf', 'los archivos'],
        ['application', 'precios.csv', ''],
      ]);
      expect((await media(r.body[0].mediaUrl, ana)).data.equals(pdf)).toBe(true);
    });

    it('refuses an image over 16 MB, an .exe, and bytes that are not what the name says, storing nothing', async () => {
      const before = (await conversation(ticketId)).messages.length;
      const big = Buffer.concat([png, Buffer.alloc(17 * 1024 * 1024)]);
      const tooBig = await form('POST', `/api/messages/${ticketId}`, ana, {}, [['medias', 'grande.png', 'image/png', big]]);
      expect(tooBig.status).toBe(413);
      expect(tooBig.body).toMatchObject({ error: 'ERR_MEDIA_TOO_LARGE', details: [{ maxBytes: 16 * 1024 * 1024 }] });
      const exe = await form('POST', `/api/messages/${ticketId}`, ana, {}, [['medias', 'setup.exe', 'application/x-msdownload', Buffer.from('MZ\x90\x00')]]);
      expect(exe.status).toBe(415);
      expect(exe.body.error).toBe('ERR_MEDIA_TYPE_NOT_ALLOWED');
      const disguised = await form('POST', `/api/messages/${ticketId}`, ana, {}, [['medias', 'factura.pdf', 'application/pdf', Buffer.from('MZ\x90\x00 not a pdf')]]);
      expect(disguised.status).toBe(415);
      const nothing = await form('POST', `/api/messages/${ticketId}`, ana, {}, []);
      expect(nothing.status).toBe(400);
      expect((await conversation(ticketId)).messages.length).toBe(before);
    });
  });

  describe('edit and delete', () => {
    it('edits an own text message, live, and refuses others’ messages, media and deleted ones', async () => {
      const socket = await connect(server.url, ana);
      const updates = record(socket, 'appMessage');
      const mine = (await api.post(`/api/messages/${ticketId}`, { body: 'precio: 100' }, ana)).body;
      await eventually(async () => (await conversation(ticketId)).messages.find((m: { id: number }) => m.id === mine.id).ack === 1);
      const edited = await api.put(`/api/messages/${mine.id}`, { body: 'precio: 90' }, ana);
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({ id: mine.id, body: 'precio: 90', isEdited: true });
      await eventually(async () => updates.some((e) => e.action === 'update' && e.message.id === mine.id && e.message.isEdited));
      socket.disconnect();
      // The customer's phone shows the new text, marked edited (the session really edited it).
      expect((await outbox()).filter((o) => o.body.endsWith('precio: 90'))).toMatchObject([{ edited: true }]);
      expect((await outbox()).some((o) => o.body.endsWith('precio: 100'))).toBe(false);
      // Beto works the same queue: he sees the message but it is not his.
      expect((await api.put(`/api/messages/${mine.id}`, { body: 'hack' }, beto)).status).toBe(403);
      expect((await api.del(`/api/messages/${mine.id}`, beto)).status).toBe(403);
      const customers = (await conversation(ticketId)).messages.find((m: { fromMe: boolean }) => !m.fromMe);
      expect((await api.put(`/api/messages/${customers.id}`, { body: 'x' }, ana)).status).toBe(403);
      const image = (await conversation(ticketId)).messages.find((m: { mediaType: string }) => m.mediaType === 'image');
      expect((await api.put(`/api/messages/${image.id}`, { body: 'otro texto' }, ana)).status).toBe(400);
      expect((await api.put(`/api/messages/${mine.id}`, { body: '  ' }, ana)).status).toBe(400);
      expect((await api.del(`/api/messages/${mine.id}`, ana)).status).toBe(204);
      expect((await outbox()).filter((o) => o.body.endsWith('precio: 90'))).toMatchObject([{ edited: true, deleted: true }]);
      expect((await api.put(`/api/messages/${mine.id}`, { body: 'otra vez' }, ana)).status).toBe(400);
      expect((await api.put(`/api/messages/${mine.id}`, { body: 'x' }, otherCompany)).status).toBe(404);
    });
  });

  describe('delivery failures', () => {
    it('marks a message to a number that is not on WhatsApp as ERR_WAPP_INVALID_CONTACT (ack -1), live', async () => {
      const contact = (await api.post('/api/contacts', { name: 'Nadie', number: '00011112222' }, ana)).body;
      const t = (await api.post('/api/tickets', { contactId: contact.id, queueId: ventas, whatsappId: wa, status: 'open' }, ana)).body;
      const socket = await connect(server.url, ana);
      const updates = record(socket, 'appMessage');
      const sent = (await api.post(`/api/messages/${t.id}`, { body: '¿hola?' }, ana)).body;
      expect(sent).toMatchObject({ ack: 0, sendError: null });
      const failed = await eventually(async () => (await conversation(t.id)).messages.find((m: { id: number; ack: number }) => m.id === sent.id && m.ack === -1));
      expect(failed.sendError).toBe('ERR_WAPP_INVALID_CONTACT');
      await eventually(async () => updates.some((e) => e.message.id === sent.id && e.message.sendError === 'ERR_WAPP_INVALID_CONTACT'));
      socket.disconnect();
      expect(await outbox('00011112222')).toEqual([]);
    });

    it('marks ERR_SENDING_WAPP_MSG once the queue’s retries are spent', async () => {
      // Fault injection: the sandbox phone's store refuses this one text, so every try fails.
      const c = new pg.Client({ connectionString: db.url });
      await c.connect();
      await c.query(`alter table sandbox_outbox add constraint refuse_test_body check (body <> 'nunca llega')`);
      try {
        const sent = (await api.post(`/api/messages/${ticketId}`, { body: 'nunca llega' }, ana)).body;
        const failed = await eventually(async () => (await conversation(ticketId)).messages.find((m: { id: number; ack: number }) => m.id === sent.id && m.ack === -1));
        expect(failed.sendError).toBe('ERR_SENDING_WAPP_MSG');
      } finally {
        await c.query(`alter table sandbox_outbox drop constraint refuse_test_body`);
        await c.end();
      }
    });

    it('answers ERR_WAPP_NOT_INITIALIZED while the session is down', async () => {
      expect((await api.del(`/api/whatsappsession/${wa}`, admin)).status).toBe(200);
      await eventually(async () => (await api.get(`/api/whatsapp/${wa}`, admin)).body.status === 'DISCONNECTED');
      const r = await api.post(`/api/messages/${ticketId}`, { body: 'hola' }, ana);
      expect(r.status).toBe(400);
      expect(r.body.error).toBe('ERR_WAPP_NOT_INITIALIZED');
      await api.post(`/api/whatsappsession/${wa}`, {}, admin);
      await eventually(async () => (await api.get(`/api/whatsapp/${wa}`, admin)).body.status === 'CONNECTED');
    });
  });

  describe('quick message media', () => {
    it('attaches a file with spaces turned into underscores, told live to the owner only', async () => {
      const anaSocket = await connect(server.url, ana);
      const betoSocket = await connect(server.url, beto);
      const toAna = record(anaSocket, 'quickmessage');
      const toBeto = record(betoSocket, 'quickmessage');
      const q = (await api.post('/api/quick-messages', { shortcode: 'catalogo', message: 'Nuestro catálogo' }, ana)).body;
      const r = await form('POST', `/api/quick-messages/${q.id}/media-upload`, ana, { typeArch: 'quickMessage' }, [['file', 'mi foto de perfil.png', 'image/png', png]]);
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect(r.body).toMatchObject({ id: q.id, mediaName: 'mi_foto_de_perfil.png', allowEdit: true });
      expect(r.body.mediaPath).toMatch(/^\/api\/media\/[0-9a-f-]{36}\.png$/);
      expect((await media(r.body.mediaPath, ana)).data.equals(png)).toBe(true);
      await eventually(async () => toAna.some((e) => e.action === 'create' && e.record.id === q.id));
      await eventually(async () => toAna.some((e) => e.action === 'update' && e.record.mediaName === 'mi_foto_de_perfil.png'));
      // Another user's personal quick message does not exist for Beto.
      const betoTry = await form('POST', `/api/quick-messages/${q.id}/media-upload`, beto, {}, [['file', 'x.png', 'image/png', png]]);
      expect(betoTry.status).toBe(404);
      const exe = await form('POST', `/api/quick-messages/${q.id}/media-upload`, ana, {}, [['file', 'virus.exe', 'application/octet-stream', Buffer.from('MZ')]]);
      expect(exe.status).toBe(415);
      const shared = (await api.post('/api/quick-messages', { shortcode: 'horario', message: 'Atendemos 9 a 18', geral: true }, admin)).body;
      await eventually(async () => toBeto.some((e) => e.action === 'create' && e.record.id === shared.id));
      expect((await form('POST', `/api/quick-messages/${shared.id}/media-upload`, beto, {}, [['file', 'x.png', 'image/png', png]])).status).toBe(403);
      expect(toBeto.some((e) => e.record.id === q.id)).toBe(false);
      anaSocket.disconnect();
      betoSocket.disconnect();
    });

    it('sends the quick message’s file with the text; the message keeps its file after the attachment is removed', async () => {
      const q = (await api.get('/api/quick-messages/list', ana)).body.find((x: { shortcode: string }) => x.shortcode === 'catalogo');
      const sent = await api.post(`/api/messages/${ticketId}`, { body: 'Nuestro catálogo', quickMessageId: q.id }, ana);
      expect(sent.status, JSON.stringify(sent.body)).toBe(201);
      expect(sent.body).toMatchObject({ mediaType: 'image', body: 'Nuestro catálogo', mediaName: 'mi_foto_de_perfil.png' });
      expect(sent.body.mediaUrl).not.toBe(q.mediaPath);
      await eventually(async () => (await outbox()).some((o) => o.mediaUrl === sent.body.mediaUrl && o.body === 'Nuestro catálogo'));
      const removed = await api.del(`/api/quick-messages/${q.id}/media-upload`, ana);
      expect(removed.body).toMatchObject({ mediaPath: null, mediaName: null });
      expect((await media(q.mediaPath, ana)).status).toBe(404);
      expect((await media(sent.body.mediaUrl, ana)).data.equals(png)).toBe(true);
      // Beto may not send Ana's personal quick message.
      expect((await api.post(`/api/messages/${ticketId}`, { body: 'x', quickMessageId: q.id }, beto)).status).toBe(404);
    });

    it('turns an audio attachment into a voice note named .ogg', async () => {
      const q = (await api.post('/api/quick-messages', { shortcode: 'audio', message: '' }, ana)).body;
      const r = await form('POST', `/api/quick-messages/${q.id}/media-upload`, ana, { typeArch: 'quickMessage' }, [['file', 'saludo grabado.wav', 'audio/wav', wav]]);
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect(r.body.mediaName).toBe('saludo_grabado.ogg');
      const file = await media(r.body.mediaPath, ana);
      expect(file.type).toBe('audio/ogg');
    });
  });
});
