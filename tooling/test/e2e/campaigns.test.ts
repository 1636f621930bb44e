import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { client, createDatabase, queryDb, sandbox, startServer, twoCompanies, TENANT_PASSWORD, type RunningServer } from '@atende/sdk-server/testing';
import { launchBrowser } from '../support/browser.js';
import { choose, signIn } from '../support/ui.js';

/**
 * The campaigns plugin (plugins/campaigns) in a real browser: an admin creates a campaign for a small
 * contact list on /difusiones, sends it now through the sandbox connection, opens its report and sees
 * it reach FINALIZADA with every message delivered; the settings tab shows the saved intervals.
 */
describe('campaigns in the browser', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let browser: Browser;
  let wa: number;

  beforeAll(async () => {
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url });
    const api = client(server.url);
    const { admin } = await twoCompanies(api);
    wa = await sandbox(api, admin).connect('Sandbox difusión');
    // No pause between messages: the journey, not the pacing (the plugin's server test covers that).
    expect((await api.post('/api/campaign-settings', { settings: { messageInterval: 0, longerIntervalAfter: 0 } }, admin)).status).toBe(200);
    const list = await api.post('/api/contact-lists', { name: 'Clientes E2E' }, admin);
    for (const [name, number] of [
      ['Ana', '51970000001'],
      ['Bruno', '51970000002'],
      ['Carla', '51970000003'],
    ]) {
      expect((await api.post('/api/contact-list-items', { name, number, contactListId: list.body.id }, admin)).status).toBe(201);
    }
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await db?.drop();
  });

  it('creates a campaign for a small list, sends it now and sees the report reach FINALIZADA', async () => {
    const page = await (await browser.newContext()).newPage();
    await signIn(page, server.url, { email: 'admin@tienda.test', password: TENANT_PASSWORD });
    await page.getByTestId('menu-difusiones').click();
    await page.getByTestId('campaigns-tab').waitFor({ timeout: 15_000 });
    await page.getByText('Todavía no hay campañas.').waitFor({ timeout: 15_000 });

    await page.getByTestId('campaigns-add').click();
    await page.getByTestId('campaign-name').fill('Promo de verano');
    await choose(page, 'campaign-whatsapp', 'Sandbox difusión');
    await choose(page, 'campaign-list', 'Clientes E2E (3)');
    await page.getByTestId('campaign-message1').fill('Hola {name}, tenemos ofertas');
    await page.getByTestId('campaign-save').click();

    const row = page.locator('[data-testid^="campaign-row-"]', { hasText: 'Promo de verano' });
    await row.waitFor({ timeout: 15_000 });
    await row.getByTestId('campaign-report').click();
    await page.getByTestId('campaign-report-title').filter({ hasText: 'Promo de verano' }).waitFor({ timeout: 15_000 });
    await page.getByTestId('campaign-report-status').filter({ hasText: 'Finalizada' }).waitFor({ timeout: 60_000 });
    await page.getByTestId('campaign-report-summary').filter({ hasText: '3 de 3 mensajes entregados' }).waitFor({ timeout: 15_000 });
    await page.getByTestId('campaign-report-list').filter({ hasText: 'Clientes E2E' }).waitFor();
    await page.screenshot({ path: 'tooling/test/artifacts/campaigns-report.png' });
    const sent = await queryDb(db.url, `select to_number, body from sandbox_outbox where whatsapp_id = $1 order by to_number`, [wa]);
    expect(sent.map((r) => r.body)).toEqual(['Hola Ana, tenemos ofertas', 'Hola Bruno, tenemos ofertas', 'Hola Carla, tenemos ofertas']);

    // Back on the page, the settings tab shows the company's intervals; dark theme stays readable.
    await page.goto(`${server.url}/difusiones?tab=settings`);
    await page.getByTestId('campaign-settings-tab').waitFor({ timeout: 15_000 });
    await page.getByTestId('theme-toggle').click();
    await page.waitForTimeout(600); // the theme's colour transition
    await page.screenshot({ path: 'tooling/test/artifacts/campaigns-settings-dark.png' });
  });
});
