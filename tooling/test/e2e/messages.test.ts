import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { SUPER, client, createDatabase, startServer, type RunningServer } from '../support/server.js';
import { launchBrowser, recordCspViolations } from '../support/browser.js';
import { signIn } from '../support/ui.js';

const PW = 'Str0ng-pass';
const ADMIN = { email: 'admin@msg.test', password: PW };
const ANA = { email: 'ana@msg.test', password: PW };
const CARLA = { number: '51933333333', name: 'Carla Cliente' };
const ARTIFACTS = path.resolve(import.meta.dirname, '../artifacts');
/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const QUICK_TEXT = 'Hola, gracias por escribir a Tienda MSG. ¿En qué podemos ayudarle?';

/** Polls until `ok(value)` (expect.poll cannot run in beforeAll). */
async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, what: string, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

interface Msg {
  id: number;
  ticketId: number;
  body: string;
  fromMe: boolean;
  ack: number;
  mediaType: string;
}

describe('conversation (message list and input) in Chromium', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let browser: Browser;
  let api: ReturnType<typeof client>;
  let admin: string;
  let wa: number;
  let firstTicket: { id: number; uuid: string };
  let secondTicket: { id: number; uuid: string };
  const contexts: BrowserContext[] = [];

  const customerWrites = async (body: string, media?: { mimetype: string; fileName?: string; dataBase64: string }) => {
    const r = await api.post(`/api/sandbox/${wa}/messages`, { from: CARLA.number, name: CARLA.name, body, ...(media ? { media } : {}) }, admin);
    expect(r.status).toBeLessThan(300);
  };
  const conversation = async (ticketId: number) => {
    const all: Msg[] = [];
    let beforeId: number | undefined;
    for (;;) {
      const r = await api.get<{ messages: Msg[]; hasMore: boolean }>(`/api/messages/${ticketId}${beforeId ? `?beforeId=${beforeId}` : ''}`, admin);
      all.unshift(...r.body.messages);
      if (!r.body.hasMore || !r.body.messages.length) return all;
      beforeId = r.body.messages[0].id;
    }
  };
  const pendingTicket = async () => {
    const r = await api.get<{ tickets: { id: number; uuid: string }[] }>('/api/tickets?status=pending&showAll=true', admin);
    return r.body.tickets[0];
  };

  beforeAll(async () => {
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url });
    browser = await launchBrowser();
    api = client(server.url);

    // All API set-up first: a browser sign-in ends the API session of the same user.
    const sup = (await api.login(SUPER.email, SUPER.password)).token;
    const plan = await api.post('/api/plans', { name: 'MSG', value: 49, users: 3, connections: 1, queues: 1 }, sup);
    expect(plan.status).toBe(201);
    expect((await api.post('/api/companies', { name: 'Tienda MSG', email: ADMIN.email, password: ADMIN.password, planId: plan.body.id }, sup)).status).toBe(201);
    admin = (await api.login(ADMIN.email, ADMIN.password)).token;
    const ventas = (await api.post('/api/queue', { name: 'Ventas', color: '#e91e63', greetingMessage: '' }, admin)).body.id;
    wa = (await api.post('/api/whatsapp', { name: 'Línea MSG', provider: 'sandbox', queueIds: [ventas] }, admin)).body.id;
    expect((await api.post(`/api/whatsappsession/${wa}`, {}, admin)).status).toBe(200);
    await until(async () => (await api.get(`/api/whatsapp/${wa}`, admin)).body.status, (s) => s === 'CONNECTED', 'the sandbox connection');
    expect((await api.post('/api/users', { name: 'Ana Ventas', email: ANA.email, password: ANA.password, queueIds: [ventas] }, admin)).status).toBe(201);
    const ana = (await api.login(ANA.email, ANA.password)).token;
    expect((await api.post('/api/quick-messages', { shortcode: 'saludo', message: QUICK_TEXT }, ana)).status).toBe(201);

    // A first ticket, answered and resolved: the conversation then spans two tickets.
    await customerWrites('Hola, primera consulta');
    firstTicket = await until(pendingTicket, Boolean, 'the first ticket');
    expect((await api.put(`/api/tickets/${firstTicket.id}`, { status: 'open' }, ana)).status).toBe(200);
    expect((await api.post(`/api/messages/${firstTicket.id}`, { body: 'Con gusto le ayudo', sign: true }, ana)).status).toBe(201);
    expect((await api.put(`/api/tickets/${firstTicket.id}`, { status: 'closed' }, ana)).status).toBe(200);

    // The second ticket: a picture and 28 more, so its 30 messages fill the first page exactly.
    await customerWrites('Volví con otra consulta');
    secondTicket = await until(pendingTicket, (t) => !!t && t.id !== firstTicket.id, 'the second ticket');
    await customerWrites('mire esta foto', { mimetype: 'image/png', fileName: 'foto.png', dataBase64: PNG.toString('base64') });
    for (let i = 1; i <= 28; i++) await customerWrites(`detalle ${String(i).padStart(2, '0')}`);
    await until(async () => (await conversation(secondTicket.id)).filter((m) => m.ticketId === secondTicket.id).length, (n) => n === 30, '30 messages', 30_000);
    expect((await conversation(secondTicket.id)).map((m) => m.body).slice(0, 3)).toEqual(['Hola, primera consulta', '*Ana Ventas*:\nCon gusto le ayudo', 'Volví con otra consulta']);
    mkdirSync(ARTIFACTS, { recursive: true });
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
    await db?.drop();
  });

  it('shows the whole conversation, pages older messages in place, and answers with text, quick replies, quotes, files, edit and delete', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const cspViolations = recordCspViolations(page); // media previews, blobs and sockets pass the CSP
    const consoleLog: string[] = [];
    page.on('console', (m) => consoleLog.push(`${m.type()}: ${m.text()}`));
    await signIn(page, server.url, ANA);
    await page.goto(`${server.url}/tickets/${secondTicket.uuid}`);
    await page.locator('[data-testid="ticket-view"][data-state="ready"]').waitFor();
    const list = page.getByTestId('message-list');
    const bubble = (text: string) => list.locator('[data-message-id]', { hasText: text });

    // The first page: the newest 30 (this ticket's), at the bottom; the picture arrives as a blob URL.
    await bubble('detalle 28').waitFor();
    await expect(bubble('Volví con otra consulta').count()).resolves.toBe(1);
    await expect(bubble('Hola, primera consulta').count()).resolves.toBe(0);
    const atBottom = () => list.evaluate((el) => Math.abs(el.scrollHeight - el.clientHeight - el.scrollTop) < 4);
    await expect.poll(atBottom).toBe(true);
    const img = bubble('mire esta foto').locator('img');
    await expect.poll(() => img.getAttribute('src'), { timeout: 10_000 }).toMatch(/^blob:/);
    await expect(img.evaluate((el: HTMLImageElement) => el.naturalWidth)).resolves.toBe(1);

    // Scrolling to the top prepends the older page; what was at the top stays where the agent saw it.
    const anchor = bubble('Volví con otra consulta');
    await list.evaluate((el) => (el.scrollTop = 400));
    const before = (await anchor.boundingBox())!.y;
    await list.evaluate((el) => {
      el.scrollTop = 0;
      el.dispatchEvent(new Event('scroll'));
    });
    await bubble('Hola, primera consulta').waitFor();
    // From the previous ticket, with the separators between the tickets.
    await expect(list.getByTestId('ticket-closed-separator').textContent()).resolves.toBe('Conversación cerrada');
    await expect(list.getByTestId('ticket-started-separator').textContent()).resolves.toBe('Conversación iniciada');
    const after = (await anchor.boundingBox())!.y;
    expect(Math.abs(after - before - 400)).toBeLessThan(60);
    const signed = bubble('Con gusto le ayudo');
    await expect(signed.locator('b').first().textContent()).resolves.toBe('Ana Ventas');
    const [sentBox, receivedBox] = await Promise.all([signed.boundingBox(), bubble('Hola, primera consulta').boundingBox()]);
    expect(sentBox!.x).toBeGreaterThan(receivedBox!.x);

    // Waiting ticket: the input says to accept it.
    const input = page.getByTestId('message-input-text');
    await expect(input.isDisabled()).resolves.toBe(true);
    await expect(input.getAttribute('placeholder')).resolves.toBe('Acepte el ticket para responder');
    await page.getByTestId('ticket-view-accept').click();
    await expect.poll(() => input.isEnabled()).toBe(true);

    // Quick replies after "/" and more, the label cut at 35 characters.
    await input.fill('/sal');
    const option = page.getByTestId('quick-reply-option');
    await option.waitFor();
    await expect(option.getByTestId('quick-reply-label').textContent()).resolves.toBe(' - Hola, gracias por escribir a Tienda…');
    await option.click();
    await expect(input.inputValue()).resolves.toBe(QUICK_TEXT);

    // Enter sends (signed), Shift+Enter breaks the line.
    await input.fill('Perfecto, *reviso* su pedido');
    await input.press('Shift+Enter');
    await input.pressSequentially('un momento');
    await input.press('Enter');
    const mine = bubble('un momento');
    await mine.waitFor();
    // The live copy may show before the HTTP answer empties the box.
    await expect.poll(() => input.inputValue()).toBe('');
    await expect(mine.locator('b').allTextContents()).resolves.toEqual(['Ana Ventas', 'reviso']);
    // Clock first, then at least "sent" once the sandbox took it.
    await expect.poll(async () => Number(await mine.getByTestId('message-ack').getAttribute('data-ack')), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    const outbox = async () => (await api.get<{ body: string; mediaUrl?: string }[]>(`/api/sandbox/${wa}/messages?to=${CARLA.number}`, admin)).body;
    await expect.poll(async () => (await outbox()).map((o) => o.body)).toContain('*Ana Ventas*:\nPerfecto, *reviso* su pedido\nun momento');

    // A message's menu, opened once the previous one has finished closing (two menus can be visible
    // during antd's fade-out, and the item would then be ambiguous).
    const openMenu = async (message: ReturnType<typeof bubble>, item: string) => {
      await expect.poll(() => page.locator('.ant-dropdown:visible').count()).toBe(0);
      await message.locator('[data-testid^="message-menu-"]').click();
      await page.locator('.ant-dropdown:visible').getByText(item).click();
    };

    // Reply to the customer's message with a quote.
    await openMenu(bubble('detalle 28'), 'Responder');
    await expect(page.getByTestId('reply-preview').textContent()).resolves.toContain('detalle 28');
    await input.fill('Respuesta citada');
    await input.press('Enter');
    const quoted = bubble('Respuesta citada');
    await quoted.waitFor();
    await expect(quoted.getByTestId('message-quote').textContent()).resolves.toBe(`${CARLA.name}detalle 28`);
    // Like the input, the preview clears on the HTTP answer, which may come after the live copy.
    await expect.poll(() => page.getByTestId('reply-preview').count()).toBe(0);

    // Edit, then delete own messages.
    await openMenu(quoted, 'Editar');
    await page.getByTestId('message-edit-text').fill('Respuesta corregida');
    await page.getByTestId('message-edit-save').click();
    const edited = bubble('Respuesta corregida');
    await edited.getByTestId('message-edited').waitFor();
    await openMenu(mine, 'Eliminar');
    await page.getByTestId('message-delete-confirm').click();
    await list.getByTestId('message-deleted').waitFor();

    // A picture with a caption, as multipart.
    await page.getByTestId('message-file-input').setInputFiles({ name: 'catalogo.png', mimeType: 'image/png', buffer: PNG });
    await page.getByTestId('attachment-item').waitFor();
    await input.fill('Nuestro catálogo');
    await page.getByTestId('message-send').click();
    const sentPicture = bubble('Nuestro catálogo');
    await sentPicture.waitFor();
    await expect.poll(() => sentPicture.locator('img').getAttribute('src'), { timeout: 10_000 }).toMatch(/^blob:/);
    await expect(page.getByTestId('attachment-item').count()).resolves.toBe(0);
    await expect.poll(async () => (await outbox()).some((o) => o.mediaUrl)).toBe(true);

    // A file dragged from the desktop onto the conversation lands in the input, as real drag events.
    const view = page.getByTestId('ticket-view');
    const files = await page.evaluateHandle(() => {
      const dt = new DataTransfer();
      dt.items.add(new File(['%PDF-1.4 lista'], 'lista.pdf', { type: 'application/pdf' }));
      return dt;
    });
    await view.dispatchEvent('dragenter', { dataTransfer: files });
    await page.getByTestId('ticket-drop-overlay').waitFor();
    await view.dispatchEvent('drop', { dataTransfer: files });
    await page.getByTestId('ticket-drop-overlay').waitFor({ state: 'detached' });
    await expect(page.getByTestId('attachment-item').textContent()).resolves.toContain('lista.pdf');
    await page.getByTestId('attachment-remove').click();
    await expect(page.getByTestId('attachment-item').count()).resolves.toBe(0);

    await page.screenshot({ path: path.join(ARTIFACTS, 'messages-light.png') });
    await page.getByTestId('theme-toggle').click();
    await expect.poll(() => list.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgb(245, 245, 245)');
    const dark = await list.evaluate((el) => getComputedStyle(el).backgroundColor);
    // Dark theme: a dark layout background behind the bubbles.
    const [r, g, b] = dark.match(/\d+/g)!.map(Number);
    expect(r + g + b).toBeLessThan(150);
    await page.screenshot({ path: path.join(ARTIFACTS, 'messages-dark.png') });

    // Contact text is never markup, even live.
    const attack = '<img src=x onerror="window.xssHit=1"> <script>window.xssHit=2</script> javascript:alert(1) https://example.com/x';
    await customerWrites(attack);
    const hostile = bubble('window.xssHit=2');
    await hostile.waitFor({ timeout: 10_000 }).catch(async (err: unknown) => {
      await page.screenshot({ path: path.join(ARTIFACTS, 'messages-failure.png') });
      console.log('console:', consoleLog.join('\n'), 'bubbles:', await list.locator('[data-message-id]').count(), await list.evaluate((el) => el.outerHTML.slice(0, 3000)));
      throw err;
    });
    await expect(hostile.locator('img, script').count()).resolves.toBe(0);
    await expect(hostile.getByTestId('message-text').textContent()).resolves.toBe(attack);
    await expect(hostile.locator('a').getAttribute('href')).resolves.toBe('https://example.com/x');
    await expect(page.evaluate(() => (window as unknown as { xssHit?: number }).xssHit)).resolves.toBeUndefined();

    // A number that is not on WhatsApp: the send fails for good and the bubble says so (ack -1).
    const ghost = '00051999888';
    expect((await api.post(`/api/sandbox/${wa}/messages`, { from: ghost, name: 'Número fantasma', body: 'hola' }, admin)).status).toBeLessThan(300);
    const ghostTicket = await until(pendingTicket, (t) => !!t && t.id !== secondTicket.id, 'the ghost ticket');
    expect((await api.put(`/api/tickets/${ghostTicket.id}`, { status: 'open' }, admin)).status).toBe(200);
    await page.goto(`${server.url}/tickets/${ghostTicket.uuid}`);
    await page.locator('[data-testid="ticket-view"][data-state="ready"]').waitFor();
    expect((await api.post(`/api/messages/${ghostTicket.id}`, { body: 'no llegará' }, admin)).status).toBe(201);
    const lost = bubble('no llegará').getByTestId('message-ack');
    await expect.poll(() => lost.getAttribute('data-ack'), { timeout: 20_000 }).toBe('-1');
    await expect(lost.getAttribute('aria-label')).resolves.toMatch(/^No enviado: /);

    expect(errors).toEqual([]);
    expect(cspViolations).toEqual([]);
  });
});
