import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { SUPER, client, createDatabase, startServer, twoCompanies, TENANT_PASSWORD, type RunningServer } from '@atende/sdk-server/testing';
import { launchBrowser } from '../support/browser.js';
import { choose, signIn } from '../support/ui.js';

/** A real 1×1 png, so the browser shows it. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/**
 * The announcements plugin (plugins/announcements, in plugins/installed.json) in a real browser: the
 * super user writes a high-priority announcement with an image; a company user already signed in
 * sees the bell's unread count and the banner arrive live, reads it in the bell, and is sent home
 * from the management page.
 */
describe('announcements in the browser', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url });
    await twoCompanies(client(server.url));
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await db?.drop();
  });

  it('super user creates one; a company user sees the bell count and the banner', async () => {
    const agent = await (await browser.newContext()).newPage();
    await signIn(agent, server.url, { email: 'admin@tienda.test', password: TENANT_PASSWORD });
    await agent.getByTestId('announcements-bell').waitFor({ timeout: 15_000 });
    expect(await agent.getByTestId('announcements-banner').count()).toBe(0);
    // No drawer entry for a company admin.
    expect(await agent.getByTestId('menu-announcements').count()).toBe(0);

    const sup = await (await browser.newContext()).newPage();
    await signIn(sup, server.url, SUPER);
    await sup.getByTestId('menu-announcements').click();
    await sup.getByTestId('announcements-page').waitFor({ timeout: 15_000 });
    await sup.getByTestId('announcements-add').click();
    await sup.getByTestId('announcement-title').fill('Mantenimiento programado');
    await sup.getByTestId('announcement-text').fill('El sábado de 2 a 4 la plataforma no estará disponible.');
    await choose(sup, 'announcement-priority', 'Alta');
    await sup.locator('.ant-modal input[type=file]').setInputFiles({ name: 'aviso.png', mimeType: 'image/png', buffer: PNG });
    await sup.getByTestId('announcement-media-name').filter({ hasText: 'aviso.png' }).waitFor();
    await sup.getByTestId('announcement-save').click();
    const row = sup.locator('[data-testid^="announcement-row-"]', { hasText: 'Mantenimiento programado' });
    await row.waitFor({ timeout: 15_000 });
    await row.getByText('aviso.png').waitFor({ timeout: 15_000 });
    expect(await row.getByText('Alta').count()).toBe(1);

    // Live on the company user's screen: one unread, and the banner.
    await agent.getByTestId('announcements-banner').filter({ hasText: 'Mantenimiento programado' }).waitFor({ timeout: 15_000 });
    await expect.poll(() => agent.getByTestId('announcements-bell-count').locator('.ant-badge-count').textContent(), { timeout: 15_000 }).toContain('1');
    await agent.screenshot({ path: 'tooling/test/artifacts/announcements-banner.png' });
    await agent.getByTestId('announcements-bell').click();
    await agent.getByTestId('announcements-popover-item').filter({ hasText: 'El sábado de 2 a 4' }).waitFor();
    await agent.getByTestId('announcements-popover').locator('img').waitFor({ timeout: 15_000 });
    await expect.poll(() => agent.getByTestId('announcements-bell-count').locator('.ant-badge-count').count()).toBe(0);

    // After a reload it is still read (kept per user in the browser) and the banner is still there until closed.
    await agent.reload();
    await agent.getByTestId('announcements-banner').waitFor({ timeout: 15_000 });
    expect(await agent.getByTestId('announcements-bell-count').locator('.ant-badge-count').count()).toBe(0);
    await agent.getByTestId('announcements-banner').locator('.ant-alert-close-icon').click();
    await expect.poll(() => agent.getByTestId('announcements-banner').count()).toBe(0);

    // The management page is for super users: an info toast, then home after 1 s.
    await agent.goto(`${server.url}/announcements`);
    await agent.getByText('Solo los superusuarios pueden administrar los informativos.').waitFor({ timeout: 15_000 });
    await agent.waitForURL((u) => !u.pathname.startsWith('/announcements'), { timeout: 5000 });
  });
});
