import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createDatabase, eventually, queryDb, startServer, twoCompanies, client, TENANT_PASSWORD, type RunningServer } from '@atende/sdk-server/testing';
import { launchBrowser } from '../support/browser.js';
import { signIn } from '../support/ui.js';
import { messageWebhook, postWebhook, startFakeGraph, type FakeGraph } from '../../fakes/graph-api/server.js';

const ACCESS_TOKEN = 'EAAG-e2e-access-token-0001';
const APP_SECRET = 'e2e-app-secret-value';
const PHONE_NUMBER_ID = '700800900100';
const CUSTOMER = '51955500001';

/**
 * The cloud-api plugin (plugins/cloud-api) in a real browser against the fake Graph API: an admin
 * creates a Cloud API number on the plugin's page (the connection starts, and the page shows its
 * webhook URL and verify token, which then answer Meta's challenge); a customer who wrote 25 hours
 * ago is answered with an approved template, parameters filled in the ticket's template dialog.
 */
describe('WhatsApp Cloud API in the browser', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let browser: Browser;
  let graph: FakeGraph;
  const errors: string[] = [];

  beforeAll(async () => {
    graph = await startFakeGraph({ accessToken: ACCESS_TOKEN });
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url, env: { CLOUD_API_GRAPH_URL: graph.url } });
    await twoCompanies(client(server.url));
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await db?.drop();
    await graph?.close();
  });

  it('creates a Cloud API number, then sends a template to a customer outside the 24-hour window', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, server.url, { email: 'admin@tienda.test', password: TENANT_PASSWORD });
    await page.goto(`${server.url}/cloud-api`);
    await page.getByTestId('cloud-api-page').waitFor({ timeout: 20_000 });
    await page.getByTestId('cloud-api-add').click();
    await page.getByTestId('cloud-api-name').fill('Línea oficial');
    await page.getByTestId('cloud-api-phone-number-id').fill('12ab');
    await page.getByTestId('cloud-api-save').click();
    await page.getByText('Solo números').first().waitFor(); // checked on the form, in Spanish by default
    await page.getByTestId('cloud-api-phone-number-id').fill(PHONE_NUMBER_ID);
    await page.getByTestId('cloud-api-waba-id').fill('400500600');
    await page.getByTestId('cloud-api-access-token').fill(ACCESS_TOKEN);
    await page.getByTestId('cloud-api-app-secret').fill(APP_SECRET);
    await page.getByTestId('cloud-api-save').click();

    const [row] = await eventually(async () => {
      const rows = await queryDb(db.url, `select whatsapp_id, verify_token, webhook_key, access_token_enc from cloud_api_numbers where phone_number_id = $1`, [PHONE_NUMBER_ID]);
      return rows.length ? rows : null;
    });
    expect(row.access_token_enc).not.toContain('EAAG');
    // The connection started (Graph confirmed the credentials), live on the page.
    await page.getByTestId(`cloud-api-status-${row.whatsapp_id}`).getByText('CONNECTED', { exact: true }).waitFor({ timeout: 20_000 });
    const shownUrl = (await page.getByTestId('cloud-api-webhook-url').textContent())!.trim();
    expect(shownUrl).toBe(`${server.url}/api/cloud-api/webhook/${row.webhook_key}`);
    await page.getByText(row.verify_token).waitFor();
    const challenge = await fetch(`${shownUrl}?hub.mode=subscribe&hub.verify_token=${row.verify_token}&hub.challenge=424242`);
    expect(await challenge.text()).toBe('424242');
    await page.screenshot({ path: 'tooling/test/artifacts/cloud-api-numbers.png' });

    // A customer who wrote 25 hours ago: the ticket's toolbar says the window is closed; a template goes.
    const old = Math.floor(Date.now() / 1000) - 25 * 3600;
    const posted = await postWebhook(shownUrl, messageWebhook({ phoneNumberId: PHONE_NUMBER_ID, from: CUSTOMER, id: 'wamid.E2E1', text: 'hola, ayer pregunté', name: 'Marta', timestamp: old }), APP_SECRET);
    expect(posted.status).toBe(200);
    const [ticket] = await eventually(async () => {
      const rows = await queryDb(db.url, `select t.uuid from tickets t join contacts c on c.id = t.contact_id where c.number = $1`, [CUSTOMER]);
      return rows.length ? rows : null;
    });
    await page.goto(`${server.url}/tickets/${ticket.uuid}`);
    await page.locator('[data-testid="ticket-view"][data-state="ready"]').waitFor({ timeout: 20_000 });
    await page.getByTestId('ticket-view-accept').click(); // the input toolbar belongs to open tickets
    const button = page.getByTestId('cloud-api-template-button');
    await button.waitFor({ timeout: 20_000 });
    await button.click();
    await page.getByText('Ventana de 24 h cerrada: solo plantillas').first().waitFor();
    await page.getByTestId('cloud-api-template-select').click();
    await page.locator('.ant-select-item-option', { hasText: 'order_ready (es)' }).click();
    await page.getByTestId('cloud-api-param-1').fill('Marta');
    await page.getByTestId('cloud-api-param-2').fill('#77');
    await page.getByText('Hola Marta, tu pedido #77 está listo.').waitFor();
    await page.getByRole('button', { name: 'Enviar' }).last().click();
    const sent = await eventually(async () => graph.sent.find((s) => s.body.to === CUSTOMER));
    expect(sent.body).toMatchObject({ type: 'template', template: { name: 'order_ready', components: [{ parameters: [{ text: 'Marta' }, { text: '#77' }] }] } });
    await page.getByText('Hola Marta, tu pedido #77 está listo.').last().waitFor();
    // The dark theme keeps the dialog and page readable (antd tokens only).
    await page.getByTestId('theme-toggle').click();
    await page.screenshot({ path: 'tooling/test/artifacts/cloud-api-ticket-dark.png' });
    expect(errors).toEqual([]);
  });
});
