import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SUPER, client, createDatabase, startServer, type RunningServer } from '../support/server.js';
import { launchBrowser } from '../support/browser.js';
import { choose, signIn, signOut } from '../support/ui.js';

const PW = 'Str0ng-pass';
const ADMIN = { email: 'admin@primera.test', password: PW };
const CUSTOMER = { number: '51955500011', name: 'Rosa Primera' };

/** The API as the signed-in page calls it (its token): signing in again elsewhere would end this session. */
function pageApi(page: Page, method: string, p: string, body?: unknown) {
  return page.evaluate(
    async ([m, url, b]) => {
      const res = await fetch(`/api${url}`, {
        method: m,
        headers: { Authorization: `Bearer ${localStorage.getItem('token')}`, 'Content-Type': 'application/json' },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      return { status: res.status, body: res.status === 204 ? null : await res.json() };
    },
    [method, p, body] as const,
  );
}

/** The first hour of a new company (issue 36): each journey a new admin takes, with no dead end. */
describe('the first hour of a new company in Chromium', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let browser: Browser;
  let dir: string;

  beforeAll(async () => {
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url });
    browser = await launchBrowser();
    dir = await mkdtemp(path.join(tmpdir(), 'first-hour-'));
    const api = client(server.url);
    // A brand-new company: no connection, no queue, no other user. Its plan has no kanban.
    const sup = (await api.login(SUPER.email, SUPER.password)).token;
    const plan = await api.post('/api/plans', { name: 'Inicio', value: 29, users: 3, connections: 2, queues: 2, useKanban: false }, sup);
    expect(plan.status).toBe(201);
    const company = await api.post('/api/companies', { name: 'Primera Hora SAC', email: ADMIN.email, password: ADMIN.password, planId: plan.body.id }, sup);
    expect(company.status).toBe(201);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await db?.drop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('first landing: a checklist that ticks itself off; a simulated number is connected when created; the admin in no queue sees, accepts and follows the first ticket', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, server.url, ADMIN);
    await page.goto(`${server.url}/tickets`);

    // Item 1: the empty workspace tells the admin what to do first; nothing is done yet.
    const checklist = page.getByTestId('first-run-checklist');
    await checklist.waitFor();
    await expect(checklist.getAttribute('data-done')).resolves.toBe('0');
    for (const step of ['connection', 'queue', 'agent', 'message']) await expect(page.getByTestId(`checklist-${step}`).getAttribute('data-done')).resolves.toBe('false');
    await expect(page.getByTestId('checklist-go-simulator').isVisible()).resolves.toBe(true);

    // A queue (through the API as the page calls it), then a simulated number from the connections page.
    const queue = await pageApi(page, 'POST', '/queue', { name: 'Ventas', color: '#e91e63', greetingMessage: '' });
    expect(queue.status).toBe(201);
    await page.getByTestId('checklist-go-connection').click();
    await page.waitForURL(/\/connections$/);
    await page.getByTestId('connections-add').click();
    await page.getByTestId('connection-name').fill('Simulado');
    // Picked without the helper's closing Escape, which could reach the dialog once the list has closed.
    await page.getByTestId('connection-provider').click();
    await page.locator('.ant-select-item-option', { hasText: /^Simulador \(pruebas\)$/ }).click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').waitFor({ state: 'hidden' });
    await page.getByTestId('connection-save').click();
    // Item 2: connected at once, no QR to scan and no Start to press.
    const row = page.locator('[data-name="Simulado"]');
    await row.waitFor();
    await expect.poll(() => row.getByTestId('connection-status').getAttribute('data-status'), { timeout: 20_000 }).toBe('CONNECTED');
    const wa = Number((await row.getAttribute('data-testid'))!.replace('connection-row-', ''));

    // Back on the workspace: two steps ticked from the company's data.
    await page.getByTestId('menu-tickets').click();
    await checklist.waitFor();
    await expect.poll(() => page.getByTestId('checklist-connection').getAttribute('data-done'), { timeout: 15_000 }).toBe('true');
    await expect(page.getByTestId('checklist-queue').getAttribute('data-done')).resolves.toBe('true');
    await expect(page.getByTestId('checklist-agent').getAttribute('data-done')).resolves.toBe('false');

    // Item 3: the admin belongs to no queue, and still sees the waiting customer at once, live.
    await page.getByTestId('tickets-open-list-pending').click();
    const sent = await pageApi(page, 'POST', `/sandbox/${wa}/messages`, { from: CUSTOMER.number, name: CUSTOMER.name, body: 'Hola, ¿atienden hoy?' });
    expect(sent.status).toBeLessThan(300);
    const pendingRow = page.getByTestId('tickets-list-pending').locator('[data-testid^="ticket-row-"]', { hasText: CUSTOMER.name });
    await pendingRow.waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByTestId('tickets-count-pending').textContent()).toBe('1');
    await expect.poll(() => page.getByTestId('checklist-message').getAttribute('data-done'), { timeout: 15_000 }).toBe('true');

    // Item 4: Accept opens the conversation and the list follows the ticket to "in progress".
    await pendingRow.getByTestId('ticket-accept').click();
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    await page.getByTestId('tickets-list-open').locator('[data-testid^="ticket-row-"]', { hasText: CUSTOMER.name }).waitFor();
    await expect(page.getByTestId('tickets-list-open').isVisible()).resolves.toBe(true);
    await expect(page.getByTestId('tickets-list-pending').isVisible()).resolves.toBe(false);

    // Item 3: narrowed to the admin's own queues, the empty waiting list says which switch hides tickets.
    await page.getByTestId('tickets-show-all').click();
    await page.getByTestId('tickets-open-list-pending').click();
    await expect(page.getByTestId('tickets-list-pending').getByTestId('tickets-empty-hint').textContent()).resolves.toContain('Active «Todas»');
    await page.getByTestId('tickets-show-all').click();

    // Item 1: dismissed, the checklist stays gone after a reload.
    await page.goto(`${server.url}/tickets`);
    await checklist.waitFor();
    await page.getByTestId('checklist-dismiss').click();
    await checklist.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByTestId('tickets-welcome').waitFor();
    await page.getByTestId('tickets-manager').waitFor();
    await expect(checklist.count()).resolves.toBe(0);

    expect(errors).toEqual([]);
    await signOut(page);
    await page.context().close();
  });

  it('an agent answers with a quick reply the admin made for the company, and leaves a private note that never reaches the customer', async () => {
    const AGENT = { email: 'agente@primera.test', password: PW };
    const CLIENT = { number: '51955500022', name: 'Tomás Segundo' };
    // The admin: an agent in Ventas, and a quick reply made in the page (offered to the company by default).
    const adminPage = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    await signIn(adminPage, server.url, ADMIN);
    const queues = (await pageApi(adminPage, 'GET', '/queue')).body as { id: number; name: string }[];
    const ventas = queues.find((q) => q.name === 'Ventas')!.id;
    expect((await pageApi(adminPage, 'POST', '/users', { name: 'Pía Agente', email: AGENT.email, password: AGENT.password, queueIds: [ventas] })).status).toBe(201);
    const wa = ((await pageApi(adminPage, 'GET', '/whatsapp')).body as { id: number; name: string }[]).find((c) => c.name === 'Simulado')!.id;
    // The simulated number now serves Ventas: new customers wait in the agent's queue.
    expect((await pageApi(adminPage, 'PUT', `/whatsapp/${wa}`, { queueIds: [ventas] })).status).toBe(200);
    await adminPage.getByTestId('menu-quick-messages').click();
    await adminPage.getByTestId('qm-add').click();
    await adminPage.getByTestId('qm-shortcode').fill('horario');
    await adminPage.getByTestId('qm-message').fill('Atendemos de lunes a sábado, de 9 a 18 h.');
    await adminPage.getByTestId('qm-save').click();
    await adminPage.getByTestId('qm-modal').waitFor({ state: 'hidden' });
    expect((await pageApi(adminPage, 'POST', `/sandbox/${wa}/messages`, { from: CLIENT.number, name: CLIENT.name, body: '¿A qué hora abren?' })).status).toBeLessThan(300);
    const outbox = async () => ((await pageApi(adminPage, 'GET', `/sandbox/${wa}/messages?to=${CLIENT.number}`)).body as { body: string }[]).map((m) => m.body);

    const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, server.url, AGENT);
    await page.goto(`${server.url}/tickets`);
    await page.getByTestId('tickets-open-list-pending').click();
    const pendingRow = page.getByTestId('tickets-list-pending').locator('[data-testid^="ticket-row-"]', { hasText: CLIENT.name });
    await pendingRow.waitFor({ timeout: 20_000 });
    await pendingRow.getByTestId('ticket-accept').click();
    await page.getByTestId('ticket-view').waitFor();
    const text = page.getByTestId('message-input-text');
    await expect.poll(() => text.isEnabled()).toBe(true);

    // Item 5: "/" and a few letters offer the admin's quick reply; choosing it fills the input.
    await text.fill('/hor');
    await page.getByTestId('quick-reply-option').filter({ hasText: '/horario' }).click();
    await expect(text.inputValue()).resolves.toBe('Atendemos de lunes a sábado, de 9 a 18 h.');
    await text.press('Enter');
    await expect.poll(outbox, { timeout: 20_000 }).toEqual([expect.stringContaining('Atendemos de lunes a sábado')]);
    // An unmatched "/word": Enter does not send it, and the page offers to create the quick reply.
    await text.fill('/precios');
    await page.getByTestId('quick-replies-notice').waitFor();
    await text.press('Enter');
    await expect(text.inputValue()).resolves.toBe('/precios');
    await expect(page.getByTestId('quick-replies-create').getAttribute('href')).resolves.toBe('/quick-messages');

    // Item 6: "note" beside "reply": a private note in the timeline, never sent.
    await page.getByTestId('message-mode-note').click();
    await text.fill('Cliente pregunta por horario; ofrecer cita el sábado');
    await text.press('Enter');
    const note = page.getByTestId('message-list').getByTestId('timeline-note');
    await note.waitFor();
    await expect(note.textContent()).resolves.toContain('Nota privada');
    await expect(note.textContent()).resolves.toContain('Cliente pregunta por horario; ofrecer cita el sábado');
    await expect(text.inputValue()).resolves.toBe('');
    // Still there after a reload (stored with the ticket), and the customer's phone never got it.
    await page.reload();
    await page.getByTestId('message-list').getByTestId('timeline-note').waitFor();
    await new Promise((r) => setTimeout(r, 2000));
    expect(await outbox()).toEqual([expect.stringContaining('Atendemos de lunes a sábado')]);
    // "/precios" was never sent either.
    expect((await outbox()).some((b) => b.includes('/precios'))).toBe(false);

    expect(errors).toEqual([]);
    await page.context().close();
    await adminPage.context().close();
  });

  it('the simulator: a connection left waiting for its QR is linked from the simulator, never a silent spinner', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    await signIn(page, server.url, ADMIN);
    const created = await pageApi(page, 'POST', '/whatsapp', { name: 'Con QR', provider: 'sandbox' });
    expect(created.status).toBe(201);
    // "New QR" on the connections page: the session waits for a scan.
    expect((await pageApi(page, 'POST', `/whatsappsession/${created.body.id}`, { qr: true })).status).toBe(200);
    await expect.poll(async () => (await pageApi(page, 'GET', `/whatsapp/${created.body.id}`)).body.status, { timeout: 20_000 }).toBe('qrcode');

    await page.getByTestId('menu-sandbox').click();
    await page.getByTestId('sandbox-page').waitFor();
    await choose(page, 'sandbox-connection', 'Con QR');
    const status = page.getByTestId('sandbox-status');
    await expect.poll(() => status.getAttribute('data-status')).toBe('qrcode');
    // Start would do nothing here: the page says what the connection waits for and offers to link it.
    await expect(page.getByTestId('sandbox-start').count()).resolves.toBe(0);
    await page.getByTestId('sandbox-waiting-link').waitFor();
    await page.getByTestId('sandbox-scan').click();
    await expect.poll(() => status.getAttribute('data-status'), { timeout: 20_000 }).toBe('CONNECTED');
    await expect(page.getByTestId('sandbox-input').isEnabled()).resolves.toBe(true);
    await page.context().close();
  });

  it('contacts import: a .csv is refused with the format that works and how to convert it', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    await signIn(page, server.url, ADMIN);
    await page.getByTestId('menu-contacts').click();
    await page.getByTestId('contacts-page').waitFor();
    // The picker offers .csv and .xls too, so such a file is never silently out of reach.
    await expect(page.getByTestId('contacts-import-input').getAttribute('accept')).resolves.toContain('.csv');
    const csv = path.join(dir, 'clientes.csv');
    await writeFile(csv, 'nombre,numero\nAna,51900000001\n');
    await page.getByTestId('contacts-import-input').setInputFiles(csv);
    await page.getByText('Solo se aceptan archivos .xlsx. Abra su archivo (.csv o .xls) en una hoja de cálculo y guárdelo como .xlsx').waitFor();
    await expect(page.getByTestId('contacts-import-created').count()).resolves.toBe(0);
    await page.context().close();
  });

  it('on a phone (390 px) the admin\'s "All" switch keeps its label', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    // Signed in wide (the phone layout hides the drawer the helper waits for), then narrowed.
    await signIn(page, server.url, ADMIN);
    await page.goto(`${server.url}/tickets`);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.getByTestId('tickets-page').getAttribute('data-layout')).toBe('tabs');
    const switchBox = page.getByTestId('tickets-show-all').locator('xpath=..');
    await expect(switchBox.textContent()).resolves.toBe('Todas');
    await expect(switchBox.getByText('Todas').isVisible()).resolves.toBe(true);
    await page.context().close();
  });

  it('sign-up shows the password rule once: the hint, or the error that names what is missing', async () => {
    const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await page.goto(`${server.url}/signup`);
    const field = page.locator('.ant-form-item', { has: page.getByTestId('signup-password') });
    const hint = field.locator('.ant-form-item-extra');
    await expect(hint.textContent()).resolves.toBe('Al menos 8 caracteres, con un número, una minúscula y una mayúscula.');
    await expect(hint.isVisible()).resolves.toBe(true);
    await page.getByTestId('signup-password').fill('corta');
    await page.getByTestId('signup-password').blur();
    await field.getByText('La contraseña debe tener al menos 8 caracteres').waitFor();
    await expect(hint.isVisible()).resolves.toBe(false);
    await page.getByTestId('signup-password').fill('Bastante-larga-1');
    await field.locator('.ant-form-item-explain-error').waitFor({ state: 'detached' });
    await expect(hint.isVisible()).resolves.toBe(true);
    await page.context().close();
  });

  it('a page the plan lacks says it is not in the plan and who can change it, then goes back', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    await signIn(page, server.url, ADMIN);
    await page.goto(`${server.url}/kanban`);
    await expect(page.getByTestId('plan-refusal-why').textContent()).resolves.toBe(
      'Esta página no está incluida en el plan de su empresa. Como administrador, puede cambiar el plan en la sección de facturación.',
    );
    // Opened by address (a fresh load, nothing to go back to in the app), it goes home.
    await page.waitForURL((u) => !u.pathname.startsWith('/kanban'), { timeout: 5000 });
    // The reason stays readable after going back.
    await page.locator('.ant-message').getByText('Como administrador, puede cambiar el plan').waitFor();
    await page.context().close();
  });
});
