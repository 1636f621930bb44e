import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { SUPER, client, createDatabase, eventually, startServer, type RunningServer } from '../support/server.js';
import { launchBrowser } from '../support/browser.js';
import { signIn } from '../support/ui.js';
import { startWebhookReceiver } from '@atende/sdk-server/testing';

const PW = 'Str0ng-pass';
const ADMIN = { email: 'admin@api.test', password: PW };
const NO_API = { email: 'admin@sinapi.test', password: PW };

/** Issue 34 in Chromium: the API page (token, copy, examples), the refusal without the plan flag, and a webhook's delivery log. */
describe('external API and webhooks in Chromium', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let browser: Browser;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let api: ReturnType<typeof client>;
  let admin: string;
  let wa: number;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url, env: { OUTBOUND_ALLOW_HOSTS: `127.0.0.1:${receiver.port}` } });
    browser = await launchBrowser();
    api = client(server.url);
    const sup = (await api.login(SUPER.email, SUPER.password)).token;
    const plan = (await api.post('/api/plans', { name: 'Con API', value: 49, users: 3, connections: 3, queues: 5 }, sup)).body;
    const basic = (await api.post('/api/plans', { name: 'Sin API', value: 19, users: 3, connections: 3, queues: 5, useExternalApi: false }, sup)).body;
    expect((await api.post('/api/companies', { name: 'API SAC', email: ADMIN.email, password: PW, planId: plan.id }, sup)).status).toBe(201);
    expect((await api.post('/api/companies', { name: 'Sin API SAC', email: NO_API.email, password: PW, planId: basic.id }, sup)).status).toBe(201);
    admin = (await api.login(ADMIN.email, PW)).token;
    wa = (await api.post('/api/whatsapp', { name: 'Principal', provider: 'sandbox' }, admin)).body.id;
    expect((await api.post(`/api/whatsappsession/${wa}`, {}, admin)).status).toBe(200);
    await eventually(async () => (await api.get(`/api/whatsapp/${wa}`, admin)).body.status === 'CONNECTED');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await db?.drop();
    await receiver?.close();
  });

  it('admin: sees the connection token, copies it, and the page shows examples that work', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, server.url, ADMIN);
    await page.getByTestId('menu-external-api').click();
    await page.waitForURL(/\/external-api$/);
    const tokenEl = page.getByTestId('api-token');
    await tokenEl.waitFor();
    const token = (await tokenEl.textContent())!.trim();
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    await tokenEl.locator('.ant-typography-copy').click();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(token);
    expect(await page.getByTestId('api-example-text').textContent()).toContain(`Authorization: Bearer ${token}`);
    await page.getByRole('tab', { name: 'Archivo por URL' }).click();
    expect(await page.getByTestId('api-example-url').textContent()).toContain('mediaUrl');
    await page.screenshot({ path: 'tooling/test/artifacts/external-api-light.png' }).catch(() => undefined);
    await page.getByTestId('theme-toggle').click();
    await expect(page.evaluate(() => document.documentElement.dataset.theme)).resolves.toBe('dark');
    await page.screenshot({ path: 'tooling/test/artifacts/external-api-dark.png' }).catch(() => undefined);

    // The token the page shows sends through the connection.
    const sent = await fetch(`${server.url}/api/messages/send`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ number: '51987650201', body: 'Desde la API' }),
    });
    expect(sent.status).toBe(200);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('without useExternalApi: the unauthorized toast, then home after 1 s; no drawer entry', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await signIn(page, server.url, NO_API);
    expect(await page.getByTestId('menu-external-api').count()).toBe(0);
    await page.goto(`${server.url}/external-api`);
    await page.getByText('No autorizado').waitFor();
    await page.waitForURL((url) => url.pathname !== '/external-api', { timeout: 5000 });
    await context.close();
  });

  it('admin: creates a webhook subscription and its delivery log shows a delivery, live, and sends it again', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await signIn(page, server.url, ADMIN);
    await page.getByTestId('menu-webhooks').click();
    await page.getByTestId('webhooks-page').waitFor();
    await page.getByTestId('webhook-add').click();
    await page.getByTestId('webhook-url').fill(receiver.url);
    await page.getByTestId('webhook-save').click();
    await page.getByTestId('webhook-row-url').filter({ hasText: receiver.url }).first().waitFor();

    // A customer writes (through the page's session: signing in there ended the admin's API session):
    // ticket, contact and message events reach the receiver, and the log shows them live.
    const said = await page.evaluate(
      async ([id]) =>
        (
          await fetch(`/api/sandbox/${id}/messages`, {
            method: 'POST',
            headers: { Authorization: `Bearer ${localStorage.getItem('token')}`, 'Content-Type': 'application/json' },
            body: JSON.stringify({ from: '51987650202', name: 'Carla', body: 'hola' }),
          })
        ).status,
      [wa] as const,
    );
    expect(said).toBe(202);
    const rows = page.locator('[data-testid^="delivery-"][data-row-key]');
    const ok = page.getByTestId('delivery-code').filter({ hasText: '200' });
    // Every delivery the receiver answered shows in the log with its 200, live (no reload).
    const settledCount = await eventually(async () => {
      const n = receiver.received.length;
      return n >= 3 && (await rows.count()) === n && (await ok.count()) === n ? n : null;
    }, 30_000);
    await page.getByTestId('delivery-again').first().click();
    await eventually(async () => receiver.received.length === settledCount + 1 && (await rows.count()) === settledCount + 1 && (await ok.count()) === settledCount + 1, 20_000);
    expect(receiver.received.at(-1)!.body).toBe(receiver.received.find((r) => JSON.parse(r.body).id === JSON.parse(receiver.received.at(-1)!.body).id)!.body);
    await page.screenshot({ path: 'tooling/test/artifacts/webhooks-log.png' }).catch(() => undefined);
    await context.close();
  });
});
