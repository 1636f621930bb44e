import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SUPER, client, createDatabase, startServer, type RunningServer } from '../support/server.js';
import { launchBrowser } from '../support/browser.js';
import { choose, signIn, signOut } from '../support/ui.js';

const PW = 'Str0ng-pass';
const ADMIN = { email: 'admin@conexiones.test', password: PW };
const GREETING = 'Hola, elija una opción';

/** The API as the signed-in page calls it (the browser's token: signing in there ended any other session of the admin). */
function pageApi(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ([m, p, b]) => {
      const res = await fetch(`/api${p}`, {
        method: m,
        headers: { Authorization: `Bearer ${localStorage.getItem('token')}`, 'Content-Type': 'application/json' },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      return { status: res.status, body: res.status === 204 ? null : await res.json() };
    },
    [method, path, body] as const,
  );
}

/** Waits until no dialog is still animating in, so screenshots show it whole. */
async function settled(page: Page) {
  await page.locator('.ant-zoom-appear, .ant-zoom-enter').first().waitFor({ state: 'detached' });
}

/** Relative luminance of a CSS rgb()/rgba() colour (0 black … 1 white). */
function luminance(css: string): number {
  const [r, g, b] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

describe('connections and queues pages in Chromium', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url });
    browser = await launchBrowser();
    const api = client(server.url);
    const sup = (await api.login(SUPER.email, SUPER.password)).token;
    const plan = await api.post('/api/plans', { name: 'Conexiones', value: 49, users: 3, connections: 3, queues: 5 }, sup);
    expect(plan.status).toBe(201);
    const company = await api.post('/api/companies', { name: 'Conexiones SAC', email: ADMIN.email, password: ADMIN.password, planId: plan.body.id }, sup);
    expect(company.status).toBe(201);
    const admin = (await api.login(ADMIN.email, ADMIN.password)).token;
    for (const [name, color] of [
      ['Ventas', '#E91E63'],
      ['Soporte', '#2196F3'],
    ]) {
      expect((await api.post('/api/queue', { name, color }, admin)).status).toBe(201);
    }
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await db?.drop();
  });

  it('admin: creates a sandbox connection with two queues, links it through the QR dialog, live, in light and dark', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, server.url, ADMIN);
    await page.getByTestId('menu-connections').click();
    await page.waitForURL(/\/connections$/);
    await page.getByTestId('connections-page').waitFor();
    await page.getByText('Aún no hay conexiones').waitFor();
    // REVINCULAR belongs to the flow builder plugin (the connections.page.actions zone): not shown without it.
    expect(await page.getByTestId('connections-rebind').count()).toBe(0);

    await page.getByTestId('connections-add').click();
    await page.getByTestId('connection-name').fill('Demo QR');
    await choose(page, 'connection-provider', 'Simulador (pruebas)');
    await choose(page, 'connection-queues', 'Ventas');
    await choose(page, 'connection-queues', 'Soporte');
    // Two queues need a greeting: refused before any call.
    await page.getByTestId('connection-save').click();
    await page.getByText('El saludo es obligatorio cuando hay más de una cola.').waitFor();
    await page.getByTestId('connection-greeting').fill(GREETING);
    await page.getByTestId('connection-save').click();

    const row = page.locator('[data-name="Demo QR"]');
    await row.waitFor();
    const id = Number((await row.getAttribute('data-testid'))!.replace('connection-row-', ''));
    const status = row.getByTestId('connection-status');
    // A simulated phone has nothing to scan: it is connected as soon as it is created (issue 36 item 2).
    await expect.poll(() => status.getAttribute('data-status'), { timeout: 20_000 }).toBe('CONNECTED');
    await expect(row.getByTestId(`connection-sandbox-link-${id}`).isVisible()).resolves.toBe(true);
    // Disconnected, it can be linked through the QR dialog like a real phone.
    await row.getByTestId(`connection-disconnect-${id}`).click();
    await page.getByTestId('connection-disconnect-confirm').click();
    await expect.poll(() => status.getAttribute('data-status'), { timeout: 20_000 }).toBe('DISCONNECTED');
    // The first connection is the default.
    await expect(row.getByTestId('connection-default').count()).resolves.toBe(1);
    const saved = await pageApi(page, 'GET', `/whatsapp/${id}`);
    expect(saved.body).toMatchObject({ provider: 'sandbox', greetingMessage: GREETING, maxUseBotQueues: 3 });
    expect((saved.body.queues as { name: string }[]).map((q) => q.name).sort()).toEqual(['Soporte', 'Ventas']);

    // A disconnected connection puts the warning on the drawer entry.
    const badge = page.getByTestId('menu-connections').getByTestId('connections-warning');
    await badge.waitFor();

    await page.getByTestId(`connection-newQr-${id}`).click();
    const qr = page.getByTestId('qr-code');
    await qr.waitFor({ timeout: 20_000 });
    expect(await qr.getAttribute('data-qr')).toMatch(/^sandbox:/);
    await expect(page.getByTestId('qr-steps').textContent()).resolves.toContain('Vincular un dispositivo');
    await expect(status.getAttribute('data-status')).resolves.toBe('qrcode');
    await expect(page.getByTestId('qr-use-pairing').isVisible()).resolves.toBe(true);
    await expect(badge.count()).resolves.toBe(1);
    await settled(page);
    await page.screenshot({ path: 'tooling/test/artifacts/connections-qr-light.png' }).catch(() => undefined);

    // Dark theme: the dialog and the page follow it. The dialog's mask covers the top bar, so the toggle is clicked from script.
    await page.getByTestId('theme-toggle').evaluate((el: HTMLElement) => el.click());
    await expect(page.evaluate(() => document.documentElement.dataset.theme)).resolves.toBe('dark');
    const dialogBg = await page.locator('.ant-modal-container', { has: page.getByTestId('qr-steps') }).evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(luminance(dialogBg)).toBeLessThan(0.3);
    const pageBg = await page.getByTestId('connections-page').evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(luminance(pageBg)).toBeLessThan(0.3);
    const stepsColour = await page.getByTestId('qr-steps').evaluate((el) => getComputedStyle(el).color);
    expect(luminance(stepsColour)).toBeGreaterThan(0.6);
    await page.screenshot({ path: 'tooling/test/artifacts/connections-qr-dark.png' }).catch(() => undefined);

    // The phone scans: the dialog closes by itself and the row turns connected, live.
    const scan = await pageApi(page, 'POST', `/sandbox/${id}/scan`);
    expect(scan.status).toBe(200);
    await qr.waitFor({ state: 'detached', timeout: 20_000 });
    await expect.poll(() => status.getAttribute('data-status'), { timeout: 20_000 }).toBe('CONNECTED');
    await expect(row.getByTestId(`connection-disconnect-${id}`).isVisible()).resolves.toBe(true);
    // Nothing needs attention any more: the badge goes (2 s after the change).
    await badge.waitFor({ state: 'detached', timeout: 20_000 });

    // Disconnect through the confirm: DISCONNECTED again, and the badge is back.
    await row.getByTestId(`connection-disconnect-${id}`).click();
    await page.getByTestId('connection-disconnect-confirm').click();
    await expect.poll(() => status.getAttribute('data-status'), { timeout: 20_000 }).toBe('DISCONNECTED');
    await badge.waitFor({ timeout: 20_000 });

    await page.getByTestId('theme-toggle').click();
    expect(errors).toEqual([]);
    await signOut(page);
    await page.context().close();
  });

  it('admin: links a sandbox connection with a pairing code instead of the QR', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, server.url, ADMIN);
    const created = await pageApi(page, 'POST', '/whatsapp', { name: 'Demo código', provider: 'sandbox' });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    await page.goto(`${server.url}/connections`);
    const row = page.locator('[data-name="Demo código"]');
    const status = row.getByTestId('connection-status');
    await expect.poll(() => status.getAttribute('data-status')).toBe('DISCONNECTED');

    await page.getByTestId(`connection-newQr-${id}`).click();
    await page.getByTestId('qr-code').waitFor({ timeout: 20_000 });
    await page.getByTestId('qr-use-pairing').click();
    // 8 to 15 digits: a short number is refused before any call.
    await page.getByTestId('pairing-phone').fill('12345');
    await page.getByTestId('pairing-request').click();
    await page.getByText('Entre 8 y 15 dígitos.').waitFor();
    await page.getByTestId('pairing-phone').fill('51987654321');
    await page.getByTestId('pairing-request').click();
    const code = page.getByTestId('pairing-code');
    await code.waitFor({ timeout: 20_000 });
    expect((await code.textContent())!.trim()).toMatch(/^[A-Z0-9]{8}$/);
    await expect.poll(() => status.getAttribute('data-status'), { timeout: 20_000 }).toBe('PAIRING');
    const shown = (await code.textContent())!.trim();
    const stored = await pageApi(page, 'GET', `/whatsapp/${id}`);
    expect(stored.body.pairingCode).toBe(shown);

    // The phone confirms the code: the dialog closes by itself and the row is connected.
    expect((await pageApi(page, 'POST', `/sandbox/${id}/scan`)).status).toBe(200);
    await code.waitFor({ state: 'detached', timeout: 20_000 });
    await expect.poll(() => status.getAttribute('data-status'), { timeout: 20_000 }).toBe('CONNECTED');

    // The edit dialog, in the dark theme, for a look at every field.
    await page.getByTestId('theme-toggle').click();
    await page.getByTestId(`connection-edit-${id}`).click();
    await expect(page.getByTestId('connection-name').inputValue()).resolves.toBe('Demo código');
    await expect(page.getByTestId('connection-provider').locator('input').isDisabled()).resolves.toBe(true);
    await settled(page);
    await page.screenshot({ path: 'tooling/test/artifacts/connections-modal-dark.png' }).catch(() => undefined);
    await page.getByTestId('connection-cancel').click();
    await page.getByTestId('theme-toggle').click();

    expect(errors).toEqual([]);
    await signOut(page);
    await page.context().close();
  });

  it('admin: creates a queue with attendance hours and an option, then a sub-option', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, server.url, ADMIN);
    await page.getByTestId('menu-queues').click();
    await page.waitForURL(/\/queues$/);
    await page.locator('[data-name="Ventas"]').waitFor();

    await page.getByTestId('queues-add').click();
    await page.getByTestId('queue-name').fill('Financiero');
    // Colours of other queues cannot be picked.
    await expect(page.getByTestId('queue-colour-E91E63').isDisabled()).resolves.toBe(true);
    await page.getByTestId('queue-colour-009688').click();
    await page.getByTestId('queue-greeting').fill('Bienvenido a Financiero');
    await page.getByTestId('queue-tab-hours').click();
    await expect(page.getByTestId('queue-hours-end-friday').inputValue()).resolves.toBe('18:00');
    await page.getByTestId('queue-hours-end-saturday').fill('1330');
    await expect(page.getByTestId('queue-hours-end-saturday').inputValue()).resolves.toBe('13:30');
    await page.getByTestId('queue-save').click();

    const row = page.locator('[data-name="Financiero"]');
    await row.waitFor();
    const id = Number((await row.getAttribute('data-testid'))!.replace('queue-row-', ''));
    const saved = await pageApi(page, 'GET', `/queue/${id}`);
    expect(saved.body).toMatchObject({ name: 'Financiero', color: '#009688', greetingMessage: 'Bienvenido a Financiero' });
    expect(saved.body.schedules).toHaveLength(7);
    expect(saved.body.schedules).toContainEqual(expect.objectContaining({ weekdayEn: 'saturday', startTime: '08:00', endTime: '13:30' }));
    expect(saved.body.schedules).toContainEqual(expect.objectContaining({ weekdayEn: 'sunday', startTime: '00:00', endTime: '00:00' }));

    await page.getByTestId(`queue-edit-${id}`).click();
    await page.getByTestId('queue-tab-options').click();
    await page.getByTestId('queue-option-add-root').click();
    await expect(page.getByTestId('queue-option-number').inputValue()).resolves.toBe('1');
    await page.getByTestId('queue-option-title').fill('Facturas');
    await page.getByTestId('queue-option-message').fill('Envíenos el número de su factura');
    await page.getByTestId('queue-option-save').click();
    await page.getByTestId('queue-options-level-root').getByText('1. Facturas').waitFor();
    const roots = await pageApi(page, 'GET', `/queue-options?queueId=${id}&parentId=-1`);
    expect(roots.body).toEqual([expect.objectContaining({ option: '1', title: 'Facturas', message: 'Envíenos el número de su factura', parentId: null })]);
    const rootId = roots.body[0].id as number;

    await page.getByTestId(`queue-option-add-${rootId}`).click();
    await page.getByTestId('queue-option-title').fill('Segunda vía');
    await page.getByTestId('queue-option-save').click();
    await page.getByTestId(`queue-options-level-${rootId}`).getByText('1. Segunda vía').waitFor();
    const children = await pageApi(page, 'GET', `/queue-options?queueId=${id}&parentId=${rootId}`);
    expect(children.body).toEqual([expect.objectContaining({ option: '1', title: 'Segunda vía', parentId: rootId })]);

    // Display ↔ edit: the option's title changes in place.
    await page.getByTestId(`queue-option-edit-${rootId}`).click();
    await page.getByTestId(`queue-option-${rootId}`).getByTestId('queue-option-title').first().fill('Facturación');
    await page.getByTestId(`queue-option-${rootId}`).getByTestId('queue-option-save').first().click();
    await page.getByTestId(`queue-option-${rootId}`).getByText('1. Facturación').waitFor();
    await settled(page);
    await page.screenshot({ path: 'tooling/test/artifacts/queues-options-light.png' }).catch(() => undefined);
    // Dark theme (the dialog's mask covers the toggle): the options tree follows the theme.
    await page.getByTestId('theme-toggle').evaluate((el: HTMLElement) => el.click());
    await expect(page.evaluate(() => document.documentElement.dataset.theme)).resolves.toBe('dark');
    const optionBg = await page.getByTestId(`queue-option-${rootId}`).evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(luminance(optionBg)).toBeLessThan(0.3);
    await page.getByTestId('queue-tab-hours').click();
    await page.screenshot({ path: 'tooling/test/artifacts/queues-hours-dark.png' }).catch(() => undefined);
    await page.getByTestId('theme-toggle').evaluate((el: HTMLElement) => el.click());
    await page.getByTestId('queue-cancel').click();

    expect(errors).toEqual([]);
    await signOut(page);
    await page.context().close();
  });
});
