import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPER, client, createDatabase, startServer, type RunningServer } from '../support/server.js';
import { eventually } from '../support/wait.js';

const PW = 'Str0ng-pass';
const RATE_LIMIT = 20;
/** A 1×1 PNG: what the local media server serves. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/**
 * The external message API (issue 34 item 1): POST /api/messages/send with a connection's token,
 * through the sandbox channel, against real PostgreSQL and Redis.
 */
describe('external API: POST /api/messages/send', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let api: ReturnType<typeof client>;
  let media: http.Server;
  let mediaPort: number;
  let admin: string;
  let agent: string;
  let otherAdmin: string;
  let noApiAdmin: string;
  let wa: number;
  let token: string;

  const send = async (tok: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${server.url}/api/messages/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(tok ? { authorization: `Bearer ${tok}` } : {}), ...headers },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };
  const outbox = async (connection: number, to: string, token_ = admin) =>
    (await api.get(`/api/sandbox/${connection}/messages?to=${to}`, token_)).body as { body: string; mediaUrl?: string }[];
  const sandboxConnection = async (tok: string, name: string) => {
    const id = (await api.post('/api/whatsapp', { name, provider: 'sandbox' }, tok)).body.id as number;
    expect((await api.post(`/api/whatsappsession/${id}`, {}, tok)).status).toBe(200);
    await eventually(async () => (await api.get(`/api/whatsapp/${id}`, tok)).body.status === 'CONNECTED');
    return id;
  };

  beforeAll(async () => {
    media = http.createServer((req, res) => {
      if (req.url === '/logo.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
      if (req.url === '/moved') return void res.writeHead(302, { location: 'http://169.254.169.254/' }).end();
      res.writeHead(404).end();
    });
    await new Promise<void>((r) => media.listen(0, '127.0.0.1', r));
    mediaPort = (media.address() as AddressInfo).port;
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url, env: { OUTBOUND_ALLOW_HOSTS: `127.0.0.1:${mediaPort}`, EXTERNAL_API_RATE_LIMIT: String(RATE_LIMIT) } });
    api = client(server.url);
    const sup = (await api.login(SUPER.email, SUPER.password)).token;
    const plan = (await api.post('/api/plans', { name: 'Pyme', value: 99, users: 10, connections: 3, queues: 5 }, sup)).body;
    const basic = (await api.post('/api/plans', { name: 'Básico', value: 19, users: 10, connections: 3, queues: 5, useExternalApi: false }, sup)).body;
    for (const [name, email, planId] of [
      ['Tienda', 'admin@tienda.test', plan.id],
      ['Otra', 'admin@otra.test', plan.id],
      ['SinApi', 'admin@sinapi.test', basic.id],
    ] as const) {
      expect((await api.post('/api/companies', { name, email, password: PW, planId }, sup)).status).toBe(201);
    }
    admin = (await api.login('admin@tienda.test', PW)).token;
    otherAdmin = (await api.login('admin@otra.test', PW)).token;
    noApiAdmin = (await api.login('admin@sinapi.test', PW)).token;
    await api.post('/api/users', { name: 'Ana', email: 'ana@tienda.test', password: PW, profile: 'user' }, admin);
    agent = (await api.login('ana@tienda.test', PW)).token;
    wa = await sandboxConnection(admin, 'Principal');
    token = (await api.get(`/api/whatsapp/${wa}`, admin)).body.token;
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
    await new Promise((r) => media?.close(r));
  });

  it('shows the connection token to admins only', async () => {
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect((await api.get(`/api/whatsapp/${wa}`, agent)).body.token).toBe('');
    expect((await api.get('/api/whatsapp', agent)).body.every((c: { token: string }) => c.token === '')).toBe(true);
    expect((await api.post(`/api/whatsapp/${wa}/token`, {}, agent)).status).toBe(403);
  });

  it('sends a text through the sandbox, creating the contact and a ticket, then reuses that ticket', async () => {
    const first = await send(token, { number: '+51 987 650 001', body: 'Su pedido salió' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ message: 'Message sent', replayed: false, messageIds: [expect.any(Number)] });
    await eventually(async () => (await outbox(wa, '51987650001')).some((m) => m.body === 'Su pedido salió'));
    const second = await send(token, { number: '51987650001', body: 'Llega mañana' });
    expect(second.body.ticketId).toBe(first.body.ticketId);
    const ticket = (await api.get(`/api/tickets/${first.body.ticketId}`, admin)).body;
    expect(ticket.contact.number).toBe('51987650001');
    expect(ticket.whatsappId).toBe(wa);
    const page = (await api.get(`/api/messages/${first.body.ticketId}`, admin)).body;
    expect(page.messages.map((m: { body: string; fromMe: boolean }) => [m.body, m.fromMe])).toEqual([
      ['Su pedido salió', true],
      ['Llega mañana', true],
    ]);
  });

  it('sends media by URL through the outbound guard, and as multipart', async () => {
    const byUrl = await send(token, { number: '51987650002', body: 'Catálogo', mediaUrl: `http://127.0.0.1:${mediaPort}/logo.png` });
    expect(byUrl.status).toBe(200);
    const sent = await eventually(async () => (await outbox(wa, '51987650002')).find((m) => m.mediaUrl));
    expect(sent!.body).toBe('Catálogo');
    const fd = new FormData();
    fd.append('number', '51987650002');
    fd.append('body', 'Foto');
    fd.append('medias', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'foto.png');
    const res = await fetch(`${server.url}/api/messages/send`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: fd });
    expect(res.status).toBe(200);
    expect((await res.json()).ticketId).toBe(byUrl.body.ticketId);
    await eventually(async () => (await outbox(wa, '51987650002')).filter((m) => m.mediaUrl).length === 2);
  });

  it('refuses media URLs the guard does not allow, and a redirect; a missing file is ERR_WAPP_DOWNLOAD_MEDIA', async () => {
    const other = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(PNG));
    await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
    try {
      const notAllowed = await send(token, { number: '51987650003', body: 'x', mediaUrl: `http://127.0.0.1:${(other.address() as AddressInfo).port}/logo.png` });
      expect(notAllowed).toMatchObject({ status: 400, body: { error: 'ERR_OUTBOUND_URL_REFUSED' } });
    } finally {
      await new Promise((r) => other.close(r));
    }
    expect((await send(token, { number: '51987650003', body: 'x', mediaUrl: `http://127.0.0.1:${mediaPort}/moved` })).body.error).toBe('ERR_OUTBOUND_URL_REFUSED');
    expect((await send(token, { number: '51987650003', body: 'x', mediaUrl: `http://127.0.0.1:${mediaPort}/none.png` })).body.error).toBe('ERR_WAPP_DOWNLOAD_MEDIA');
    expect(await outbox(wa, '51987650003')).toEqual([]);
  });

  it("answers the spec's errors: bad token, invalid number, number not on WhatsApp, missing body", async () => {
    expect((await send('', { number: '51987650001', body: 'x' })).body.error).toBe('ERR_INVALID_TOKEN');
    expect((await send('f'.repeat(64), { number: '51987650001', body: 'x' })).status).toBe(401);
    expect((await send(token, { number: '12', body: 'x' })).body).toMatchObject({ error: 'ERR_VALIDATION', details: [{ path: 'number', message: 'invalid_number' }] });
    expect((await send(token, { number: '00098765432', body: 'x' }))).toMatchObject({ status: 400, body: { error: 'ERR_WAPP_INVALID_CONTACT' } });
    expect((await send(token, { number: '51987650001' })).body.details).toEqual([{ path: 'body', message: 'required' }]);
  });

  it('an idempotency key sends once and answers the first result, also to calls racing with it', async () => {
    const key = { 'idempotency-key': 'order-1001' };
    const [a, b] = await Promise.all([send(token, { number: '51987650004', body: 'Gracias por su compra' }, key), send(token, { number: '51987650004', body: 'Gracias por su compra' }, key)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.messageIds).toEqual(b.body.messageIds);
    expect([a.body.replayed, b.body.replayed].sort()).toEqual([false, true]);
    const later = await send(token, { number: '51987650004', body: 'Gracias por su compra' }, key);
    expect(later.body).toEqual({ ...a.body, replayed: true });
    await eventually(async () => (await outbox(wa, '51987650004')).length === 1);
    // Another key is another message.
    expect((await send(token, { number: '51987650004', body: 'Gracias por su compra' }, { 'idempotency-key': 'order-1002' })).body.replayed).toBe(false);
    await eventually(async () => (await outbox(wa, '51987650004')).length === 2);
    await new Promise((r) => setTimeout(r, 500));
    expect(await outbox(wa, '51987650004')).toHaveLength(2);
  });

  it('a failed call gives its idempotency key back: the retry sends', async () => {
    const key = { 'idempotency-key': 'retry-me' };
    expect((await send(token, { number: '00011112222', body: 'x' }, key)).body.error).toBe('ERR_WAPP_INVALID_CONTACT');
    expect((await send(token, { number: '51987650005', body: 'segundo intento' }, key)).status).toBe(200);
  });

  it('counts calls per connection atomically: a burst past the limit gets 429', async () => {
    const burst = await sandboxConnection(admin, 'Ráfaga');
    const tok = (await api.get(`/api/whatsapp/${burst}`, admin)).body.token;
    // Numbers not on WhatsApp: every call is counted, none sends.
    const answers = await Promise.all(Array.from({ length: RATE_LIMIT + 5 }, () => send(tok, { number: '00012345678', body: 'x' })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(RATE_LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    expect(answers.find((a) => a.status === 429)!.body.error).toBe('ERR_TOO_MANY_ATTEMPTS');
    // Another connection has its own count.
    expect((await send(token, { number: '51987650001', body: 'sigue' })).status).toBe(200);
  });

  it('rotating the token refuses the old one at once', async () => {
    const rotated = await api.post(`/api/whatsapp/${wa}/token`, {}, admin);
    expect(rotated.status).toBe(200);
    expect(rotated.body.token).toMatch(/^[0-9a-f]{64}$/);
    expect(rotated.body.token).not.toBe(token);
    expect((await send(token, { number: '51987650001', body: 'viejo' })).status).toBe(401);
    expect((await send(rotated.body.token, { number: '51987650001', body: 'nuevo' })).status).toBe(200);
    token = rotated.body.token;
  });

  it("keeps tenants apart: a token sends only through its own company's connection", async () => {
    const theirs = await sandboxConnection(otherAdmin, 'Suya');
    const theirToken = (await api.get(`/api/whatsapp/${theirs}`, otherAdmin)).body.token;
    // A connection id in the body is not how the API picks one: the token alone decides.
    const r = await send(theirToken, { number: '51987650009', body: 'de Otra', whatsappId: wa });
    expect(r.status).toBe(200);
    await eventually(async () => (await outbox(theirs, '51987650009', otherAdmin)).length === 1);
    expect(await outbox(wa, '51987650009')).toEqual([]);
    expect((await api.get(`/api/tickets/${r.body.ticketId}`, admin)).status).toBe(404);
    expect((await api.get(`/api/tickets/${r.body.ticketId}`, otherAdmin)).body.whatsappId).toBe(theirs);
    // Another company's admin cannot read or rotate this company's token.
    expect((await api.get(`/api/whatsapp/${wa}`, otherAdmin)).status).toBe(404);
    expect((await api.post(`/api/whatsapp/${wa}/token`, {}, otherAdmin)).status).toBe(404);
  });

  it('refuses a company whose plan lacks useExternalApi with 403', async () => {
    const theirs = await sandboxConnection(noApiAdmin, 'Sin API');
    const theirToken = (await api.get(`/api/whatsapp/${theirs}`, noApiAdmin)).body.token;
    expect(await send(theirToken, { number: '51987650010', body: 'x' })).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(await outbox(theirs, '51987650010', noApiAdmin)).toEqual([]);
  });
});
