import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SUPER, client, createDatabase, startServer, type RunningServer } from '../support/server.js';
import { launchBrowser } from '../support/browser.js';
import { signIn } from '../support/ui.js';

const PW = 'Str0ng-pass';
const ADMIN = { email: 'admin@ws.test', password: PW };
const ANA = { email: 'ana@ws.test', password: PW };
const BETO = { email: 'beto@ws.test', password: PW };
const CARLA = { number: '51911111111', name: 'Carla Compradora' };
const DIEGO = { number: '51922222222', name: 'Diego Soporte' };
const ARTIFACTS = path.resolve(import.meta.dirname, '../artifacts');
/** A real 1×1 PNG (the server checks the file's magic bytes, not only its name). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** Polls outside a test (beforeAll cannot use expect.poll). */
async function until(check: () => Promise<boolean>, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('agents workspace in Chromium', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let browser: Browser;
  let api: ReturnType<typeof client>;
  let admin: string;
  let salesWa: number;
  let supportWa: number;
  let ventas: number;
  let soporte: number;
  const contexts: BrowserContext[] = [];
  /** The two agents' pages, kept open from the journey for the next scenario. */
  let agents: { ana: Page; beto: Page } | undefined;

  /** A customer writes to a sandbox connection (the simulated phone). */
  const customerWrites = async (wa: number, who: { number: string; name: string }, body: string) => {
    const r = await api.post(`/api/sandbox/${wa}/messages`, { from: who.number, name: who.name, body }, admin);
    expect(r.status).toBeLessThan(300);
  };
  /** What Atende sent to a customer's phone. */
  const outbox = async (wa: number, to: string) => (await api.get<{ body: string; mediaUrl?: string }[]>(`/api/sandbox/${wa}/messages?to=${to}`, admin)).body;

  const agentPage = async (who: { email: string; password: string }, width = 1440, height = 900) => {
    const context = await browser.newContext({ viewport: { width, height } });
    contexts.push(context);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, server.url, who);
    await page.goto(`${server.url}/tickets`);
    await page.getByTestId('tickets-page').waitFor();
    return { page, errors };
  };
  const row = (page: Page, list: string, text: string) => page.getByTestId(`tickets-list-${list}`).locator('[data-testid^="ticket-row-"]', { hasText: text });

  beforeAll(async () => {
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url });
    browser = await launchBrowser();
    api = client(server.url);

    // All API set-up first: a browser sign-in ends the API session of the same user (one session per user).
    const sup = (await api.login(SUPER.email, SUPER.password)).token;
    const plan = await api.post('/api/plans', { name: 'WS', value: 49, users: 5, connections: 2, queues: 3 }, sup);
    expect(plan.status).toBe(201);
    expect((await api.post('/api/companies', { name: 'Tienda WS', email: ADMIN.email, password: ADMIN.password, planId: plan.body.id }, sup)).status).toBe(201);
    admin = (await api.login(ADMIN.email, ADMIN.password)).token;
    ventas = (await api.post('/api/queue', { name: 'Ventas', color: '#e91e63', greetingMessage: '' }, admin)).body.id;
    soporte = (await api.post('/api/queue', { name: 'Soporte', color: '#2196f3', greetingMessage: '' }, admin)).body.id;
    // One queue per connection: a new customer goes straight into that queue, waiting for an agent.
    salesWa = (await api.post('/api/whatsapp', { name: 'Línea ventas', provider: 'sandbox', queueIds: [ventas] }, admin)).body.id;
    supportWa = (await api.post('/api/whatsapp', { name: 'Línea soporte', provider: 'sandbox', queueIds: [soporte] }, admin)).body.id;
    for (const wa of [salesWa, supportWa]) {
      expect((await api.post(`/api/whatsappsession/${wa}`, {}, admin)).status).toBe(200);
      await until(async () => (await api.get(`/api/whatsapp/${wa}`, admin)).body.status === 'CONNECTED', `connection ${wa} CONNECTED`);
    }
    expect((await api.post('/api/users', { name: 'Ana Ventas', email: ANA.email, password: ANA.password, queueIds: [ventas] }, admin)).status).toBe(201);
    expect((await api.post('/api/users', { name: 'Beto Soporte', email: BETO.email, password: BETO.password, queueIds: [soporte] }, admin)).status).toBe(201);
    const ana = (await api.login(ANA.email, ANA.password)).token;
    expect((await api.post('/api/quick-messages', { shortcode: 'saludo', message: 'Hola, gracias por escribir a Tienda WS' }, ana)).status).toBe(201);
    mkdirSync(ARTIFACTS, { recursive: true });
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
    await db?.drop();
  });

  it('a customer message reaches the right agent live; accept, reply, transfer, resolve', async () => {
    const { page: ana, errors: anaErrors } = await agentPage(ANA);
    const { page: beto, errors: betoErrors } = await agentPage(BETO);
    agents = { ana, beto };

    // Nothing selected: the welcome panel; both lists of the open tab start empty.
    await ana.getByTestId('tickets-welcome').waitFor();
    await ana.getByTestId('tickets-open-list-pending').click();
    await beto.getByTestId('tickets-open-list-pending').click();
    await ana.getByTestId('tickets-list-pending').getByTestId('tickets-empty').waitFor();
    await beto.getByTestId('tickets-list-pending').getByTestId('tickets-empty').waitFor();
    // Agents are offered only their own queues.
    await ana.getByTestId('tickets-queues').click();
    await expect(ana.locator('.ant-select-item-option').allTextContents()).resolves.toEqual(['Ventas']);
    await ana.keyboard.press('Escape');
    // The show-all switch is for admins only.
    await expect(ana.getByTestId('tickets-show-all').count()).resolves.toBe(0);

    // Carla writes to the sales line: her ticket appears live in Ana's waiting list.
    await customerWrites(salesWa, CARLA, 'Hola, quiero comprar zapatillas');
    const carlaRow = row(ana, 'pending', CARLA.name);
    await carlaRow.waitFor();
    await expect(carlaRow.getByTestId('ticket-last-message').textContent()).resolves.toBe('Hola, quiero comprar zapatillas');
    await expect(carlaRow.getByTestId('ticket-unread').textContent()).resolves.toBe('1');
    await expect(carlaRow.getByTestId('ticket-time').textContent()).resolves.toMatch(/^\d{2}:\d{2}$/);
    await expect.poll(() => ana.getByTestId('tickets-count-pending').textContent()).toBe('1');

    // Diego writes to the support line after Carla: once Beto sees Diego, he has had Carla's event too — and has no row for her.
    await customerWrites(supportWa, DIEGO, 'Mi pedido no llegó');
    await row(beto, 'pending', DIEGO.name).waitFor();
    await expect(row(beto, 'pending', CARLA.name).count()).resolves.toBe(0);
    await expect(row(ana, 'pending', DIEGO.name).count()).resolves.toBe(0);

    // A second message moves the unread count live.
    await customerWrites(salesWa, CARLA, '¿Tienen talla 40?');
    await expect.poll(() => carlaRow.getByTestId('ticket-unread').textContent()).toBe('2');
    await expect(carlaRow.getByTestId('ticket-last-message').textContent()).resolves.toBe('¿Tienen talla 40?');

    // Ana accepts: the ticket opens on the right and moves to her in-progress list.
    await carlaRow.getByTestId('ticket-accept').click();
    await ana.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    const uuid = ana.url().split('/').pop()!;
    await ana.getByTestId('ticket-view').waitFor();
    await expect(ana.getByTestId('tickets-welcome').count()).resolves.toBe(0);
    await expect(row(ana, 'pending', CARLA.name).count()).resolves.toBe(0);
    await ana.getByTestId('tickets-open-list-open').click();
    await row(ana, 'open', CARLA.name).waitFor();
    await expect(row(ana, 'open', CARLA.name).getAttribute('data-uuid')).resolves.toBe(uuid);

    // Ana replies with text (Enter sends; the sign option prefixes her name).
    const text = ana.getByTestId('message-input-text');
    await expect(text.isEnabled()).resolves.toBe(true);
    await text.fill('Claro, tenemos varias tallas');
    await text.press('Enter');
    await ana.getByTestId('message-list').locator('[data-from-me="true"]', { hasText: 'Claro, tenemos varias tallas' }).waitFor();

    // A quick reply: "/" plus more suggests it; picking it fills the box, Enter sends.
    await text.fill('/sal');
    await ana.getByTestId('quick-reply-option').filter({ hasText: '/saludo' }).click();
    await expect(text.inputValue()).resolves.toBe('Hola, gracias por escribir a Tienda WS');
    await text.press('Enter');
    await ana.getByTestId('message-list').locator('[data-from-me="true"]', { hasText: 'Hola, gracias por escribir a Tienda WS' }).waitFor();

    // An image with a caption.
    await ana.getByTestId('message-file-input').setInputFiles({ name: 'catalogo.png', mimeType: 'image/png', buffer: PNG });
    await ana.getByTestId('attachment-item').waitFor();
    await text.fill('Nuestro catálogo');
    await ana.getByTestId('message-send').click();
    await ana.getByTestId('message-list').getByTestId('message-image').first().waitFor();

    // The customer's phone got all three, in order.
    await expect
      .poll(async () => (await outbox(salesWa, CARLA.number)).length, { timeout: 20_000 })
      .toBe(3);
    const got = await outbox(salesWa, CARLA.number);
    expect(got[0].body).toContain('Claro, tenemos varias tallas');
    expect(got[0].body).toContain('Ana Ventas');
    expect(got[1].body).toContain('Hola, gracias por escribir a Tienda WS');
    expect(got[2].mediaUrl).toBeTruthy();

    // Carla answers: it appears live in the open conversation.
    await customerWrites(salesWa, CARLA, 'Perfecto, la talla 40 por favor');
    await ana.getByTestId('message-list').locator('[data-from-me="false"]', { hasText: 'Perfecto, la talla 40 por favor' }).waitFor();

    // Screenshots of the screen with a conversation open: light and dark, desktop and phone widths.
    const shot = async (name: string) => {
      const file = path.join(ARTIFACTS, `workspace-${name}.png`);
      // Transitions finished at once: a theme switch mid-fade would show half of each theme.
      await ana.screenshot({ path: file, animations: 'disabled' });
      return file;
    };
    const themeIs = () => ana.evaluate(() => localStorage.getItem('preferredTheme') ?? 'light');
    const toggleTheme = async (to: 'light' | 'dark') => {
      if ((await themeIs()) !== to) await ana.getByTestId('theme-toggle').click();
      await expect.poll(themeIs).toBe(to);
    };
    await toggleTheme('light');
    await shot('light-1440');
    await toggleTheme('dark');
    await shot('dark-1440');
    await ana.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => ana.getByTestId('tickets-page').getAttribute('data-layout')).toBe('tabs');
    await ana.getByTestId('ticket-view').first().waitFor();
    await shot('dark-390');
    await toggleTheme('light');
    await shot('light-390');
    // Phone width: the list tab shows the rows with names cut at 10 characters.
    await ana.getByTestId('tickets-mobile-tab-list').click();
    await expect(row(ana, 'open', 'Carla').getByTestId('ticket-name').textContent()).resolves.toBe('Carla Comp...');
    await ana.getByTestId('tickets-mobile-tab-ticket').click();
    await ana.setViewportSize({ width: 1440, height: 900 });
    await expect.poll(() => ana.getByTestId('tickets-page').getAttribute('data-layout')).toBe('columns');

    // Ana transfers to Soporte: gone from her lists, waiting in Beto's.
    await ana.getByTestId('ticket-transfer').click();
    // antd puts the test id on the modal's root wrapper, which has no box: wait for the field instead.
    await ana.getByTestId('transfer-queue').waitFor();
    await ana.getByTestId('transfer-queue').click();
    await ana.locator('.ant-select-item-option', { hasText: 'Soporte' }).click();
    await ana.getByTestId('transfer-submit').click();
    await row(beto, 'pending', CARLA.name).waitFor();
    await expect.poll(() => row(ana, 'open', CARLA.name).count()).toBe(0);
    await expect(row(ana, 'pending', CARLA.name).count()).resolves.toBe(0);

    // Beto accepts from his list and resolves from the conversation header; it ends in his resolved tab.
    await row(beto, 'pending', CARLA.name).getByTestId('ticket-accept').click();
    await beto.waitForURL(new RegExp(`/tickets/${uuid}$`));
    await beto.getByTestId('ticket-header').waitFor();
    await beto.getByTestId('ticket-view-resolve').click();
    await beto.waitForURL(/\/tickets$/);
    await beto.getByTestId('tickets-welcome').waitFor();
    await expect.poll(() => row(beto, 'open', CARLA.name).count()).toBe(0);
    await beto.getByTestId('tickets-tab-closed').click();
    const closed = row(beto, 'closed', CARLA.name);
    await closed.waitFor();
    await closed.getByTestId('ticket-reopen').waitFor();
    expect((await api.get(`/api/tickets/u/${uuid}`, admin)).body).toMatchObject({ status: 'closed', queue: { name: 'Soporte' }, user: { name: 'Beto Soporte' } });

    expect(anaErrors).toEqual([]);
    expect(betoErrors).toEqual([]);
  });

  it('new ticket: contact search, own queue, opens it; another agent is told who has the customer', async () => {
    const { ana, beto } = agents!;
    // Beto starts a conversation with Carla (her last ticket is resolved) in his queue.
    await beto.getByTestId('tickets-new').click();
    const contactBox = beto.getByTestId('new-ticket-contact');
    await contactBox.click();
    await beto.keyboard.type('Car');
    await beto.getByTestId(/^new-ticket-contact-\d+$/).first().click();
    await beto.getByTestId('new-ticket-chosen').waitFor();
    // Agents are offered only their own queues here too.
    await beto.getByTestId('new-ticket-queue').click();
    // The contact box's own dropdown may still be fading out: read the options of the queue dropdown only.
    const queueDropdown = beto.locator('.ant-select-dropdown', { has: beto.locator('.ant-select-item-option', { hasText: /^Soporte$/ }) });
    await expect.poll(() => queueDropdown.locator('.ant-select-item-option').allTextContents()).toEqual(['Soporte']);
    await beto.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Soporte' }).click();
    await beto.getByTestId('new-ticket-save').click();
    await beto.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    const newUuid = beto.url().split('/').pop()!;
    await beto.getByTestId('ticket-view-resolve').waitFor();
    expect((await api.get(`/api/tickets/u/${newUuid}`, admin)).body).toMatchObject({ status: 'open', queue: { name: 'Soporte' }, user: { name: 'Beto Soporte' } });

    // Ana tries the same customer on the same line: an error toast and a notice naming Beto and his queue.
    await ana.getByTestId('tickets-new').click();
    await ana.getByTestId('new-ticket-contact').click();
    await ana.keyboard.type('Carla');
    await ana.getByTestId(/^new-ticket-contact-\d+$/).first().click();
    await ana.getByTestId('new-ticket-queue').click();
    await ana.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Ventas' }).click();
    await ana.getByTestId('new-ticket-connection').click();
    await ana.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Línea ventas' }).click();
    await ana.getByTestId('new-ticket-save').click();
    await expect(ana.getByTestId('new-ticket-other-user').textContent()).resolves.toBe('Beto Soporte ya atiende a este contacto en la cola Soporte.');
    // Nothing opened for Ana, and what she chose is still in the form.
    expect(ana.url()).not.toContain(newUuid);
    await expect(ana.getByTestId('new-ticket-chosen').textContent()).resolves.toContain(CARLA.name);

    // The alert mute toggle is remembered.
    await ana.locator('.ant-modal-confirm-btns button').click();
    await ana.locator('.ant-modal-footer:visible button', { hasText: 'Cancelar' }).click();
    await ana.getByTestId('new-ticket-save').waitFor({ state: 'detached' });
    await expect(ana.getByTestId('tickets-mute').getAttribute('aria-pressed')).resolves.toBe('false');
    await ana.getByTestId('tickets-mute').click();
    await expect(ana.evaluate(() => localStorage.getItem('ticketsAlertsMuted'))).resolves.toBe('1');
    await ana.reload();
    await expect(ana.getByTestId('tickets-mute').getAttribute('aria-pressed')).resolves.toBe('true');
  });
});
