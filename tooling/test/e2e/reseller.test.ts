import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { SUPER, TENANT_PASSWORD, client, createDatabase, startServer, twoCompanies, type RunningServer } from '@atende/sdk-server/testing';
import { launchBrowser } from '../support/browser.js';
import { signIn } from '../support/ui.js';

/**
 * The reseller plugin (plugins/reseller, its own remote since issue 29 item 4) in a real browser: the
 * same /reseller screen as when it lived in billing, paying a referral's extension with coins through
 * billing's BILLING_COINS port.
 */
describe('reseller in the browser', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let browser: Browser;
  let api: ReturnType<typeof client>;
  let sup: string;
  let tiendaId: number;

  beforeAll(async () => {
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url });
    api = client(server.url);
    ({ companyId: tiendaId } = await twoCompanies(api));
    sup = (await api.login(SUPER.email, SUPER.password)).token;
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await db?.drop();
  });

  it('reseller panel in the dark theme: metrics, copyable referral link, extending a referral with coins, history', async () => {
    sup = (await api.login(SUPER.email, SUPER.password)).token;
    const me = await api.login('admin@tienda.test', TENANT_PASSWORD);
    const code = (await api.get(`/api/companies/${tiendaId}`, sup)).body.referralCode as string;
    const plan = (await api.get('/api/plans/list', sup)).body.find((p: { name: string }) => p.name === 'Pyme');
    const signup = await api.post('/api/companies/cadastro', { name: 'Referida', email: 'admin@referida.test', phone: '51911100000', password: TENANT_PASSWORD, planId: plan.id, referralCode: code });
    expect(signup.status, JSON.stringify(signup.body)).toBe(201);
    expect((await api.post('/api/referrals/adjust-coins', { userId: me.user.id, coinsAdjustment: 500 }, sup)).status).toBe(201);

    const context = await browser.newContext({ colorScheme: 'dark' });
    await context.addInitScript(() => localStorage.setItem('preferredTheme', 'dark'));
    const page = await context.newPage();
    await signIn(page, server.url, { email: 'admin@tienda.test', password: TENANT_PASSWORD });
    await page.getByTestId('menu-reseller').click();
    await page.getByTestId('reseller-page').waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByTestId('reseller-referrals').textContent(), { timeout: 15_000 }).toContain('1');
    expect(await page.getByTestId('reseller-link').inputValue()).toContain(`/signup?ref=${code}`);
    await page.getByRole('row', { name: /Referida/ }).getByRole('button', { name: 'Extender' }).click();
    await page.getByTestId('change-cost').getByText('Costo: 60 acciones').waitFor();
    await page.getByTestId('change-confirm').click();
    await page.getByText('Acciones usadas: 60', { exact: false }).first().waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByTestId('reseller-coins').textContent(), { timeout: 15_000 }).toContain('440');
    await page.getByRole('tab', { name: 'Historial' }).click();
    await page.getByRole('cell', { name: 'admin@referida.test' }).waitFor();
    // Dark theme: the page background is dark (antd tokens, no fixed colours).
    const bg = await page.evaluate(() => getComputedStyle(document.querySelector('.ant-layout') as Element).backgroundColor);
    const [r, g, b] = (bg.match(/\d+/g) ?? ['255', '255', '255']).map(Number);
    expect(r + g + b).toBeLessThan(200);
    await page.screenshot({ path: 'tooling/test/artifacts/reseller-dark.png' });
    await context.close();
  });
});
