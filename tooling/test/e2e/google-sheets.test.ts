import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { client, createDatabase, queryDb, startFakeGoogle, startServer, twoCompanies, TENANT_PASSWORD, type FakeGoogle, type RunningServer } from '@atende/sdk-server/testing';
import { launchBrowser } from '../support/browser.js';
import { signIn } from '../support/ui.js';

/**
 * The Google Sheets connection in Chromium against the local fake Google: the Connect button opens the
 * popup (500x600) on the fake's consent page, which sends it back to /google-sheets/callback; the
 * callback page posts the code to its opener and closes; the opener hands it to the server and the
 * status turns Conectado. Then the sheets of a spreadsheet are listed, and Desconectar turns it back.
 */
describe('google sheets in the browser', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let browser: Browser;
  let google: FakeGoogle;

  beforeAll(async () => {
    google = await startFakeGoogle({ clientId: 'cid.e2e', clientSecret: 'secret.e2e' });
    await google.addSpreadsheet('SHEET9', ['Ventas', 'Leads']);
    db = await createDatabase();
    server = await startServer({
      databaseUrl: db.url,
      env: {
        GOOGLE_CLIENT_ID: 'cid.e2e',
        GOOGLE_CLIENT_SECRET: 'secret.e2e',
        GOOGLE_OAUTH_AUTH_URL: google.authUrl,
        GOOGLE_OAUTH_TOKEN_URL: google.tokenUrl,
        GOOGLE_SHEETS_API_URL: google.sheetsUrl,
      },
    });
    await twoCompanies(client(server.url));
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await db?.drop();
    await google?.stop();
  });

  it('connects through the OAuth popup, lists sheets, and disconnects', async () => {
    // The record lives in the integrations plugin (type googlesheets-auth, contributed by this plugin);
    // an id that is not the company's integration is refused (the integrations directory says so).
    // Through the API first: one session per user, the browser signs in after.
    const api = client(server.url);
    const { token } = await api.login('admin@tienda.test', TENANT_PASSWORD);
    const made = await api.post('/api/queueIntegration', { type: 'googlesheets-auth', name: 'Hojas de ventas' }, token);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect((await api.get('/api/queueIntegration/google-sheets/auth?integrationId=999999', token)).status).toBe(404);
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, server.url, { email: 'admin@tienda.test', password: TENANT_PASSWORD });
    await page.goto(`${server.url}/google-sheets?integrationId=${made.body.id}`);
    await page.getByTestId('google-sheets-page').waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByTestId('google-sheets-status').textContent()).toBe('Desconectado');

    const popupOpened = page.waitForEvent('popup');
    await page.getByTestId('google-sheets-connect').click();
    const popup = await popupOpened;
    // The popup went to the fake's consent page, which sent it to the callback page with a code.
    await popup.waitForURL(/\/google-sheets\/callback\?/, { timeout: 20_000 });
    expect(new URL(popup.url()).searchParams.get('code')).toMatch(/^4\//);
    expect(popup.viewportSize()).toEqual({ width: 500, height: 600 });
    // It posts to the opener and closes itself.
    await popup.waitForEvent('close', { timeout: 20_000 });
    await expect.poll(() => page.getByTestId('google-sheets-status').textContent(), { timeout: 20_000 }).toBe('Conectado');
    // The code was handed over once (a second try would be refused by Google and show an error).
    expect((await google.requests()).filter((r) => r.path === '/token' && r.body?.grant_type === 'authorization_code')).toHaveLength(1);
    expect(await page.locator('.ant-message-error').count()).toBe(0);
    expect(await queryDb(db.url, 'select integration_id from google_sheets_accounts')).toEqual([{ integration_id: made.body.id }]);

    await page.getByTestId('google-sheets-url').fill('https://docs.google.com/spreadsheets/d/SHEET9/edit');
    await page.getByTestId('google-sheets-list').click();
    await expect.poll(() => page.getByTestId('google-sheets-sheet').allTextContents()).toEqual(['Ventas', 'Leads']);
    await page.getByTestId('google-sheets-url').fill('https://docs.google.com/spreadsheets/d/MISSING/edit');
    await page.getByTestId('google-sheets-list').click();
    await expect.poll(() => page.getByTestId('google-sheets-problem').textContent()).toBe('Error al obtener las hojas disponibles. Verifica el ID de la hoja de cálculo.');
    await page.screenshot({ path: 'tooling/test/artifacts/google-sheets.png' });

    await page.getByTestId('google-sheets-disconnect').click();
    await page.locator('.ant-modal-confirm .ant-btn-dangerous').click();
    await expect.poll(() => page.getByTestId('google-sheets-status').textContent()).toBe('Desconectado');
    await context.close();
  });
});
