import { readFile, mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { SUPER, client, createDatabase, startServer, type RunningServer } from '../support/server.js';
import { launchBrowser } from '../support/browser.js';
import { signIn, signOut } from '../support/ui.js';
import { eventually } from '../support/wait.js';

const PW = 'Str0ng-pass';
const ADMIN = { email: 'admin@contactos.test', password: PW };
const AGENT = { email: 'agente@contactos.test', password: PW };
const ARTIFACTS = 'tooling/test/artifacts';
/** A contact that exists before the import: the sheet's row with this number must be refused. */
const EXISTING = { name: 'Cliente Antiguo', number: '51900000099' };
/**
 * The sandbox phone's address book: two new numbers and the existing contact's (under another name,
 * which the import must not apply to a contact that already has one).
 */
const PHONE_BOOK = [
  { number: '51944400001', name: 'Pedro del Teléfono' },
  { number: '51944400002', name: 'Rosa del Teléfono' },
  { number: EXISTING.number, name: 'Antiguo en el teléfono' },
];

/** Relative luminance of a CSS rgb()/rgba() colour (0 black … 1 white). */
function luminance(css: string): number {
  const [r, g, b] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

/** An .xlsx written the way people do: Spanish headers, a phone typed as a number, good and bad rows. */
async function contactSheet(file: string) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Contactos');
  ws.addRow(['Nombre', 'Número', 'Correo']);
  ws.addRow(['Ana Importada', '+51 911 111 111', 'ana@clientes.test']);
  ws.addRow(['Bruno Importado', 51922222222, '']);
  ws.addRow(['Corto', '1234', '']); // number under 8 digits
  ws.addRow(['Mal Correo', '51933333333', 'no-es-correo']);
  ws.addRow(['Repetido', EXISTING.number, '']); // the company already has it
  await wb.xlsx.writeFile(file);
}

async function cardBackground(page: Page) {
  return page.getByTestId('contacts-page').evaluate((el) => getComputedStyle(el).backgroundColor);
}

describe('contacts page in Chromium', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let browser: Browser;
  let dir: string;

  beforeAll(async () => {
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url });
    browser = await launchBrowser();
    dir = path.join(os.tmpdir(), `atende-contacts-e2e-${process.pid}`);
    await mkdir(dir, { recursive: true });
    await mkdir(ARTIFACTS, { recursive: true });

    // All API work before any browser sign-in: signing in there ends the API session of the same user.
    const api = client(server.url);
    const sup = (await api.login(SUPER.email, SUPER.password)).token;
    const plan = await api.post('/api/plans', { name: 'Contactos', value: 49, users: 3, connections: 1, queues: 2 }, sup);
    expect(plan.status).toBe(201);
    const company = await api.post('/api/companies', { name: 'Contactos SAC', email: ADMIN.email, password: ADMIN.password, planId: plan.body.id }, sup);
    expect(company.status).toBe(201);
    const admin = (await api.login(ADMIN.email, ADMIN.password)).token;
    expect((await api.post('/api/contacts', EXISTING, admin)).status).toBe(201);
    expect((await api.post('/api/users', { name: 'Ana Agente', email: AGENT.email, password: AGENT.password }, admin)).status).toBe(201);

    // A connected sandbox connection, the company's default, whose phone reports its address book.
    const connection = await api.post('/api/whatsapp', { name: 'Teléfono Contactos', provider: 'sandbox', isDefault: true }, admin);
    expect(connection.status).toBe(201);
    expect(connection.body).toMatchObject({ provider: 'sandbox', isDefault: true });
    const wa = connection.body.id as number;
    expect((await api.post(`/api/whatsappsession/${wa}`, {}, admin)).status).toBe(200);
    await eventually(async () => (await api.get(`/api/whatsapp/${wa}`, admin)).body.status === 'CONNECTED', 20_000);
    const book = await api.post(`/api/sandbox/${wa}/contacts`, { contacts: PHONE_BOOK }, admin);
    expect(book.status).toBe(202);
    // Accepted at once, stored in the background: wait until the connection's phone book holds every entry.
    const sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
    try {
      const stored = async () => (await sql.query('select count(*)::int as n from channel_contacts where whatsapp_id = $1', [wa])).rows[0].n as number;
      await eventually(async () => (await stored()) === PHONE_BOOK.length);
    } finally {
      await sql.end();
    }
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await db?.drop();
  });

  it('admin: imports an .xlsx with good and bad rows, finds an imported contact, exports it as CSV, in light and dark', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 }, acceptDownloads: true })).newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, server.url, ADMIN);
    await page.getByTestId('menu-contacts').click();
    await page.waitForURL(/\/contacts$/);
    await page.getByTestId('contacts-page').waitFor();
    await page.locator('[data-testid^="contact-row-"]', { hasText: EXISTING.name }).waitFor();

    // The client refuses anything but .xlsx before sending it.
    const csv = path.join(dir, 'contactos.csv');
    await writeFile(csv, 'name,number\nX,51900000000\n');
    await page.getByTestId('contacts-import-input').setInputFiles(csv);
    await page.getByText('Solo se aceptan archivos .xlsx.').waitFor();
    await expect(page.getByTestId('contacts-import-created').count()).resolves.toBe(0);

    const xlsx = path.join(dir, 'contactos.xlsx');
    await contactSheet(xlsx);
    await page.getByTestId('contacts-import-input').setInputFiles(xlsx);
    const created = page.getByTestId('contacts-import-created');
    await created.getByText('Ana Importada').waitFor();
    await expect(created.textContent()).resolves.toContain('Bruno Importado');
    await expect(created.locator('[data-testid^="contacts-import-created-"]').count()).resolves.toBe(2);
    const refused = page.getByTestId('contacts-import-errors');
    await expect(refused.locator('[data-testid^="contacts-import-error-"]').count()).resolves.toBe(3);
    const refusedText = (await refused.textContent()) ?? '';
    expect(refusedText).toContain('Corto');
    expect(refusedText).toContain('El teléfono debe tener al menos 8 dígitos');
    expect(refusedText).toContain('Mal Correo');
    expect(refusedText).toContain('Correo electrónico inválido');
    expect(refusedText).toContain('Repetido');
    expect(refusedText).toContain('Ya existe un contacto con este número.');
    await page.screenshot({ path: path.join(ARTIFACTS, 'contacts-import-light.png') }).catch(() => undefined);
    await page.getByTestId('contacts-import-close').click();
    await created.waitFor({ state: 'hidden' });

    // The search finds the imported contact with its digits-only number and e-mail.
    await page.getByTestId('contacts-search').fill('Importada');
    const row = page.locator('[data-testid^="contact-row-"]', { hasText: 'Ana Importada' });
    await row.waitFor();
    await expect.poll(() => page.locator('[data-testid^="contact-row-"]').count()).toBe(1);
    await expect(row.textContent()).resolves.toContain('51911111111');
    await expect(row.textContent()).resolves.toContain('ana@clientes.test');
    // An admin may delete (the button exists; nothing is deleted here).
    await expect(row.locator('[data-testid^="contact-delete-"]').count()).resolves.toBe(1);

    // CSV export through the API client (bearer token), saved as a download.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('contacts-export').click()]);
    expect(download.suggestedFilename()).toBe('contactos.csv');
    const file = path.join(dir, 'export.csv');
    await download.saveAs(file);
    const exported = await readFile(file, 'utf8');
    expect(exported).toMatch(/^\uFEFF?name,number,email/);
    expect(exported).toContain('Ana Importada,51911111111,ana@clientes.test');
    expect(exported).toContain('Bruno Importado,51922222222');
    expect(exported).toContain(`${EXISTING.name},${EXISTING.number}`);
    expect(exported).not.toContain('Corto');

    // Light, then dark: the page follows the theme.
    const light = await cardBackground(page);
    expect(luminance(light)).toBeGreaterThan(0.8);
    await page.getByTestId('theme-toggle').click();
    await expect(page.evaluate(() => document.documentElement.dataset.theme)).resolves.toBe('dark');
    await expect.poll(async () => luminance(await cardBackground(page))).toBeLessThan(0.3);
    await page.getByTestId('contacts-add').click();
    await page.getByTestId('contact-name').waitFor();
    const modalBg = await page.locator('.ant-modal-container, .ant-modal-content').first().evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(luminance(modalBg)).toBeLessThan(0.3);
    await page.screenshot({ path: path.join(ARTIFACTS, 'contacts-modal-dark.png') }).catch(() => undefined);
    await page.getByTestId('contact-cancel').click();
    await page.getByTestId('theme-toggle').click();
    await expect(page.evaluate(() => document.documentElement.dataset.theme)).resolves.toBe('light');

    expect(errors).toEqual([]);
    await signOut(page);
    await page.context().close();
  });

  it('admin: tags (quick popover, dialog, display/edit) and a quick message with an attachment, in dark', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, server.url, ADMIN);
    await page.getByTestId('theme-toggle').click();
    await expect(page.evaluate(() => document.documentElement.dataset.theme)).resolves.toBe('dark');

    await page.getByTestId('menu-tags').click();
    await page.getByTestId('tags-page').waitFor();
    await page.getByText('Aún no hay etiquetas.').waitFor();
    await page.getByTestId('tags-quick-add').click();
    await page.getByTestId('tag-quick-name').fill('VI');
    await page.getByTestId('tag-quick-save').click();
    await page.getByText('Mensaje muy corto').waitFor();
    await page.getByTestId('tag-quick-name').fill('VIP');
    await page.getByTestId('tag-quick-save').click();
    await page.locator('[data-testid^="tag-chip-"]', { hasText: 'VIP' }).waitFor();
    // The full dialog, with the kanban toggle an admin is offered.
    await page.getByTestId('tags-add').click();
    await page.getByTestId('tag-name').fill('Reclamo');
    await page.getByTestId('tag-kanban').click();
    await page.getByTestId('tag-save').click();
    await page.locator('[data-testid^="tag-chip-"]', { hasText: 'Reclamo' }).waitFor();
    await page.getByTestId('tags-mode-edit').click();
    const reclamo = page.locator('[data-testid^="tag-row-"]', { hasText: 'Reclamo' });
    await reclamo.waitFor();
    await expect(reclamo.locator('[data-testid^="tag-kanban-flag-"]').textContent()).resolves.toBe('Sí');
    expect(luminance(await page.getByTestId('tags-page').evaluate((el) => getComputedStyle(el).backgroundColor))).toBeLessThan(0.3);
    await page.screenshot({ path: path.join(ARTIFACTS, 'tags-dark.png') }).catch(() => undefined);

    await page.getByTestId('menu-quick-messages').click();
    await page.getByTestId('quick-messages-page').waitFor();
    await page.getByTestId('qm-add').click();
    await page.getByTestId('qm-save').click();
    await page.getByText('Obligatorio').waitFor();
    await page.getByTestId('qm-shortcode').fill('precios');
    await page.getByTestId('qm-message').fill('Le envío la lista de precios.');
    await page.getByTestId('qm-geral').check();
    const pdf = path.join(dir, 'lista de precios.pdf');
    await writeFile(pdf, '%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    await page.getByTestId('qm-file-input').setInputFiles(pdf);
    await expect(page.getByTestId('qm-file-name').textContent()).resolves.toBe('lista_de_precios.pdf');
    await page.getByTestId('qm-save').click();
    const qm = page.locator('[data-testid^="qm-row-"]', { hasText: '/precios' });
    await qm.waitFor();
    await expect.poll(() => qm.textContent()).toContain('lista_de_precios.pdf');
    // Saved and uploaded: the dialog closes.
    await page.getByTestId('qm-shortcode').waitFor({ state: 'hidden' });
    await expect(qm.textContent()).resolves.toContain('Compartida');
    await page.screenshot({ path: path.join(ARTIFACTS, 'quick-messages-dark.png') }).catch(() => undefined);

    await page.getByTestId('theme-toggle').click();
    await expect(page.evaluate(() => document.documentElement.dataset.theme)).resolves.toBe('light');
    expect(luminance(await page.getByTestId('quick-messages-page').evaluate((el) => getComputedStyle(el).backgroundColor))).toBeGreaterThan(0.8);
    await page.screenshot({ path: path.join(ARTIFACTS, 'quick-messages-light.png') }).catch(() => undefined);
    expect(errors).toEqual([]);
    await signOut(page);
    await page.context().close();
  });

  it('an agent sees the contacts and may edit, but is offered no delete; a shared quick message is read-only', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    await signIn(page, server.url, AGENT);
    await page.goto(`${server.url}/contacts`);
    const row = page.locator('[data-testid^="contact-row-"]', { hasText: EXISTING.name });
    await row.waitFor();
    await expect(row.locator('[data-testid^="contact-edit-"]').count()).resolves.toBe(1);
    await expect(page.locator('[data-testid^="contact-delete-"]').count()).resolves.toBe(0);
    // The admin's shared quick message is there for the agent, without edit or delete.
    await page.getByTestId('menu-quick-messages').click();
    const shared = page.locator('[data-testid^="qm-row-"]', { hasText: '/precios' });
    await shared.waitFor();
    await expect(shared.locator('[data-testid^="qm-edit-"], [data-testid^="qm-delete-"]').count()).resolves.toBe(0);
    await page.context().close();
  });

  it('admin: imports the default connection’s phone book from the button, live for everyone; an agent is not offered it', async () => {
    const row = (p: Page, name: string) => p.locator('[data-testid^="contact-row-"]', { hasText: name });
    const [pedro, rosa] = PHONE_BOOK;

    // An agent has the contacts open: no phone import for them, but the new contacts will reach them live.
    const agentPage = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    await signIn(agentPage, server.url, AGENT);
    await agentPage.goto(`${server.url}/contacts`);
    await row(agentPage, EXISTING.name).waitFor();
    await agentPage.getByTestId('contacts-import').waitFor();
    await expect(agentPage.getByTestId('contacts-import-phone').count()).resolves.toBe(0);

    const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, server.url, ADMIN);
    await page.getByTestId('menu-contacts').click();
    await page.waitForURL(/\/contacts$/);
    await row(page, EXISTING.name).waitFor();
    const rows = page.locator('[data-testid^="contact-row-"]');
    const before = await rows.count();
    await expect(row(page, pedro.name).count()).resolves.toBe(0);

    // The button asks first; confirming imports the numbers that are not contacts yet.
    await page.getByTestId('contacts-import-phone').click();
    await page.getByText('Se crearán contactos con los números de la agenda del teléfono').waitFor();
    await page.getByTestId('contacts-import-phone-confirm').click();
    await page.getByText('2 contactos importados').waitFor();
    await page.getByTestId('contacts-import-phone-confirm').waitFor({ state: 'hidden' });

    // The new contacts join the list without reloading the page; the existing one keeps its name, once.
    await row(page, pedro.name).waitFor();
    await row(page, rosa.name).waitFor();
    await expect.poll(() => rows.count()).toBe(before + 2);
    await expect(page.evaluate(() => document.documentElement.dataset.theme)).resolves.toBe('light');
    await page.screenshot({ path: path.join(ARTIFACTS, 'contacts-phone-import-light.png') }).catch(() => undefined);
    await expect(row(page, pedro.name).textContent()).resolves.toContain(pedro.number);
    await expect(row(page, EXISTING.number).count()).resolves.toBe(1);
    await expect(row(page, EXISTING.number).textContent()).resolves.toContain(EXISTING.name);
    await expect(row(page, 'Antiguo en el teléfono').count()).resolves.toBe(0);

    // The agent's open list read itself again on the server's single reload event.
    await row(agentPage, pedro.name).waitFor();
    await row(agentPage, rosa.name).waitFor();
    await expect.poll(() => agentPage.locator('[data-testid^="contact-row-"]').count()).toBe(before + 2);
    await expect(agentPage.getByTestId('contacts-import-phone').count()).resolves.toBe(0);

    // Importing again finds nothing new and duplicates nothing.
    await page.getByTestId('contacts-import-phone').click();
    await page.getByTestId('contacts-import-phone-confirm').click();
    await page.getByText('0 contactos importados').waitFor();
    await expect(rows.count()).resolves.toBe(before + 2);

    expect(errors).toEqual([]);
    await signOut(page);
    await page.context().close();
    await agentPage.context().close();
  });
});
