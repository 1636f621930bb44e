import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { client, createDatabase, startServer, twoCompanies, TENANT_PASSWORD, type RunningServer } from '@atende/sdk-server/testing';
import { launchBrowser } from '../support/browser.js';
import { signIn } from '../support/ui.js';

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Contactos');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/**
 * The campaigns plugin's contact lists (plugins/campaigns, in plugins/installed.json) in a real browser:
 * a company admin creates a list on /difusiones, opens it, adds a contact by hand, imports a small
 * spreadsheet (one bad row) with its progress bar and result, and sees the rows in the list.
 */
describe('contact lists in the browser', () => {
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

  it('creates a list, adds an item, imports a small xlsx and sees the rows', async () => {
    const page = await (await browser.newContext()).newPage();
    await signIn(page, server.url, { email: 'admin@tienda.test', password: TENANT_PASSWORD });
    await page.getByTestId('menu-difusiones').click();
    // Campaigns is the page's first tab; contact lists the second.
    await page.getByRole('tab', { name: 'Listas de contactos' }).click();
    await page.getByTestId('contact-lists-tab').waitFor({ timeout: 15_000 });
    await page.getByText('Todavía no hay listas de contactos.').waitFor({ timeout: 15_000 });

    await page.getByTestId('contact-lists-add').click();
    await page.getByTestId('contact-list-name').fill('Clientes 2026');
    await page.getByTestId('contact-list-save').click();
    const row = page.locator('[data-testid^="contact-list-row-"]', { hasText: 'Clientes 2026' });
    await row.waitFor({ timeout: 15_000 });
    await row.getByTestId('contact-list-open').click();

    await page.getByTestId('contact-items-page').waitFor({ timeout: 15_000 });
    await page.getByTestId('contact-items-title').filter({ hasText: 'Clientes 2026' }).waitFor();
    await page.getByText('La lista no tiene contactos.').waitFor({ timeout: 15_000 });

    // By hand, with the form's rules first: a number too short is refused before anything is sent.
    await page.getByTestId('contact-items-add').click();
    await page.getByTestId('contact-item-name').fill('Ana Pérez');
    await page.getByTestId('contact-item-number').fill('123');
    await page.getByTestId('contact-item-save').click();
    await page.locator('.ant-form-item-explain-error').first().waitFor();
    await page.getByTestId('contact-item-number').fill('+51 987 654 321');
    await page.getByTestId('contact-item-save').click();
    const ana = page.locator('[data-testid^="contact-item-row-"]', { hasText: 'Ana Pérez' });
    await ana.waitFor({ timeout: 15_000 });
    expect(await ana.locator('td').nth(1).textContent()).toBe('51987654321');

    // A small sheet: two good rows and two refused (a number already in the list, a number that is not one).
    const sheet = await xlsx([
      ['Nombre', 'Número', 'Email'],
      ['Bruno Díaz', '51911122233', 'bruno@example.com'],
      ['Carla Ruiz', '5511987654321', ''],
      ['Ana otra vez', '51987654321', ''],
      ['Diego Letras', 'abc', ''],
    ]);
    await page.getByTestId('contact-items-import').click();
    await page.getByTestId('contact-import').locator('input[type=file]').setInputFiles({
      name: 'contactos.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: sheet,
    });
    await page.getByTestId('contact-import-file').filter({ hasText: 'contactos.xlsx' }).waitFor();
    await page.getByTestId('contact-import-start').click();
    await page.getByTestId('contact-import-progress').waitFor({ timeout: 15_000 });
    await page.getByTestId('contact-import-result').filter({ hasText: '2 de 4 contactos creados.' }).waitFor({ timeout: 15_000 });
    const errors = page.getByTestId('contact-import-errors');
    await errors.filter({ hasText: 'Número: repetido en la planilla o ya en la lista' }).waitFor();
    // One clear message per problem: "abc" is not a phone number (not "required; too short").
    const diego = errors.locator('div', { hasText: 'Diego Letras' }).last();
    expect(await diego.textContent()).toContain('Número: no es un número de teléfono (solo dígitos, con código de país)');
    expect(await diego.textContent()).not.toContain(';');
    // A finished import shows a full bar beside its check.
    expect(await page.getByTestId('contact-import-progress').getAttribute('aria-valuenow')).toBe('100');
    await page.screenshot({ path: 'tooling/test/artifacts/contact-lists-import.png' });
    await page.getByTestId('contact-import-close').click();

    for (const name of ['Ana Pérez', 'Bruno Díaz', 'Carla Ruiz']) {
      await page.locator('[data-testid^="contact-item-row-"]', { hasText: name }).waitFor({ timeout: 15_000 });
    }
    expect(await page.locator('[data-testid^="contact-item-row-"]').count()).toBe(3);
    await page.getByText('3 contactos', { exact: true }).waitFor({ timeout: 15_000 });

    // The dark theme keeps the page readable.
    await page.getByTestId('theme-toggle').click();
    await page.waitForTimeout(600); // the theme's colour transition
    await page.screenshot({ path: 'tooling/test/artifacts/contact-lists-items-dark.png' });

    // Back on the tab, the list shows its count.
    await page.getByText('Volver a las listas').click();
    await page.locator('[data-testid^="contact-list-row-"]', { hasText: 'Clientes 2026' }).locator('td', { hasText: /^3$/ }).waitFor({ timeout: 15_000 });
  });
});
