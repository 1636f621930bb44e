import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import {
  SUPER,
  client,
  createDatabase,
  eventually,
  pause,
  queryDb,
  sandbox as sandboxOf,
  startServer,
  twoCompanies,
  unservedEndpoints,
  type RunningServer,
} from '@atende/sdk-server/testing';
import { INTEGRATION_ENDPOINTS, queueIntegrationEvent, type Integration, type QueueIntegrationEvent } from '@atende/plugin-integrations-contract';
import { IntegrationsController } from '../src/integrations.controller.js';
// The local fakes are test tooling (tooling/fakes), not a dependency of the plugin's code.
// eslint-disable-next-line @nx/enforce-module-boundaries
import {
  fakeServiceAccount,
  startDialogflowFake,
  startShopifyFake,
  startTypebotFake,
  startWebhookFake,
  type FakeServer,
} from '../../../../tooling/fakes/index.js';

/**
 * The integrations plugin against the real kernel, PostgreSQL, Redis and the sandbox connection, each
 * type driven through a sandbox customer against its local fake (tooling/fakes). Alone:
 * npx vitest run --config tooling/vitest.config.ts --project integration plugins/integrations/server/test
 */

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);

describe('integrations', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let api: ReturnType<typeof client>;
  let admin: string;
  let otherAdmin: string;
  let sup: string;
  let companyId: number;
  let dataDir: string;
  let webhook: Awaited<ReturnType<typeof startWebhookFake>>;
  let stall: Awaited<ReturnType<typeof startWebhookFake>>;
  let typebot: Awaited<ReturnType<typeof startTypebotFake>>;
  let dialogflow: Awaited<ReturnType<typeof startDialogflowFake>>;
  let shopify: FakeServer;
  const account = fakeServiceAccount();
  const sockets: Socket[] = [];
  let n = 0;

  const create = async (body: object, token = admin) => {
    const r = await api.post<Integration>('/api/queueIntegration', body, token);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body;
  };
  /** A fresh sandbox connection bound to the integration, and a customer number for it. */
  const boundConnection = async (integrationId: number) => {
    n++;
    const wa = await sandboxOf(api, admin).connect(`Sandbox ${n}`);
    const put = await api.put(`/api/whatsapp/${wa}`, { integrationId }, admin);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.integrationId).toBe(integrationId);
    return { wa, customer: `5198880${String(n).padStart(4, '0')}` };
  };
  const say = (wa: number, from: string, text: string) => sandboxOf(api, admin).say(wa, from, text, 'Ana Cliente');
  const outbox = (wa: number, to: string) => sandboxOf(api, admin).outbox(wa, to);
  const ticketOf = async (wa: number, number: string) =>
    (await eventually(async () => (await queryDb(db.url, `select t.id, t.status, t.holder from tickets t join contacts c on c.id = t.contact_id where t.whatsapp_id = $1 and c.number = $2`, [wa, number]))[0]))!;
  /** The ticket's automation fields as the API shows them. */
  const markerOf = async (ticketId: number) => {
    const { useIntegration, promptId, integrationId } = (await api.get(`/api/tickets/${ticketId}`, admin)).body;
    return { useIntegration, promptId, integrationId };
  };
  /** The ticket's notes (core-operations' agents' notes), once there is one: a hand-over leaves one saying why (just after recording the run). */
  const notesOf = async (ticketId: number) => {
    const read = async () => (await queryDb(db.url, `select note, user_id from ticket_notes where ticket_id = $1 order by id`, [ticketId])) as { note: string; user_id: number | null }[];
    await eventually(async () => (await read()).length > 0, 20_000);
    return read();
  };
  const runsOf = async (ticketId: number) => (await api.get<{ status: string; reason: string | null }[]>(`/api/integrations/queueIntegration/runs/${ticketId}`, admin)).body;

  beforeAll(async () => {
    webhook = await startWebhookFake();
    stall = await startWebhookFake({ stallMs: 60_000 });
    stall.mode = 'stall';
    expect(stall.mode).toBe('stall');
    typebot = await startTypebotFake('mi-bot');
    dialogflow = await startDialogflowFake(account.publicKey);
    shopify = await startShopifyFake('shpat_secreto');
    db = await createDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), 'atende-integrations-'));
    server = await startServer({
      databaseUrl: db.url,
      dataDir,
      env: { OUTBOUND_ALLOW_HOSTS: [webhook, stall, typebot, dialogflow, shopify].map((f) => f.host).join(',') },
    });
    api = client(server.url);
    ({ admin, otherAdmin, companyId } = await twoCompanies(api, { users: 10, connections: 20, queues: 5 }));
    sup = (await api.login(SUPER.email, SUPER.password)).token;
    // Remote calls time out after 1.5 s here (the stalled receiver), Google's URLs point at the fake.
    for (const [key, value] of [
      ['integrations.remoteTimeoutMs', '1500'],
      ['integrations.dialogflowBaseUrl', dialogflow.url],
      ['integrations.googleTokenUrl', dialogflow.tokenUrl],
    ]) {
      const r = await api.put(`/api/settings/global/${key}`, { value }, sup);
      expect(r.status, `${key} ${JSON.stringify(r.body)}`).toBe(200);
    }
  }, 180_000);
  afterAll(async () => {
    for (const s of sockets) s.close();
    await server?.stop();
    await db?.drop();
    for (const f of [webhook, stall, typebot, dialogflow, shopify]) await f?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves every endpoint its contract declares', () => {
    const own = Object.fromEntries(
      Object.entries(INTEGRATION_ENDPOINTS).map(([k, e]) => [k, { ...e, path: e.path.startsWith('/integrations/') ? e.path.slice('/integrations'.length) : e.path }]),
    ) as typeof INTEGRATION_ENDPOINTS;
    expect(unservedEndpoints([IntegrationsController], { integrations: own })).toEqual([]);
  });

  it('validates: name 2 to 50, a known type, Shopify domain and connection, ids of the company', async () => {
    const none = await api.post('/api/queueIntegration', {}, admin);
    expect(none.status).toBe(400);
    expect(none.body.details.map((d: { path: string }) => d.path).sort()).toEqual(['name', 'type']);
    expect((await api.post('/api/queueIntegration', { type: 'n8n', name: 'a', urlN8N: webhook.url }, admin)).body.details).toEqual([expect.objectContaining({ path: 'name', message: 'too_short' })]);
    expect((await api.post('/api/queueIntegration', { type: 'n8n', name: 'x'.repeat(51), urlN8N: webhook.url }, admin)).body.details).toEqual([
      expect.objectContaining({ path: 'name', message: 'too_long' }),
    ]);
    expect((await api.post('/api/queueIntegration', { type: 'nope', name: 'Otro' }, admin)).body.details).toEqual([expect.objectContaining({ path: 'type', message: 'unknown_type' })]);
    expect((await api.post('/api/queueIntegration', { type: 'n8n', name: 'Sin URL' }, admin)).body.details).toEqual([expect.objectContaining({ path: 'urlN8N', message: 'required' })]);
    const shop = await api.post('/api/queueIntegration', { type: 'shopify', name: 'Tienda' }, admin);
    expect(shop.status).toBe(400);
    expect(shop.body.details.map((d: { path: string }) => d.path).sort()).toEqual(['urlShopify', 'whatsappId']);
    // Another company's connection is not found for this one.
    const foreignWa = await sandboxOf(api, otherAdmin).connect('Ajena');
    const foreign = await api.post('/api/queueIntegration', { type: 'shopify', name: 'Tienda', urlShopify: shopify.url, whatsappId: foreignWa }, admin);
    expect(foreign.body.details).toEqual([expect.objectContaining({ path: 'whatsappId', message: 'not_found' })]);
    expect((await api.get('/api/queueIntegration/abc', admin)).status).toBe(400);
    expect((await api.get('/api/queueIntegration/999999', admin)).body.error).toBe('ERR_NO_INTEGRATION_FOUND');
    expect((await api.get('/api/queueIntegration')).status).toBe(401);
  });

  it('refuses URLs to loopback or link-local addresses and plain http without the allow-list, and says why', async () => {
    for (const url of ['http://127.0.0.1:9/hook', 'https://127.0.0.1/hook', 'https://169.254.169.254/latest/meta-data', 'http://example.com/hook']) {
      const r = await api.post('/api/queueIntegration', { type: 'webhook', name: 'Peligro', urlN8N: url }, admin);
      expect(r.status, url).toBe(400);
      expect(r.body.error).toBe('ERR_OUTBOUND_URL_REFUSED');
    }
    const why = await api.post('/api/integrations/queueIntegration/check-url', { url: 'https://169.254.169.254/' }, admin);
    expect(why.body).toEqual({ ok: false, reason: 'private_address' });
    expect((await api.post('/api/integrations/queueIntegration/check-url', { url: 'http://example.com/' }, admin)).body).toEqual({ ok: false, reason: 'scheme' });
    expect((await api.post('/api/integrations/queueIntegration/check-url', { url: `${webhook.url}/x` }, admin)).body).toEqual({ ok: true, reason: null });
    expect(await queryDb(db.url, `select count(*)::int as n from integrations_integrations where name = 'Peligro'`)).toEqual([{ n: 0 }]);
  });

  it("plain http to a host the super user allows (Settings → Platform); only a super user edits the list; private addresses stay refused", async () => {
    const url = 'http://93.184.216.34/hook';
    const checkUrl = async (u: string) => (await api.post('/api/integrations/queueIntegration/check-url', { url: u }, admin)).body;
    const setHosts = (value: string, token = sup) => api.put('/api/settings/global/outboundAllowHosts', { value }, token);
    try {
      const refused = await api.post('/api/queueIntegration', { type: 'webhook', name: 'Por http', urlN8N: url }, admin);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe('ERR_OUTBOUND_URL_REFUSED');
      expect(await checkUrl(url)).toEqual({ ok: false, reason: 'scheme' });
      // A company admin may neither read nor change platform settings.
      expect((await setHosts('93.184.216.34', admin)).status).toBe(403);
      expect((await api.get('/api/settings/global', admin)).status).toBe(403);
      const bad = await setHosts('http://93.184.216.34/hook');
      expect(bad.status).toBe(400);
      expect(bad.body.details).toEqual([expect.objectContaining({ path: 'value', message: 'invalid_host' })]);

      expect((await setHosts('93.184.216.34, localhost')).status).toBe(200);
      expect((await api.get<{ key: string; value: string }[]>('/api/settings/global', sup)).body).toContainEqual({ key: 'outboundAllowHosts', value: '93.184.216.34, localhost' });
      // Applies at once (the guard's cache is dropped on the change).
      expect(await checkUrl(url)).toEqual({ ok: true, reason: null });
      const made = await api.post<Integration>('/api/queueIntegration', { type: 'webhook', name: 'Por http', urlN8N: url }, admin);
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      // The super user's list lifts only the https rule: loopback (by name, after DNS) and metadata stay refused.
      expect(await checkUrl('http://localhost/hook')).toEqual({ ok: false, reason: 'private_address' });
      expect(await checkUrl('http://169.254.169.254/')).toEqual({ ok: false, reason: 'scheme' });
      expect((await setHosts('93.184.216.34, 169.254.169.254')).status).toBe(200);
      expect(await checkUrl('http://169.254.169.254/')).toEqual({ ok: false, reason: 'private_address' });
      // Taken off the list: refused again.
      expect((await setHosts('')).status).toBe(200);
      expect(await checkUrl(url)).toEqual({ ok: false, reason: 'scheme' });
      expect((await api.put(`/api/queueIntegration/${made.body.id}`, { urlN8N: `${url}/2` }, admin)).body.error).toBe('ERR_OUTBOUND_URL_REFUSED');
    } finally {
      await setHosts('');
    }
  });

  it('creates, lists with search and count, updates partially, uploads an image, deletes; told live as company-{id}-queueIntegration', async () => {
    const s = await new Promise<Socket>((resolve, reject) => {
      const sock = io(server.url, { path: '/socket.io', transports: ['websocket'], auth: { token: admin }, reconnection: false });
      sock.once('ready', () => resolve(sock));
      sock.once('connect_error', reject);
    });
    sockets.push(s);
    const heard: QueueIntegrationEvent[] = [];
    s.on(queueIntegrationEvent(companyId), (e: QueueIntegrationEvent) => heard.push(e));

    const made = await create({ type: 'n8n', name: '  Flujo n8n  ', urlN8N: `${webhook.url}/hook` });
    expect(made).toMatchObject({ type: 'n8n', name: 'Flujo n8n', urlN8N: `${webhook.url}/hook`, isActive: true, typebotDelayMessage: 1000, typebotExpires: 1, imagePath: null });
    const put = await api.put<Integration>(`/api/queueIntegration/${made.id}`, { name: 'Flujo renombrado' }, admin);
    expect(put.body).toMatchObject({ name: 'Flujo renombrado', urlN8N: `${webhook.url}/hook` });
    const page = await api.get<{ queueIntegrations: Integration[]; count: number; hasMore: boolean }>('/api/queueIntegration/?searchParam=renombr&pageNumber=1', admin);
    expect(page.body).toMatchObject({ count: 1, hasMore: false });
    expect(page.body.queueIntegrations.map((i) => i.id)).toEqual([made.id]);
    expect((await api.get('/api/queueIntegration/?searchParam=nadie', admin)).body).toEqual({ queueIntegrations: [], count: 0, hasMore: false });

    const form = new FormData();
    form.append('typeArch', 'queueIntegration');
    form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'logo.png');
    const up = await fetch(`${server.url}/api/queueIntegration/${made.id}/image-upload`, { method: 'POST', headers: { Authorization: `Bearer ${admin}` }, body: form });
    expect(up.status).toBe(201);
    expect(((await up.json()) as Integration).imagePath).toBeTruthy();
    expect((await api.del(`/api/queueIntegration/${made.id}/image-upload`, admin)).body.imagePath).toBeNull();

    expect((await api.del(`/api/queueIntegration/${made.id}`, admin)).status).toBe(204);
    expect((await api.get(`/api/queueIntegration/${made.id}`, admin)).status).toBe(404);
    await eventually(async () => heard.length >= 5);
    expect(heard.map((e) => e.action)).toEqual(['create', 'update', 'update', 'update', 'delete']);
    expect(heard[4]).toEqual({ action: 'delete', integrationId: made.id });
  });

  it('keeps each company to its own integrations', async () => {
    const mine = await create({ type: 'webhook', name: 'Mía', urlN8N: webhook.url });
    expect((await api.get(`/api/queueIntegration/${mine.id}`, otherAdmin)).status).toBe(404);
    expect((await api.put(`/api/queueIntegration/${mine.id}`, { name: 'Robada' }, otherAdmin)).status).toBe(404);
    expect((await api.del(`/api/queueIntegration/${mine.id}`, otherAdmin)).status).toBe(404);
    expect((await api.get('/api/queueIntegration', otherAdmin)).body.queueIntegrations).toEqual([]);
    // Nor may another company bind its connection to it.
    const theirs = await sandboxOf(api, otherAdmin).connect('Otra conexión');
    const bind = await api.put(`/api/whatsapp/${theirs}`, { integrationId: mine.id }, otherAdmin);
    expect(bind.status).toBe(400);
    expect(bind.body.details).toEqual([expect.objectContaining({ path: 'integrationId', message: 'not_found' })]);
  });

  it('n8n/webhook: the customer gets the remote answer, the POST signed with the company key', async () => {
    const hook = await create({ type: 'n8n', name: 'Eco n8n', urlN8N: `${webhook.url}/eco` });
    const { wa, customer } = await boundConnection(hook.id);
    const before = webhook.requests.length;
    await say(wa, customer, 'hola bot');
    await eventually(async () => (await outbox(wa, customer)).includes('Eco: hola bot'), 20_000);
    const req = webhook.requests[before]!;
    expect(req.method).toBe('POST');
    const event = JSON.parse(req.body);
    expect(event).toMatchObject({ event: 'message.received', companyId, integration: { id: hook.id, type: 'n8n' }, contact: { number: customer, name: 'Ana Cliente' }, message: { body: 'hola bot' } });
    expect(req.headers['x-atende-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    // A company that sets its own secret: the receiver checks the signature with it.
    expect((await api.put('/api/settings/integrations.webhookSecret', { value: 's'.repeat(24) }, admin)).status).toBe(200);
    await say(wa, customer, 'segunda');
    await eventually(async () => (await outbox(wa, customer)).includes('Eco: segunda'), 20_000);
    expect(webhook.verify(webhook.requests.at(-1)!, 's'.repeat(24))).toBe(true);
    expect(webhook.verify(webhook.requests.at(-1)!, 'otra-clave-cualquiera')).toBe(false);
    const ticket = await ticketOf(wa, customer);
    expect(ticket.holder).toBe('integrations.bound');
    // The ticket says who answers it (core-operations §4).
    expect(await markerOf(ticket.id)).toEqual({ useIntegration: true, promptId: null, integrationId: hook.id });
    // Handed over to a human: the mark goes with the bot's hold.
    webhook.mode = 'handover';
    try {
      await say(wa, customer, 'un asesor por favor');
      await eventually(async () => (await ticketOf(wa, customer)).holder === null, 20_000);
      expect(await markerOf(ticket.id)).toEqual({ useIntegration: false, promptId: null, integrationId: null });
    } finally {
      webhook.mode = 'answer';
    }
  });

  it('webhook error → retried once, then a human: the ticket is let go, pending, with the reason', async () => {
    const hook = await create({ type: 'webhook', name: 'Caído', urlN8N: `${webhook.url}/caido` });
    const { wa, customer } = await boundConnection(hook.id);
    webhook.mode = 'fail';
    try {
      const before = webhook.requests.length;
      await say(wa, customer, 'hola');
      const ticket = await ticketOf(wa, customer);
      await eventually(async () => (await runsOf(ticket.id)).some((r) => r.status === 'handed_over'), 20_000);
      expect(webhook.requests.length - before).toBe(2); // the first try and one retry
      expect((await runsOf(ticket.id))[0]!.reason).toBe('webhook failed: HTTP 500');
      // The note on the ticket, written by no user, says why.
      expect(await notesOf(ticket.id)).toEqual([{ note: 'La integración «Caído» (webhook) respondió con el error HTTP 500: la conversación pasó a un agente.', user_id: null }]);
      await eventually(async () => (await ticketOf(wa, customer)).holder === null);
      expect(await ticketOf(wa, customer)).toMatchObject({ status: 'pending', holder: null });
      // The human has it now: the next message does not go to the remote again.
      webhook.mode = 'answer';
      const count = webhook.requests.length;
      await say(wa, customer, 'sigo aquí');
      await pause(1500);
      expect(webhook.requests.length).toBe(count);
      expect(await outbox(wa, customer)).toEqual([]);
    } finally {
      webhook.mode = 'answer';
    }
  });

  it('webhook that stalls → timeout, then a human', async () => {
    const hook = await create({ type: 'webhook', name: 'Lento', urlN8N: `${stall.url}/lento` });
    const { wa, customer } = await boundConnection(hook.id);
    await say(wa, customer, 'hola');
    const ticket = await ticketOf(wa, customer);
    await eventually(async () => (await runsOf(ticket.id)).some((r) => r.status === 'handed_over'), 20_000);
    expect((await runsOf(ticket.id))[0]!.reason).toBe('webhook failed: timeout');
    expect((await notesOf(ticket.id)).map((x) => x.note)).toEqual(['La integración «Lento» (webhook) no respondió a tiempo: la conversación pasó a un agente.']);
    // The hold is let go just after the run is recorded and the note written.
    await eventually(async () => (await ticketOf(wa, customer)).holder === null);
    expect(await ticketOf(wa, customer)).toMatchObject({ status: 'pending', holder: null });
  });

  it('webhook asking for a human: its text is sent and the ticket handed over', async () => {
    const hook = await create({ type: 'webhook', name: 'Asesor', urlN8N: `${webhook.url}/asesor` });
    const { wa, customer } = await boundConnection(hook.id);
    webhook.mode = 'handover';
    try {
      await say(wa, customer, 'quiero un asesor');
      await eventually(async () => (await outbox(wa, customer)).includes('Te comunico con un asesor'), 20_000);
      const ticket = await ticketOf(wa, customer);
      await eventually(async () => (await runsOf(ticket.id))[0]?.reason === 'webhook: pide asesor');
      expect((await notesOf(ticket.id))[0]!.note).toBe('La integración «Asesor» (webhook) pasó la conversación a un agente: el servicio pidió un agente (pide asesor).');
    } finally {
      webhook.mode = 'answer';
    }
  });

  it('typebot: starts a session, continues it, unknown and restart texts, finish keyword hands over; a failing Typebot → human', async () => {
    const bot = await create({
      type: 'typebot',
      name: 'Bot típico',
      urlN8N: typebot.url,
      typebotSlug: 'mi-bot',
      typebotDelayMessage: 50,
      typebotKeywordFinish: 'salir',
      typebotKeywordRestart: 'reiniciar',
      typebotRestartMessage: 'Reiniciamos la conversación',
      typebotUnknownMessage: 'No entendí tu mensaje',
    });
    const { wa, customer } = await boundConnection(bot.id);
    await say(wa, customer, 'hola');
    await eventually(async () => (await outbox(wa, customer)).length >= 2, 20_000);
    expect(await outbox(wa, customer)).toEqual(['Hola Ana Cliente, soy el bot', 'Elige 1 o 2']);
    await say(wa, customer, '2');
    await eventually(async () => (await outbox(wa, customer)).includes('Elegiste 2'), 20_000);
    await say(wa, customer, '?');
    await eventually(async () => (await outbox(wa, customer)).includes('No entendí tu mensaje'), 20_000);
    await say(wa, customer, 'Reiniciar');
    await eventually(async () => (await outbox(wa, customer)).includes('Reiniciamos la conversación'), 20_000);
    await say(wa, customer, 'otra vez');
    await eventually(async () => (await outbox(wa, customer)).filter((t) => t === 'Elige 1 o 2').length === 2, 20_000);
    expect(typebot.sessions.size).toBe(2);
    await say(wa, customer, 'SALIR');
    const ticket = await ticketOf(wa, customer);
    await eventually(async () => (await runsOf(ticket.id))[0]?.reason === 'typebot: finish keyword', 20_000);
    // The hold is let go just after the run is recorded and the note written.
    await eventually(async () => (await ticketOf(wa, customer)).holder === null);
    expect(await ticketOf(wa, customer)).toMatchObject({ status: 'pending', holder: null });
    expect((await notesOf(ticket.id)).map((x) => x.note)).toEqual(['La integración «Bot típico» (typebot) pasó la conversación a un agente: el cliente escribió la palabra para finalizar («salir»).']);

    const down = await boundConnection(bot.id);
    typebot.fail = true;
    try {
      await say(down.wa, down.customer, 'hola');
      const t = await ticketOf(down.wa, down.customer);
      await eventually(async () => (await runsOf(t.id))[0]?.reason === 'typebot failed: startChat HTTP 500', 20_000);
      expect((await notesOf(t.id)).map((x) => x.note)).toEqual(['La integración «Bot típico» (typebot) respondió con el error HTTP 500: la conversación pasó a un agente.']);
    } finally {
      typebot.fail = false;
    }
  });

  it('dialogflow: the service account is stored encrypted, testSession works, detect intent answers; a failing agent → human', async () => {
    const test = await api.post('/api/queueIntegration/testSession', { projectName: 'agente-prueba', jsonContent: account.json, language: 'es' }, admin);
    expect(test.status, JSON.stringify(test.body)).toBe(200);
    expect(test.body).toEqual({ ok: true, message: 'Dialogflow (es): hola' });
    const bad = await api.post('/api/queueIntegration/testSession', { projectName: 'agente-prueba', jsonContent: '{"client_email":"x"}', language: 'es' }, admin);
    expect(bad.body.ok).toBe(false);

    const df = await create({ type: 'dialogflow', name: 'Agente DF', projectName: 'agente-prueba', language: 'pt-BR', jsonContent: account.json });
    expect(df.jsonContent).toBe('***');
    const [row] = await queryDb(db.url, `select secret, config from integrations_integrations where id = $1`, [df.id]);
    expect(row.secret).toMatch(/^v1:/);
    expect(row.secret).not.toContain('PRIVATE KEY');
    expect(JSON.stringify(row.config)).not.toContain('PRIVATE KEY');
    // The masked value sent back keeps the credential.
    expect((await api.put(`/api/queueIntegration/${df.id}`, { jsonContent: '***', name: 'Agente DF 2' }, admin)).status).toBe(200);

    const { wa, customer } = await boundConnection(df.id);
    await say(wa, customer, 'quiero saber precios');
    await eventually(async () => (await outbox(wa, customer)).includes('Dialogflow (pt-BR): quiero saber precios'), 20_000);
    // "adios" ends the conversation in the agent: the ticket is let go, done.
    await say(wa, customer, 'adios');
    const ticket = await ticketOf(wa, customer);
    await eventually(async () => (await runsOf(ticket.id))[0]?.status === 'done', 20_000);

    const down = await boundConnection(df.id);
    dialogflow.fail = true;
    try {
      await say(down.wa, down.customer, 'hola');
      const t = await ticketOf(down.wa, down.customer);
      await eventually(async () => (await runsOf(t.id))[0]?.status === 'handed_over', 20_000);
      expect((await runsOf(t.id))[0]!.reason).toMatch(/^dialogflow failed: /);
      expect((await notesOf(t.id)).map((x) => x.note)).toEqual([expect.stringMatching(/^La integración «Agente DF 2» \(dialogflow\) respondió con el error HTTP \d{3}: la conversación pasó a un agente\.$/)]);
    } finally {
      dialogflow.fail = false;
    }
  });

  it('shopify: an order number is looked up and answered with the template', async () => {
    const waShop = await sandboxOf(api, admin).connect('Tienda Shopify');
    const shop = await create({
      type: 'shopify',
      name: 'Mi tienda',
      urlShopify: shopify.url,
      whatsappId: waShop,
      jsonContent: 'shpat_secreto',
      messageTemplate: '{{client_name}}: pedido {{order_number}} ({{total_amount}}) por {{shipping_method}} a {{shipping_city}}, {{shipping_province}}. {{products_info}}',
    });
    expect(shop.jsonContent).toBe('***');
    const { wa, customer } = await boundConnection(shop.id);
    await say(wa, customer, 'mi pedido es #1001');
    await eventually(async () => (await outbox(wa, customer)).length > 0, 20_000);
    expect(await outbox(wa, customer)).toEqual(['Ana Pérez: pedido #1001 (150.00 PEN) por Olva Courier a Miraflores, Lima. 2 x Polo negro']);
    await say(wa, customer, 'y el 2002?');
    await eventually(async () => (await outbox(wa, customer)).includes('No encontramos el pedido #2002.'), 20_000);
    // The stored token never follows the integration to another address: a new URL without the token
    // again drops it (the browser only ever sees '***'); the same URL keeps it.
    const same = await api.put(`/api/queueIntegration/${shop.id}`, { urlShopify: shopify.url, jsonContent: '***' }, admin);
    expect(same.body.jsonContent).toBe('***');
    const moved = await api.put(`/api/queueIntegration/${shop.id}`, { urlShopify: 'https://93.184.216.34', jsonContent: '***' }, admin);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.jsonContent ?? null).toBeNull();
  });

  it('shopify options: a keyword sends the option image with its description, or starts its flow; option images are checked and cleaned up', async () => {
    const flowId = await flowOf('Asesoría', [{ id: 'm', type: 'message', data: { label: 'Un asesor te atiende, {{name}}' } }]);
    const waShop = await sandboxOf(api, admin).connect('Tienda con opciones');
    const shop = await create({
      type: 'shopify',
      name: 'Tienda opciones',
      urlShopify: shopify.url,
      whatsappId: waShop,
      jsonContent: 'shpat_secreto',
      shopifyOptions: [
        { keywords: 'envío, despacho', description: 'Enviamos a todo el país en 48 horas' },
        { keywords: 'tallas', description: 'Nuestra guía de tallas' },
        { keywords: 'asesor', flowId },
      ],
    });
    const [envio, tallas] = shop.shopifyOptions;
    expect(envio!.id && tallas!.id && envio!.id !== tallas!.id).toBeTruthy();
    // An image that is not a file of the company is refused; the upload names the option.
    const stolen = await api.put(`/api/queueIntegration/${shop.id}`, { shopifyOptions: [{ ...tallas, image: '/media/999/ajena.png' }] }, admin);
    expect(stolen.body.details).toEqual([expect.objectContaining({ path: 'shopifyOptions.0.image', message: 'not_found' })]);
    const upload = async (optionId: string) => {
      const form = new FormData();
      form.append('optionId', optionId);
      form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'tallas.png');
      return fetch(`${server.url}/api/queueIntegration/${shop.id}/image-upload`, { method: 'POST', headers: { Authorization: `Bearer ${admin}` }, body: form });
    };
    expect((await upload('no-existe')).status).toBe(400);
    const up = await upload(String(tallas!.id));
    expect(up.status).toBe(201);
    const withImage = (await up.json()) as Integration;
    const image = withImage.shopifyOptions[1]!.image!;
    expect(image).toBeTruthy();
    expect(withImage.imagePath).toBeNull();
    // A file of the company this integration did not upload (here: another integration's option image) is
    // refused too: removing the option would delete it.
    const other = await create({ type: 'webhook', name: 'Otra', urlN8N: `${webhook.url}/otra` });
    const borrowed = await api.put(`/api/queueIntegration/${other.id}`, { shopifyOptions: [{ ...tallas, id: undefined, image }] }, admin);
    expect(borrowed.status).toBe(400);
    expect(borrowed.body.details).toEqual([expect.objectContaining({ path: 'shopifyOptions.0.image', message: 'not_found' })]);

    const { wa, customer } = await boundConnection(shop.id);
    const sent = () => queryDb(db.url, `select body, media_url from sandbox_outbox where whatsapp_id = $1 and to_number = $2 order by id`, [wa, customer]) as Promise<{ body: string; media_url: string | null }[]>;
    await say(wa, customer, '¿Hacen ENVIO a Cusco?');
    await eventually(async () => (await sent()).length === 1, 20_000);
    expect((await sent())[0]).toEqual({ body: 'Enviamos a todo el país en 48 horas', media_url: null });
    await say(wa, customer, 'qué tallas tienen');
    await eventually(async () => (await sent()).length === 2, 20_000);
    expect((await sent())[1]!.body).toBe('Nuestra guía de tallas');
    expect((await sent())[1]!.media_url).toBeTruthy();
    // Not an option: the order lookup as before.
    await say(wa, customer, 'pedido 1001');
    await eventually(async () => (await sent()).length === 3, 20_000);
    expect((await sent())[2]!.body).toMatch(/^Hola Ana Pérez, tu pedido #1001/);
    // The option with a flow starts it (the flow took the ticket over from the integration; this one-step flow then ends).
    await say(wa, customer, 'quiero un asesor');
    await eventually(async () => (await outbox(wa, customer)).includes('Un asesor te atiende, Ana Cliente'), 20_000);
    expect((await ticketOf(wa, customer)).holder).not.toBe('integrations.bound');
    expect(await sent()).toHaveLength(4);

    // Taking the option away forgets its image file.
    const fileOk = async () => (await fetch(`${server.url}${image}`, { headers: { Authorization: `Bearer ${admin}` } })).status;
    expect(await fileOk()).toBe(200);
    const trimmed = await api.put<Integration>(`/api/queueIntegration/${shop.id}`, { shopifyOptions: [envio] }, admin);
    expect(trimmed.body.shopifyOptions.map((o) => o.id)).toEqual([envio!.id]);
    await eventually(async () => (await fileOk()) === 404);
  });

  it('each remote type that stalls or fails hands over with a note: Typebot and Shopify timeouts, a Shopify token refused', async () => {
    const waShop = await sandboxOf(api, admin).connect('Tienda lenta');
    const cases: { body: object; note: string }[] = [
      { body: { type: 'typebot', name: 'Typebot lento', urlN8N: stall.url, typebotSlug: 'mi-bot' }, note: 'La integración «Typebot lento» (typebot) no respondió a tiempo: la conversación pasó a un agente.' },
      { body: { type: 'shopify', name: 'Shopify lento', urlShopify: stall.url, whatsappId: waShop, jsonContent: 'shpat_secreto' }, note: 'La integración «Shopify lento» (shopify) no respondió a tiempo: la conversación pasó a un agente.' },
      { body: { type: 'shopify', name: 'Shopify sin permiso', urlShopify: shopify.url, whatsappId: waShop, jsonContent: 'shpat_otro' }, note: 'La integración «Shopify sin permiso» (shopify) respondió con el error HTTP 401: la conversación pasó a un agente.' },
    ];
    for (const c of cases) {
      const made = await create(c.body);
      const { wa, customer } = await boundConnection(made.id);
      await say(wa, customer, 'mi pedido #1001');
      const ticket = await ticketOf(wa, customer);
      await eventually(async () => (await runsOf(ticket.id))[0]?.status === 'handed_over', 20_000);
      expect((await notesOf(ticket.id)).map((x) => x.note)).toEqual([c.note]);
      // The hold is let go just after the run is recorded and the note written.
      await eventually(async () => (await ticketOf(wa, customer)).holder === null);
      expect(await ticketOf(wa, customer)).toMatchObject({ status: 'pending', holder: null });
      expect(await outbox(wa, customer)).toEqual([]);
    }
  });

  /** A flow (flow builder plugin) of `nodes` after its start node, linked in a line; answers its id. */
  const flowOf = async (name: string, nodes: { id: string; type: string; data: object }[]) => {
    const made = await api.post('/api/flowbuilder', { name }, admin);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const all = [{ id: '1', type: 'start', data: { label: 'Inicio del flujo' } }, ...nodes].map((nd, i) => ({ ...nd, position: { x: i * 200, y: 0 } }));
    const connections = all.slice(1).map((nd, i) => ({ id: `e${i}`, source: all[i]!.id, target: nd.id, sourceHandle: null }));
    const saved = await api.post('/api/flowbuilder/flow', { idFlow: made.body.id, nodes: all, connections }, admin);
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    return made.body.id as number;
  };

  it('flowbuilder: the integration starts its flow, which then holds the ticket; a flow of another company is refused', async () => {
    const flowId = await flowOf('Bienvenida', [{ id: 'm', type: 'message', data: { label: 'Bienvenido {{name}} desde el flujo' } }]);
    const foreign = (await api.post('/api/flowbuilder', { name: 'Ajeno' }, otherAdmin)).body.id as number;
    const refused = await api.post('/api/queueIntegration', { type: 'flowbuilder', name: 'Flujo ajeno', flowId: foreign }, admin);
    expect(refused.body.details).toEqual([expect.objectContaining({ path: 'flowId', message: 'not_found' })]);
    const shopWa = (await api.get<{ id: number }[]>('/api/whatsapp', admin)).body[0]!.id;
    const option = await api.post('/api/queueIntegration', { type: 'shopify', name: 'Opciones', urlShopify: shopify.url, whatsappId: shopWa, shopifyOptions: [{ keywords: 'envío', flowId: foreign }] }, admin);
    expect(option.body.details).toEqual([expect.objectContaining({ path: 'shopifyOptions.0.flowId', message: 'not_found' })]);
    const fi = await create({ type: 'flowbuilder', name: 'Flujo bienvenida', flowId });
    const { wa, customer } = await boundConnection(fi.id);
    await say(wa, customer, 'hola');
    await eventually(async () => (await outbox(wa, customer)).includes('Bienvenido Ana Cliente desde el flujo'), 20_000);
  });

  it('TypeBot flow node: the flow talks with Typebot (called from the flow timer, not the chain), the finish keyword goes on with the flow', async () => {
    const flowId = await flowOf('Con Typebot', [
      { id: 'tb', type: 'typebot', data: { name: 'Bot', urlN8N: typebot.url, typebotSlug: 'mi-bot', typebotExpires: 0, typebotDelayMessage: 0, typebotKeywordFinish: 'salir' } },
      { id: 'fin', type: 'message', data: { label: 'Fin del bot' } },
    ]);
    n++;
    const wa = await sandboxOf(api, admin).connect(`Flujo typebot ${n}`);
    expect((await api.put(`/api/whatsapp/${wa}`, { bindings: { flowId } }, admin)).status).toBe(200);
    const customer = '51977712345';
    await say(wa, customer, 'hola');
    await eventually(async () => (await outbox(wa, customer)).length >= 2, 20_000);
    expect(await outbox(wa, customer)).toEqual(['Hola Ana Cliente, soy el bot', 'Elige 1 o 2']);
    await say(wa, customer, '1');
    await eventually(async () => (await outbox(wa, customer)).includes('Elegiste 1'), 20_000);
    await say(wa, customer, 'salir');
    await eventually(async () => (await outbox(wa, customer)).includes('Fin del bot'), 20_000);

    // Typebot failing twice inside the flow: the flow hands the ticket over, with a note saying why.
    const other = '51977712399';
    typebot.fail = true;
    try {
      await say(wa, other, 'hola');
      const ticket = await ticketOf(wa, other);
      expect(await notesOf(ticket.id)).toHaveLength(1);
      expect((await notesOf(ticket.id))[0]).toEqual({ note: 'La integración «Bot» (typebot) respondió con el error HTTP 500: la conversación pasó a un agente.', user_id: null });
      await eventually(async () => (await ticketOf(wa, other)).holder === null, 20_000);
    } finally {
      typebot.fail = false;
    }
  });

  it('is refused with 403 to a company whose plan lacks useIntegrations', async () => {
    const plan = (await api.post('/api/plans', { name: 'Sin integraciones', value: 10, users: 10, connections: 5, queues: 5, useIntegrations: false }, sup)).body;
    const otherId = (await queryDb(db.url, `select id from companies where name = 'Otra'`))[0].id;
    expect((await api.put(`/api/companies/${otherId}`, { planId: plan.id }, sup)).status).toBe(200);
    expect((await api.get('/api/queueIntegration', otherAdmin)).status).toBe(403);
    expect((await api.post('/api/queueIntegration', { type: 'n8n', name: 'Nada', urlN8N: webhook.url }, otherAdmin)).status).toBe(403);
    expect((await api.get('/api/queueIntegration', admin)).status).toBe(200);
  });
});
