import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SUPER, client, createDatabase, startServer, type RunningServer } from '../support/server.js';
import { launchBrowser } from '../support/browser.js';
import { choose, signIn } from '../support/ui.js';
import { eventually as poll } from '../support/wait.js';

const PW = 'Str0ng-pass';
const ADMIN = { email: 'admin@tv.test', password: PW };
const ANA = { email: 'ana@tv.test', password: PW };
const BETO = { email: 'beto@tv.test', password: PW };
const CARLA = { number: '51911111111', name: 'Carla Compradora' };
/** expect.poll waits 1 s by default: too short for a socket event on a busy machine. */
const POLL = { timeout: 10_000 };
const ARTIFACTS = path.resolve(import.meta.dirname, '../artifacts');

// Browser journeys wait on a server and a page: a longer limit than the API tests.
const eventually = <T,>(fn: () => Promise<T | undefined | null | false>) => poll(fn, 20_000);

/** Relative luminance (0 dark … 1 light) of a CSS rgb()/rgba() colour. */
function luminance(css: string): number {
  const [r, g, b] = (css.match(/\d+(\.\d+)?/g) ?? ['255', '255', '255']).slice(0, 3).map(Number);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

describe('ticket view in Chromium', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let browser: Browser;
  let api: ReturnType<typeof client>;
  let admin: string;
  let uuid: string;
  let contactId: number;
  let vipTag: number;
  const contexts: BrowserContext[] = [];
  const errors: string[] = [];

  const open = async (who: { email: string; password: string }, width = 1440, height = 900) => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (e) => errors.push(`${who.email}: ${e.message}`));
    // Signed in on a wide screen (signIn waits for the drawer, which phones keep closed), then resized.
    await signIn(page, server.url, who);
    if (width !== 1440 || height !== 900) await page.setViewportSize({ width, height });
    return page;
  };
  /** The options menu of an agent: the installed schedules plugin's entry, never the delete option. */
  const agentOptionsHaveNoDelete = async (page: Page) => {
    await page.getByTestId('ticket-options').click();
    await page.getByTestId('ticket-schedule-message').waitFor();
    await expect(page.getByTestId('ticket-option-delete').count()).resolves.toBe(0);
    await page.keyboard.press('Escape');
    await page.getByTestId('ticket-schedule-message').waitFor({ state: 'hidden' });
  };
  const openTicket = async (page: Page) => {
    await page.goto(`${server.url}/tickets/${uuid}`);
    await page.locator('[data-testid="ticket-view"][data-state="ready"]').waitFor();
  };
  /** The ticket as the signed-in page's own session sees it (the API session of a browser user ends at sign-in). */
  const ticketSeenBy = (page: Page) =>
    page.evaluate(async (u) => {
      const res = await fetch(`/api/tickets/u/${u}`, { headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } });
      return { status: res.status, body: await res.json() };
    }, uuid);

  beforeAll(async () => {
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url });
    browser = await launchBrowser();
    api = client(server.url);

    // All API set-up first: a browser sign-in ends the API session of the same user.
    const sup = (await api.login(SUPER.email, SUPER.password)).token;
    const plan = await api.post('/api/plans', { name: 'TV', value: 49, users: 5, connections: 1, queues: 3 }, sup);
    expect((await api.post('/api/companies', { name: 'Tienda TV', email: ADMIN.email, password: ADMIN.password, planId: plan.body.id }, sup)).status).toBe(201);
    admin = (await api.login(ADMIN.email, ADMIN.password)).token;
    const ventas = (await api.post('/api/queue', { name: 'Ventas', color: '#e91e63' }, admin)).body.id;
    await api.post('/api/queue', { name: 'Soporte', color: '#2196f3' }, admin);
    const wa = (await api.post('/api/whatsapp', { name: 'Línea ventas', provider: 'sandbox', queueIds: [ventas] }, admin)).body.id;
    expect((await api.post(`/api/whatsappsession/${wa}`, {}, admin)).status).toBe(200);
    await eventually(async () => (await api.get(`/api/whatsapp/${wa}`, admin)).body.status === 'CONNECTED');
    expect((await api.post('/api/users', { name: 'Ana Ventas', email: ANA.email, password: PW, queueIds: [ventas] }, admin)).status).toBe(201);
    // Beto works only Soporte: Ana can hand him a ticket although she does not work that queue.
    const soporte = (await api.get('/api/queue', admin)).body.find((q: { name: string }) => q.name === 'Soporte').id;
    expect((await api.post('/api/users', { name: 'Beto Soporte', email: BETO.email, password: PW, queueIds: [soporte] }, admin)).status).toBe(201);
    vipTag = (await api.post('/api/tags', { name: 'VIP', color: '#ff9800' }, admin)).body.id;

    expect((await api.post(`/api/sandbox/${wa}/messages`, { from: CARLA.number, name: CARLA.name, body: 'Hola, quiero comprar' }, admin)).status).toBeLessThan(300);
    const ticket = await eventually<{ uuid: string; contactId: number }>(async () => (await api.get('/api/tickets?status=pending', admin)).body.tickets[0]);
    uuid = ticket.uuid;
    contactId = ticket.contactId;
    mkdirSync(ARTIFACTS, { recursive: true });
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
    await db?.drop();
  });

  it('agent: accepts, tags, writes a note, looks right in light and dark, transfers out, then is refused', async () => {
    const ana = await open(ANA);
    await openTicket(ana);
    const actions = ana.getByTestId('ticket-actions');
    await expect(actions.getAttribute('data-status')).resolves.toBe('pending');
    await expect(ana.getByTestId('ticket-contact-name').textContent()).resolves.toContain(CARLA.name);
    // Agents have no delete: the options menu holds only what plugins put in it (the schedules plugin's entry).
    await agentOptionsHaveNoDelete(ana);

    await ana.getByTestId('ticket-view-accept').click();
    await expect.poll(() => actions.getAttribute('data-status'), POLL).toBe('open');
    await expect(ana.getByTestId('ticket-assignee').textContent()).resolves.toBe('Asignada a Ana Ventas');

    await choose(ana, 'ticket-tags', 'VIP');
    await ana.getByTestId(`ticket-tag-${vipTag}`).waitFor();
    await expect.poll(async () => (await ticketSeenBy(ana)).body.tags.map((t: { name: string }) => t.name), POLL).toEqual(['VIP']);

    // Contact drawer: links, and the note rule (required, at least 2 characters).
    await ana.getByTestId('ticket-contact').click();
    const drawer = ana.getByTestId('contact-drawer');
    await expect(ana.getByTestId('contact-phone-link').getAttribute('href')).resolves.toBe(`tel:+${CARLA.number}`);
    await expect(ana.getByTestId('contact-whatsapp-link').getAttribute('href')).resolves.toBe(`https://wa.me/${CARLA.number}`);
    await ana.getByTestId('note-add').click();
    await expect(ana.getByTestId('note-error').textContent()).resolves.toBe('Obligatorio');
    await ana.getByTestId('note-input').fill('a');
    await ana.getByTestId('note-add').click();
    await expect(ana.getByTestId('note-error').textContent()).resolves.toBe('Demasiado corto');
    await ana.getByTestId('note-input').fill('Prefiere entregas por la tarde');
    await ana.getByTestId('note-add').click();
    await ana.getByTestId('notes-list').getByText('Prefiere entregas por la tarde').waitFor();
    await expect.poll(() => ana.getByTestId('note-input').inputValue(), POLL).toBe('');

    await ana.screenshot({ path: path.join(ARTIFACTS, 'ticket-view-light.png') });
    const headerBg = () => ana.getByTestId('ticket-header').evaluate((el) => getComputedStyle(el).backgroundColor);
    const drawerBg = () => drawer.locator('.ant-drawer-section').first().evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(luminance(await headerBg())).toBeGreaterThan(0.8);
    await ana.getByTestId('theme-toggle').click();
    await expect.poll(async () => luminance(await headerBg()), POLL).toBeLessThan(0.3);
    expect(luminance(await drawerBg())).toBeLessThan(0.3);
    await ana.screenshot({ path: path.join(ARTIFACTS, 'ticket-view-dark.png') });
    await ana.getByTestId('theme-toggle').click();
    await drawer.locator('.ant-drawer-close').click();
    await ana.getByTestId('contact-notes').waitFor({ state: 'hidden' });
    await ana.screenshot({ path: path.join(ARTIFACTS, 'ticket-view-header.png') });

    // Transfer: refused without a queue; the user search answers from 3 characters.
    await ana.getByTestId('ticket-transfer').click();
    await ana.getByTestId('transfer-submit').click();
    await expect(ana.getByTestId('transfer-queue-error').textContent()).resolves.toBe('Seleccione una cola');
    // No `choose` here: its closing Escape would close the modal too.
    await ana.getByTestId('transfer-queue').click();
    await ana.locator('.ant-select-item-option', { hasText: /^Soporte$/ }).click();
    await ana.getByTestId('transfer-queue-error').waitFor({ state: 'detached' });
    await ana.getByTestId('transfer-user').click();
    await ana.keyboard.type('Bet');
    await ana.locator('.ant-select-item-option', { hasText: /^Beto Soporte$/ }).click();
    await ana.screenshot({ path: path.join(ARTIFACTS, 'ticket-view-transfer.png') });
    await ana.getByTestId('transfer-submit').click();
    await ana.waitForURL(/\/tickets$/);

    // Now in Soporte with Beto: Ana may no longer open it.
    await ana.goto(`${server.url}/tickets/${uuid}`);
    await ana.getByText('Acceso no permitido').waitFor();
    await ana.waitForURL(/\/tickets$/);
  });

  it('follows contact changes and deletion live; only admins delete', async () => {
    // Beto is on a phone: the conversation tab, with a back arrow in the header.
    const beto = await open(BETO, 390, 844);
    await openTicket(beto);
    await beto.getByTestId('ticket-back').waitFor();
    await expect(beto.getByTestId('ticket-actions').getAttribute('data-status')).resolves.toBe('open');
    await expect(beto.getByTestId('ticket-assignee').textContent()).resolves.toBe('Asignada a Beto Soporte');
    await agentOptionsHaveNoDelete(beto);

    // The admin (API session still alive: not signed in in a browser yet) renames the customer.
    expect((await api.put(`/api/contacts/${contactId}`, { name: 'Carla Renombrada', number: CARLA.number }, admin)).status).toBe(200);
    await expect.poll(() => beto.getByTestId('ticket-contact-name').textContent(), POLL).toContain('Carla Renombrada');
    await beto.screenshot({ path: path.join(ARTIFACTS, 'ticket-view-phone.png') });

    const boss = await open(ADMIN);
    await openTicket(boss);
    await boss.getByTestId('ticket-options').click();
    await boss.getByTestId('ticket-option-delete').click();
    await boss.getByTestId('ticket-delete-confirm').click();
    await boss.waitForURL(/\/tickets$/);
    // Beto was looking at it: he is taken back to the list.
    await beto.waitForURL(/\/tickets$/);
    expect(errors).toEqual([]);
  });
});
