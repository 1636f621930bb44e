import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createDatabase, eventually, pause, queryDb, startServer, twoCompanies, type RunningServer } from '@atende/sdk-server/testing';
import type { CloudApiNumber } from '@atende/plugin-cloud-api-contract';
import { messageWebhook, postWebhook, startFakeGraph, statusWebhook, type FakeGraph } from '../../fakes/graph-api/server.js';

/**
 * A WhatsApp Cloud API number end to end: the built kernel with this plugin, real PostgreSQL and Redis,
 * and the local fake Graph API (tooling/fakes/graph-api) in place of Meta, which also posts the signed
 * webhooks. Here rather than in plugins/cloud-api/server/test: a plugin may not import tooling (the fake).
 * Alone: npx vitest run --config tooling/vitest.config.ts --project integration tooling/test/integration/cloud-api.test.ts
 */
const ACCESS_TOKEN = 'EAAG-test-access-token-0001';
const APP_SECRET = 'app-secret-of-the-test-app';
const PHONE_NUMBER_ID = '100200300400';
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

describe('cloud-api', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let graph: FakeGraph;
  let api: ReturnType<typeof client>;
  let admin: string;
  let otherAdmin: string;
  let wa: number;
  let number: CloudApiNumber;
  let seq = 0;
  const wamid = () => `wamid.IN${Date.now()}${++seq}`;
  const webhookUrl = () => `${server.url}${number.webhookPath}`;
  const ticketOf = async (contactNumber: string) =>
    eventually(async () => {
      const [row] = await queryDb(db.url, `select t.id from tickets t join contacts c on c.id = t.contact_id where t.whatsapp_id = $1 and c.number = $2`, [wa, contactNumber]);
      return row?.id as number | undefined;
    });
  /** Agents reply to open tickets: accepted first. */
  const accept = async (ticketId: number) => expect((await api.put(`/api/tickets/${ticketId}`, { status: 'open' }, admin)).status).toBe(200);
  const messageRow = (id: number) => queryDb(db.url, `select ack, send_error, provider_message_id, body from messages where id = $1`, [id]).then((r) => r[0]);

  beforeAll(async () => {
    graph = await startFakeGraph({ accessToken: ACCESS_TOKEN, displayPhoneNumber: '+1 555-010-0999' });
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url, env: { CLOUD_API_GRAPH_URL: graph.url } });
    api = client(server.url);
    ({ admin, otherAdmin } = await twoCompanies(api));
    const created = await api.post('/api/whatsapp', { name: 'Cloud API', provider: 'cloud-api' }, admin);
    expect(created.status).toBe(201);
    wa = created.body.id;
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
    await graph?.close();
  });

  it('configures the number with its secrets sealed, and refuses another company and a non-Cloud API connection', async () => {
    const input = { whatsappId: wa, phoneNumberId: PHONE_NUMBER_ID, wabaId: '900800700', accessToken: ACCESS_TOKEN, appSecret: APP_SECRET };
    expect((await api.post('/api/cloud-api/numbers', input, otherAdmin)).status).toBe(404);
    const r = await api.post('/api/cloud-api/numbers', input, admin);
    expect(r.status).toBe(201);
    number = r.body;
    expect(number).toMatchObject({ whatsappId: wa, phoneNumberId: PHONE_NUMBER_ID, hasAccessToken: true, hasAppSecret: true });
    expect(number.verifyToken.length).toBeGreaterThanOrEqual(32);
    expect(JSON.stringify(r.body)).not.toContain(ACCESS_TOKEN);
    expect(JSON.stringify(r.body)).not.toContain(APP_SECRET);
    const [stored] = await queryDb(db.url, `select access_token_enc, app_secret_enc from cloud_api_numbers where id = $1`, [number.id]);
    expect(`${stored.access_token_enc}${stored.app_secret_enc}`).not.toContain('EAAG');
    expect(`${stored.access_token_enc}${stored.app_secret_enc}`).not.toContain(APP_SECRET);
    // A second configuration of the connection, and a baileys connection, are refused.
    expect((await api.post('/api/cloud-api/numbers', input, admin)).body.details).toEqual([{ path: 'whatsappId', message: 'already_configured' }]);
    const baileys = await api.post('/api/whatsapp', { name: 'Phone', provider: 'baileys' }, admin);
    const refused = await api.post('/api/cloud-api/numbers', { ...input, whatsappId: baileys.body.id, phoneNumberId: '555' + PHONE_NUMBER_ID }, admin);
    expect(refused.body.details).toEqual([{ path: 'whatsappId', message: 'not_cloud_api' }]);
    expect((await api.get('/api/cloud-api/numbers', otherAdmin)).body).toEqual([]);
  });

  it('starts: Graph confirms the credentials and the connection is CONNECTED with its number', async () => {
    expect((await api.post(`/api/whatsappsession/${wa}`, {}, admin)).status).toBe(200);
    await eventually(async () => (await api.get(`/api/whatsapp/${wa}`, admin)).body.status === 'CONNECTED');
    expect(graph.calls).toContain(`GET /${PHONE_NUMBER_ID}`);
  });

  it('does not start with credentials Graph refuses: DISCONNECTED with start_failed', async () => {
    const other = await api.post('/api/whatsapp', { name: 'Cloud API (other)', provider: 'cloud-api' }, otherAdmin);
    expect(other.status).toBe(201);
    const input = { whatsappId: other.body.id, phoneNumberId: '100200300999', wabaId: '900800799', accessToken: 'EAAG-wrong-token-000', appSecret: APP_SECRET };
    expect((await api.post('/api/cloud-api/numbers', input, otherAdmin)).status).toBe(201);
    await api.post(`/api/whatsappsession/${other.body.id}`, {}, otherAdmin);
    await eventually(async () => {
      const w = (await api.get(`/api/whatsapp/${other.body.id}`, otherAdmin)).body;
      return w.status === 'DISCONNECTED' && w.statusReason === 'start_failed';
    });
  });

  it("answers Meta's verification challenge only with the number's verify token", async () => {
    const q = (token: string) => `${webhookUrl()}?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(token)}&hub.challenge=1158201444`;
    const ok = await fetch(q(number.verifyToken));
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('1158201444');
    expect((await fetch(q('wrong-token'))).status).toBe(403);
    expect((await fetch(`${server.url}/api/cloud-api/webhook/unknownunknownunknown00?hub.mode=subscribe&hub.verify_token=x&hub.challenge=1`)).status).toBe(404);
  });

  it('refuses a webhook whose signature is wrong, and stores nothing of it', async () => {
    const id = wamid();
    const body = messageWebhook({ phoneNumberId: PHONE_NUMBER_ID, from: '5491100000009', id, text: 'forged' });
    expect((await postWebhook(webhookUrl(), body, 'not-the-app-secret')).status).toBe(401);
    expect((await postWebhook(webhookUrl(), body, APP_SECRET, { signature: 'sha256=00' })).status).toBe(401);
    await pause(1500);
    expect(await queryDb(db.url, `select id from messages where provider_message_id = $1`, [id])).toEqual([]);
  });

  it('receives a message, stores a duplicated webhook once, and replies inside the window', async () => {
    const customer = '5491100000001';
    const id = wamid();
    const body = messageWebhook({ phoneNumberId: PHONE_NUMBER_ID, from: customer, id, text: 'hola, ¿tienen stock?', name: 'Ana' });
    expect((await postWebhook(webhookUrl(), body, APP_SECRET)).status).toBe(200);
    expect((await postWebhook(webhookUrl(), body, APP_SECRET)).status).toBe(200);
    const ticketId = await ticketOf(customer);
    await pause(1500); // the second delivery had time to be handled
    const stored = await queryDb(db.url, `select body, from_me from messages where provider_message_id = $1`, [id]);
    expect(stored).toEqual([{ body: 'hola, ¿tienen stock?', from_me: false }]);

    await accept(ticketId);
    const reply = await api.post(`/api/messages/${ticketId}`, { body: 'Sí, tenemos' }, admin);
    expect(reply.status).toBe(201);
    const sent = await eventually(async () => graph.sent.find((s) => s.body.to === customer));
    expect(sent.body).toMatchObject({ messaging_product: 'whatsapp', to: customer, type: 'text', text: { body: 'Sí, tenemos' } });
    await eventually(async () => (await messageRow(reply.body.id)).provider_message_id === sent.id);

    // Delivery statuses from Graph move the message's ack forward (delivered, then read); a repeated one changes nothing.
    for (const status of ['delivered', 'read', 'delivered']) {
      expect((await postWebhook(webhookUrl(), statusWebhook({ phoneNumberId: PHONE_NUMBER_ID, id: sent.id, status, recipientId: customer }), APP_SECRET)).status).toBe(200);
    }
    await eventually(async () => (await messageRow(reply.body.id)).ack === 3);

    // Media: uploaded to Graph first, then sent by its media id with the caption.
    const fd = new FormData();
    fd.append('body', 'el catálogo');
    fd.append('medias', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'catalogo.png');
    const withImage = await fetch(`${server.url}/api/messages/${ticketId}`, { method: 'POST', headers: { Authorization: `Bearer ${admin}` }, body: fd });
    expect(withImage.status).toBe(201);
    const image = await eventually(async () => graph.sent.find((s) => s.body.to === customer && s.body.type === 'image'));
    const upload = graph.uploads.find((u) => u.id === (image.body.image as { id: string }).id);
    expect(upload).toMatchObject({ type: 'image/png' });
    expect(image.body.image).toMatchObject({ caption: 'el catálogo' });
    const window = await api.get(`/api/cloud-api/tickets/${ticketId}/window`, admin);
    expect(window.body).toMatchObject({ cloudApi: true, open: true });
  });

  it('refuses a free-form message outside the 24-hour window before calling Graph, and sends a template there', async () => {
    const customer = '5491100000002';
    const dayAndHourAgo = Math.floor(Date.now() / 1000) - 25 * 3600;
    const body = messageWebhook({ phoneNumberId: PHONE_NUMBER_ID, from: customer, id: wamid(), text: 'mensaje de ayer', timestamp: dayAndHourAgo });
    expect((await postWebhook(webhookUrl(), body, APP_SECRET)).status).toBe(200);
    const ticketId = await ticketOf(customer);
    expect((await api.get(`/api/cloud-api/tickets/${ticketId}/window`, admin)).body).toMatchObject({ cloudApi: true, open: false });

    const sendsBefore = graph.calls.filter((c) => c === `POST /${PHONE_NUMBER_ID}/messages`).length;
    await accept(ticketId);
    const reply = await api.post(`/api/messages/${ticketId}`, { body: 'hola de nuevo' }, admin);
    expect(reply.status).toBe(201);
    await eventually(async () => (await messageRow(reply.body.id)).ack === -1);
    expect((await messageRow(reply.body.id)).send_error).toBe('ERR_CLOUD_API_WINDOW_CLOSED');
    expect(graph.calls.filter((c) => c === `POST /${PHONE_NUMBER_ID}/messages`).length).toBe(sendsBefore);

    // Templates: only approved ones are offered; a template goes outside the window with its parameters.
    const templates = await api.get(`/api/cloud-api/tickets/${ticketId}/templates`, admin);
    expect(templates.body.map((t: { name: string }) => t.name)).toEqual(['order_ready', 'hello']);
    expect((await api.post(`/api/cloud-api/tickets/${ticketId}/template`, { name: 'order_ready', language: 'es', parameters: ['Ana'] }, admin)).status).toBe(400);
    const t = await api.post(`/api/cloud-api/tickets/${ticketId}/template`, { name: 'order_ready', language: 'es', parameters: ['Ana', '#42'] }, admin);
    expect(t.status).toBe(201);
    const sent = await eventually(async () => graph.sent.find((s) => s.body.to === customer));
    expect(sent.body).toMatchObject({
      type: 'template',
      template: { name: 'order_ready', language: { code: 'es' }, components: [{ type: 'body', parameters: [{ type: 'text', text: 'Ana' }, { type: 'text', text: '#42' }] }] },
    });
    await eventually(async () => (await messageRow(t.body.messageId)).ack === 1);
    expect((await messageRow(t.body.messageId)).body).toBe('Hola Ana, tu pedido #42 está listo.');
    // Another company's admin cannot reach the ticket.
    expect((await api.get(`/api/cloud-api/tickets/${ticketId}/templates`, otherAdmin)).status).toBe(404);
  });

  it("maps Graph's re-engagement error (131047) to its own send error", async () => {
    const customer = '5491100000003';
    expect((await postWebhook(webhookUrl(), messageWebhook({ phoneNumberId: PHONE_NUMBER_ID, from: customer, id: wamid(), text: 'hola' }), APP_SECRET)).status).toBe(200);
    const ticketId = await ticketOf(customer);
    await accept(ticketId);
    graph.failNextSend(131047, 'Re-engagement message');
    const reply = await api.post(`/api/messages/${ticketId}`, { body: 'respuesta' }, admin);
    await eventually(async () => (await messageRow(reply.body.id)).ack === -1);
    expect((await messageRow(reply.body.id)).send_error).toBe('ERR_CLOUD_API_REENGAGEMENT');
  });

  it('downloads an inbound image through Graph and keeps it as the message media', async () => {
    const customer = '5491100000004';
    graph.addMedia('media-in-1', 'image/png', PNG);
    const id = wamid();
    const body = messageWebhook({ phoneNumberId: PHONE_NUMBER_ID, from: customer, id, image: { id: 'media-in-1', mime_type: 'image/png', caption: 'foto' } });
    expect((await postWebhook(webhookUrl(), body, APP_SECRET)).status).toBe(200);
    const [row] = await eventually(async () => {
      const rows = await queryDb(db.url, `select media_type, media_url, body from messages where provider_message_id = $1`, [id]);
      return rows.length ? rows : null;
    });
    expect(row).toMatchObject({ media_type: 'image', body: 'foto' });
    expect(row.media_url).toMatch(/^\/api\/media\//);
    const file = await fetch(`${server.url}${row.media_url}`, { headers: { Authorization: `Bearer ${admin}` } });
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);
  });
});
