import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { SUPER, client, createDatabase, startServer, type RunningServer } from '../support/server.js';
import { launchBrowser } from '../support/browser.js';
import { signIn } from '../support/ui.js';

const AGENT = { email: 'agente@perfil.test', password: 'Ag3nt-pass' };
const NEW_PASSWORD = 'Nuev4-clave-segura';

/** Issue 27 item 18: the drawer menu's profile entry lets a user edit their own name and password. */
describe('the profile dialog in Chromium', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let browser: Browser;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url });
    browser = await launchBrowser();
    api = client(server.url);
    const sup = (await api.login(SUPER.email, SUPER.password)).token;
    const plan = (await api.post('/api/plans', { name: 'Perfil', value: 59, users: 5, connections: 1, queues: 2 }, sup)).body;
    await api.post('/api/companies', { name: 'Perfiles', email: 'admin@perfil.test', password: 'Adm1n-pass', planId: plan.id }, sup);
    const admin = (await api.login('admin@perfil.test', 'Adm1n-pass')).token;
    expect((await api.post('/api/users', { name: 'Agente', ...AGENT }, admin)).status).toBe(201);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await db?.drop();
  });

  it('an agent changes their name, then their password, and signs in again with the new one', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1366, height: 860 } })).newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const openProfile = async () => {
      await page.getByTestId('user-menu').click();
      await page.getByTestId('profile-open').click();
      await page.getByTestId('profile-name').waitFor();
    };

    await signIn(page, server.url, AGENT);
    await openProfile();
    await expect(page.getByTestId('profile-name').inputValue()).resolves.toBe('Agente');
    await page.getByTestId('profile-name').fill('Agente Renombrado');
    await page.getByTestId('profile-save').click();
    await page.getByTestId('profile-name').waitFor({ state: 'hidden' });
    await page.getByTestId('greeting').getByText(/Agente Renombrado/).waitFor();

    // Dark theme: the dialog follows it.
    await page.getByTestId('theme-toggle').click();
    await openProfile();
    const background = await page.locator('.ant-modal-container', { has: page.getByTestId('profile-name') }).evaluate((el) => getComputedStyle(el).backgroundColor);
    const [r, g, b] = (background.match(/\d+/g) ?? []).map(Number);
    expect(r + g + b).toBeLessThan(200);

    // A new password without the current one is refused on the form; with it, the session ends.
    await page.getByTestId('profile-password').fill(NEW_PASSWORD);
    await page.getByTestId('profile-save').click();
    await page.locator('.ant-form-item-has-error [data-testid="profile-current-password"]').waitFor();
    await page.getByTestId('profile-current-password').fill(AGENT.password);
    await page.getByTestId('profile-save').click();
    await page.waitForURL(/\/login$/);
    // The socket's "revoked" may also have come, reloading the page a second later: let that pass first.
    await page.waitForTimeout(1500);

    expect((await api.post('/api/auth/login', { email: AGENT.email, password: AGENT.password })).status).toBe(401);
    await signIn(page, server.url, { email: AGENT.email, password: NEW_PASSWORD });
    await page.getByTestId('greeting').getByText(/Agente Renombrado/).waitFor();
    expect(errors).toEqual([]);
  });
});
