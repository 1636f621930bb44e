import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  client,
  createDatabase,
  eventually,
  sandbox,
  startServer,
  startWebhookReceiver,
  twoCompanies,
  undeclaredRoutes,
  unservedEndpoints,
  type RunningServer,
} from '@atende/sdk-server/testing';
import { WEBHOOKS_ENDPOINTS, WEBHOOK_HEADERS, type WebhookDelivery, type WebhookSubscription } from '@atende/plugin-webhooks-contract';
import { WebhooksController } from '../src/webhooks.controller.js';

const CUSTOMER = '51987650101';
const h = (name: string) => name.toLowerCase();

/**
 * Outbound webhooks against the real kernel, PostgreSQL and Redis, with a local receiver allowed
 * through OUTBOUND_ALLOW_HOSTS (issue 34 item 2).
 */
describe('webhooks plugin', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let api: ReturnType<typeof client>;
  let admin: string;
  let otherAdmin: string;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let notAllowed: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let sub: WebhookSubscription;

  const deliveries = async (token = admin) => ((await api.get('/api/webhooks/deliveries', token)).body as { deliveries: WebhookDelivery[] }).deliveries;

  beforeAll(async () => {
    receiver = await startWebhookReceiver({ failFirst: 2 });
    notAllowed = await startWebhookReceiver();
    db = await createDatabase();
    server = await startServer({
      databaseUrl: db.url,
      env: { ATENDE_PLUGINS: '@atende/plugin-webhooks-server', OUTBOUND_ALLOW_HOSTS: `127.0.0.1:${receiver.port}`, WEBHOOK_RETRY_BASE_MS: '300' },
    });
    api = client(server.url);
    ({ admin, otherAdmin } = await twoCompanies(api));
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
    await receiver?.close();
    await notAllowed?.close();
  });

  it('serves exactly the endpoints its contract declares', () => {
    expect(unservedEndpoints([WebhooksController], { webhooks: WEBHOOKS_ENDPOINTS })).toEqual([]);
    expect(undeclaredRoutes([WebhooksController], { webhooks: WEBHOOKS_ENDPOINTS })).toEqual([]);
  });

  it('refuses a URL to 127.0.0.1 that the allow-list does not name, and plain http elsewhere', async () => {
    const r = await api.post('/api/webhooks/subscriptions', { url: `http://127.0.0.1:${notAllowed.port}/hook`, events: ['ticket.created'] }, admin);
    expect(r).toMatchObject({ status: 400, body: { error: 'ERR_OUTBOUND_URL_REFUSED' } });
    expect((await api.post('/api/webhooks/subscriptions', { url: 'http://example.com/hook', events: ['ticket.created'] }, admin)).body.error).toBe('ERR_OUTBOUND_URL_REFUSED');
    expect((await api.post('/api/webhooks/subscriptions', { url: receiver.url, events: [] }, admin)).body.error).toBe('ERR_VALIDATION');
  });

  it('delivers signed events, retried after the receiver fails twice, in order per ticket', async () => {
    const created = await api.post('/api/webhooks/subscriptions', { url: receiver.url, events: ['ticket.created', 'message.created', 'ticket.status_changed', 'contact.created'] }, admin);
    expect(created.status).toBe(201);
    sub = created.body;
    expect(sub.secret).toMatch(/^[0-9a-f]{64}$/);

    const phone = sandbox(api, admin);
    const wa = await phone.connect('Webhooks');
    await phone.say(wa, CUSTOMER, 'hola');
    await phone.say(wa, CUSTOMER, 'quiero un pedido');
    const ticketId = await eventually(async () => (await api.get('/api/tickets?status=pending', admin)).body.tickets[0]?.id as number | undefined);
    expect((await api.put(`/api/tickets/${ticketId}`, { status: 'open' }, admin)).status).toBe(200);

    // contact.created, ticket.created, 2 × message.created, ticket.status_changed: all delivered in the end.
    const done = await eventually(async () => {
      const list = await deliveries();
      return list.length >= 5 && list.every((d) => d.status === 'delivered') ? list : null;
    }, 30_000);
    expect(done.map((d) => d.event).sort()).toEqual(['contact.created', 'message.created', 'message.created', 'ticket.created', 'ticket.status_changed']);
    // The receiver failed the first two requests: whichever delivery got them was tried again, and every delivery ends 200.
    expect(receiver.received.filter((r) => r.status === 500)).toHaveLength(2);
    expect(done.reduce((n, d) => n + d.attempts, 0)).toBe(done.length + 2);
    expect(done.every((d) => d.responseCode === 200)).toBe(true);

    // Each delivery is signed: HMAC-SHA256 of "timestamp.raw body" with the subscription's secret.
    for (const r of receiver.received) {
      const ts = r.headers[h(WEBHOOK_HEADERS.timestamp)] as string;
      const expected = `sha256=${createHmac('sha256', sub.secret).update(`${ts}.${r.body}`).digest('hex')}`;
      expect(r.headers[h(WEBHOOK_HEADERS.signature)]).toBe(expected);
      expect(JSON.parse(r.body).event).toBe(r.headers[h(WEBHOOK_HEADERS.event)]);
    }

    // In order per ticket: the successful posts of the ticket's lane arrive in the order the deliveries were queued.
    const okTicket = receiver.received.filter((r) => r.status === 200 && JSON.parse(r.body).data.ticketId === ticketId);
    const ids = okTicket.map((r) => Number(r.headers[h(WEBHOOK_HEADERS.delivery)]));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(okTicket.map((r) => JSON.parse(r.body).event)).toEqual(['ticket.created', 'message.created', 'message.created', 'ticket.status_changed']);
    expect(okTicket.slice(1, 3).map((r) => JSON.parse(r.body).data.body)).toEqual(['hola', 'quiero un pedido']);
  });

  it('"send again" posts the same body once more, logged as a new delivery', async () => {
    const [first] = (await deliveries()).slice(-1);
    const before = receiver.received.length;
    const again = await api.post(`/api/webhooks/deliveries/${first.id}/redeliver`, {}, admin);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ redeliveryOf: first.id, body: first.body });
    await eventually(async () => (await deliveries()).find((d) => d.id === again.body.id)?.status === 'delivered');
    expect(receiver.received.length).toBe(before + 1);
    expect(receiver.received.at(-1)!.body).toBe(first.body);
  });

  it('keeps companies apart: another company sees no deliveries and cannot send them again', async () => {
    const [one] = await deliveries();
    expect(await deliveries(otherAdmin)).toEqual([]);
    expect((await api.post(`/api/webhooks/deliveries/${one.id}/redeliver`, {}, otherAdmin)).status).toBe(404);
    expect((await api.put(`/api/webhooks/subscriptions/${sub.id}`, { active: false }, otherAdmin)).status).toBe(404);
  });

  it('a paused subscription gets nothing; a rotated secret signs from then on', async () => {
    expect((await api.put(`/api/webhooks/subscriptions/${sub.id}`, { active: false }, admin)).body.active).toBe(false);
    const count = (await deliveries()).length;
    await sandbox(api, admin).say((await api.get('/api/whatsapp', admin)).body[0].id, '51987650102', 'otra persona');
    await new Promise((r) => setTimeout(r, 1500));
    expect((await deliveries()).length).toBe(count);
    const rotated = await api.post(`/api/webhooks/subscriptions/${sub.id}/secret`, {}, admin);
    expect(rotated.body.secret).not.toBe(sub.secret);
  });
});
