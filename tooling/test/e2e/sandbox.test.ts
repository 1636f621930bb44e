import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { SUPER, client, createDatabase, startServer, type RunningServer } from '../support/server.js';
import { launchBrowser } from '../support/browser.js';
import { choose, signIn, signOut } from '../support/ui.js';

const PW = 'Str0ng-pass';
const ADMIN = { email: 'admin@demo.test', password: PW };
const AGENT = { email: 'agent@demo.test', password: PW };
const GREETING = 'Hola, te atiende Ventas';
/** The page's default customer number. */
const CUSTOMER = '51900000001';

describe('sandbox simulator in Chromium', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let browser: Browser;
  let api: ReturnType<typeof client>;
  let connectionId: number;

  beforeAll(async () => {
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url });
    browser = await launchBrowser();
    api = client(server.url);

    // All API work before any browser sign-in: signing in there ends the API session of the same user.
    const sup = (await api.login(SUPER.email, SUPER.password)).token;
    const plan = await api.post('/api/plans', { name: 'Demo', value: 49, users: 3, connections: 2, queues: 2 }, sup);
    expect(plan.status).toBe(201);
    const company = await api.post('/api/companies', { name: 'Demo SAC', email: ADMIN.email, password: ADMIN.password, planId: plan.body.id }, sup);
    expect(company.status).toBe(201);

    const admin = (await api.login(ADMIN.email, ADMIN.password)).token;
    const queue = await api.post('/api/queue', { name: 'Ventas', color: '#e91e63', greetingMessage: GREETING }, admin);
    expect(queue.status).toBe(201);
    // A one-queue connection: a new customer goes straight into Ventas and gets its greeting
    // (sendGreetingMessageOneQueues; off by default).
    expect((await api.put('/api/settings/sendGreetingMessageOneQueues', { value: 'enabled' }, admin)).status).toBe(200);
    const connection = await api.post('/api/whatsapp', { name: 'Teléfono demo', provider: 'sandbox', queueIds: [queue.body.id] }, admin);
    expect(connection.status).toBe(201);
    expect(connection.body).toMatchObject({ provider: 'sandbox', status: 'DISCONNECTED' });
    connectionId = connection.body.id;
    const agent = await api.post('/api/users', { name: 'Ana Agente', email: AGENT.email, password: AGENT.password, queueIds: [queue.body.id] }, admin);
    expect(agent.status).toBe(201);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await db?.drop();
  });

  it('admin: opens the simulator, starts the sandbox connection, writes as a customer and sees the queue greeting', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    await signIn(page, server.url, ADMIN);
    await expect(page.getByTestId('menu-sandbox').textContent()).resolves.toContain('Simulador');
    await page.getByTestId('menu-sandbox').click();
    await page.waitForURL(/\/sandbox$/);
    await page.getByTestId('sandbox-page').waitFor();

    await choose(page, 'sandbox-connection', 'Teléfono demo');
    const status = page.getByTestId('sandbox-status');
    await expect(status.getAttribute('data-status')).resolves.toBe('DISCONNECTED');
    // Not connected yet: the customer cannot write.
    await expect(page.getByTestId('sandbox-input').isDisabled()).resolves.toBe(true);

    await page.getByTestId('sandbox-start').click();
    await expect.poll(() => status.getAttribute('data-status'), { timeout: 20_000 }).toBe('CONNECTED');
    await page.getByTestId('sandbox-start').waitFor({ state: 'detached' });

    await expect(page.getByTestId('sandbox-number').inputValue()).resolves.toBe(CUSTOMER);
    await page.getByTestId('sandbox-name').fill('Carla Cliente');
    const input = page.getByTestId('sandbox-input');
    await expect(input.isEnabled()).resolves.toBe(true);

    // Blank text is not sent.
    await input.fill('   ');
    await input.press('Enter');
    await expect(page.getByTestId('sandbox-msg-out').count()).resolves.toBe(0);

    await input.fill('Quiero comprar');
    await input.press('Enter');
    await page.getByTestId('sandbox-msg-out').filter({ hasText: 'Quiero comprar' }).waitFor();
    await expect(input.inputValue()).resolves.toBe('');

    // Atende's reply comes from the polled outbox (every 1.5 s), on the left, after the customer's message.
    const reply = page.getByTestId('sandbox-msg-in').filter({ hasText: GREETING });
    await reply.waitFor({ timeout: 20_000 });
    const order = await page
      .getByTestId('sandbox-messages')
      .locator('[data-testid="sandbox-msg-out"], [data-testid="sandbox-msg-in"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
    expect(order).toEqual(['sandbox-msg-out', 'sandbox-msg-in']);
    const [outBox, inBox] = await Promise.all([page.getByTestId('sandbox-msg-out').boundingBox(), reply.boundingBox()]);
    expect(outBox!.x).toBeGreaterThan(inBox!.x);

    // A second message (the Send button this time) joins the same ticket: no second greeting.
    await input.fill('¿Tienen stock?');
    await page.getByTestId('sandbox-send').click();
    await page.getByTestId('sandbox-msg-out').filter({ hasText: '¿Tienen stock?' }).waitFor();
    await expect(page.getByTestId('sandbox-msg-out').count()).resolves.toBe(2);
    const tickets = () =>
      page.evaluate(async () => {
        const res = await fetch('/api/tickets', { headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } });
        return (await res.json()).tickets as { whatsappId: number; lastMessage: string; queue: { name: string } | null; contact: { name: string; number: string } }[];
      });
    await expect.poll(async () => (await tickets()).map((t) => t.lastMessage), { timeout: 15_000 }).toEqual(['¿Tienen stock?']);
    // The customer's ticket sits in the Ventas queue, under the name typed in the page.
    expect(await tickets()).toEqual([
      expect.objectContaining({ whatsappId: connectionId, queue: expect.objectContaining({ name: 'Ventas' }), contact: expect.objectContaining({ name: 'Carla Cliente', number: CUSTOMER }) }),
    ]);
    // The outbox as the API reports it matches what the page shows.
    const outbox = await page.evaluate(
      async ([id, to]) => {
        const res = await fetch(`/api/sandbox/${id}/messages?to=${to}`, { headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } });
        return res.json();
      },
      [String(connectionId), CUSTOMER] as const,
    );
    expect(outbox).toEqual([expect.objectContaining({ to: CUSTOMER, body: GREETING })]);
    await expect(page.getByTestId('sandbox-msg-in').count()).resolves.toBe(1);

    // A second sandbox connection created in the page is selected and started at once.
    await page.getByTestId('sandbox-new').click();
    await page.getByTestId('sandbox-new-name').fill('Demo dos');
    await page.getByTestId('sandbox-create').click();
    await expect.poll(() => page.getByTestId('sandbox-connection').textContent()).toContain('Demo dos');
    await expect.poll(() => status.getAttribute('data-status'), { timeout: 20_000 }).toBe('CONNECTED');
    // Another connection is another chat: nothing from the first one shows.
    await expect(page.getByTestId('sandbox-msg-out').count()).resolves.toBe(0);

    expect(errors).toEqual([]);
    await signOut(page);
    await page.context().close();
  });

  it('a user without admin rights sees no Simulator entry and the page refuses them', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    await signIn(page, server.url, AGENT);
    await expect(page.getByTestId('menu-sandbox').count()).resolves.toBe(0);
    await page.goto(`${server.url}/sandbox`);
    await page.getByTestId('forbidden').waitFor();
    await expect(page.getByTestId('sandbox-page').count()).resolves.toBe(0);
    await page.context().close();
  });
});
