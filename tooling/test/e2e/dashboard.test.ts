import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { client, createDatabase, eventually, queryDb, sandbox, startServer, twoCompanies, TENANT_PASSWORD, type RunningServer } from '@atende/sdk-server/testing';
import { launchBrowser } from '../support/browser.js';
import { signIn } from '../support/ui.js';

/**
 * The dashboard plugin (plugins/dashboard) in a real browser: an admin opens /dashboard on today's
 * figures, widens the period and the cards count the older days too, and a customer writing meanwhile
 * moves the "waiting" card without a reload (realtime); the campaigns plugin's "sent today" card and the
 * charts are there. Then the CRM page (/crm) shows its sections.
 */
describe('dashboard in the browser', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let browser: Browser;
  let box: ReturnType<typeof sandbox>;
  let wa: number;
  const errors: string[] = [];
  const card = (page: Page, key: string) => page.getByTestId(`dashboard-card-${key}`).locator('.ant-statistic-content-value');

  beforeAll(async () => {
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url, env: { BUSINESS_TIMEZONE: 'America/Lima' } });
    const api = client(server.url);
    const { admin, companyId } = await twoCompanies(api);
    // The browser signs in as a second admin: one session per user, and the API keeps the first.
    expect((await api.post('/api/users', { name: 'Gerente', email: 'gerente@tienda.test', password: TENANT_PASSWORD, profile: 'admin' }, admin)).status).toBe(201);
    box = sandbox(api, admin);
    wa = await box.connect('Línea panel');
    await box.say(wa, '51955500001', 'Hola, quiero información', 'Rosa');
    await eventually(async () => (await queryDb(db.url, `select 1 from dashboard_rollups where company_id = $1 and created > 0`, [companyId])).length > 0);
    // Ten days ago, five tickets were opened: a row of the plugin's own rollups (the kernel's history
    // cannot be written in the past through the API). Only a period of 15 days or more includes it.
    await queryDb(
      db.url,
      `insert into dashboard_rollups (company_id, day, hour, queue_id, whatsapp_id, user_id, created)
       values ($1, (now() at time zone 'America/Lima')::date - 10, 9, 0, $2, 0, 5)`,
      [companyId, wa],
    );
    // Campaign messages sent today (the campaigns plugin's own rows): its card in the dashboard.cards zone shows them.
    const [{ id: campaignId }] = await queryDb(db.url, `insert into campaigns (company_id, name, status) values ($1, 'Promo', 'FINALIZADA') returning id`, [companyId]);
    await queryDb(
      db.url,
      `insert into campaign_shipping (company_id, campaign_id, number, variant, status, sent_at)
       select $1, $2, '5190000' || g, 1, 'sent', now() from generate_series(1, 3) g`,
      [companyId, campaignId],
    );
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await db?.drop();
  });

  it('opens on today’s figures, and the cards follow the period and the live tickets', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, server.url, { email: 'gerente@tienda.test', password: TENANT_PASSWORD });
    await page.goto(`${server.url}/dashboard`);
    await page.getByTestId('dashboard-page').waitFor({ timeout: 20_000 });
    await expect.poll(() => card(page, 'created').textContent(), { timeout: 15_000 }).toBe('1');
    expect(await card(page, 'waiting').textContent()).toBe('1');
    // Another plugin's card (campaigns, through its own API) sits among the cards.
    await expect.poll(() => card(page, 'campaigns-sent-today').textContent(), { timeout: 15_000 }).toBe('3');
    await page.getByTestId('dashboard-card-campaigns-sent-today').getByText('Enviados hoy por campañas').waitFor();
    // The charts are drawn by the charting library (Chartist's SVG bars), after the cards.
    await expect.poll(() => page.getByTestId('dashboard-chart').locator('svg .ct-bar').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await page.getByTestId('dashboard-chart').count()).toBe(2);

    await page.getByTestId('dashboard-period').getByText('15', { exact: false }).click();
    await expect.poll(() => card(page, 'created').textContent(), { timeout: 15_000 }).toBe('6');
    await page.getByTestId('dashboard-period').getByText('3', { exact: false }).first().click();
    await expect.poll(() => card(page, 'created').textContent(), { timeout: 15_000 }).toBe('1');

    // A second customer writes: the cards move by themselves.
    await box.say(wa, '51955500002', 'Buenas tardes', 'Pedro');
    await expect.poll(() => card(page, 'waiting').textContent(), { timeout: 20_000 }).toBe('2');
    await expect.poll(() => card(page, 'created').textContent(), { timeout: 20_000 }).toBe('2');
    await page.screenshot({ path: 'tooling/test/artifacts/dashboard.png' });

    await page.goto(`${server.url}/crm`);
    await page.getByTestId('crm-page').waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByTestId('crm-started').locator('.ant-statistic-content-value').textContent(), { timeout: 15_000 }).toBe('2');
    await page.getByText('Tendencias Diarias').waitFor();
    expect(await page.getByTestId('crm-trends').locator('tbody tr.ant-table-row').count()).toBe(7);
    expect(errors).toEqual([]);
  });
});
