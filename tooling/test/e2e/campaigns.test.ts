import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { client, createDatabase, queryDb, sandbox, startServer, twoCompanies, TENANT_PASSWORD, type RunningServer } from '@atende/sdk-server/testing';
import { launchBrowser } from '../support/browser.js';
import { choose, signIn } from '../support/ui.js';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/**
 * The campaigns plugin (plugins/campaigns) in a real browser: an admin creates a campaign for a small
 * contact list on /difusiones, sends it now through the sandbox connection, opens its report and sees
 * it reach FINALIZADA with every message delivered; the settings tab shows the saved intervals.
 */
describe('campaigns in the browser', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let browser: Browser;
  let wa: number;
  let listId: number;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url });
    api = client(server.url);
    const { admin } = await twoCompanies(api);
    wa = await sandbox(api, admin).connect('Sandbox difusión');
    // No pause between messages: the journey, not the pacing (the plugin's server test covers that).
    expect((await api.post('/api/campaign-settings', { settings: { messageInterval: 0, longerIntervalAfter: 0 } }, admin)).status).toBe(200);
    const list = await api.post('/api/contact-lists', { name: 'Clientes E2E' }, admin);
    listId = list.body.id;
    for (const [name, number] of [
      ['Ana', '51970000001'],
      ['Bruno', '51970000002'],
      ['Carla', '51970000003'],
    ]) {
      expect((await api.post('/api/contact-list-items', { name, number, contactListId: list.body.id }, admin)).status).toBe(201);
    }
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await db?.drop();
  });

  it('creates a campaign for a small list, sends it now and sees the report reach FINALIZADA', async () => {
    // A browser in UTC, the company in America/Lima: the form's times are the company's, and say so.
    const page = await (await browser.newContext({ timezoneId: 'UTC' })).newPage();
    await signIn(page, server.url, { email: 'admin@tienda.test', password: TENANT_PASSWORD });
    await page.getByTestId('menu-difusiones').click();
    await page.getByTestId('campaigns-tab').waitFor({ timeout: 15_000 });
    await page.getByText('Todavía no hay campañas.').waitFor({ timeout: 15_000 });
    expect(await page.locator('thead').getByTestId('campaigns-zone-column').textContent()).toBe('Programada para (America/Lima)');

    await page.getByTestId('campaigns-add').click();
    await page.getByTestId('campaign-name').fill('Promo de verano');
    await choose(page, 'campaign-whatsapp', 'Sandbox difusión');
    await choose(page, 'campaign-list', 'Clientes E2E (3)');
    // Scheduling is the default; the proposed time is two hours ahead on Lima's clock (UTC-5), not the browser's.
    expect(await page.getByTestId('campaign-schedule-type').locator('input[value="schedule"]').isChecked()).toBe(true);
    expect(await page.getByTestId('campaign-zone').textContent()).toBe('Hora de la empresa (America/Lima)');
    const lima = (ms: number) => new Date(ms - 5 * 3600_000).toISOString().slice(0, 16);
    const before = lima(Date.now() + 2 * 3600_000);
    const proposed = await page.getByTestId('campaign-scheduled-at').inputValue();
    expect([before, lima(Date.now() + 2 * 3600_000)]).toContain(proposed);

    // Variant tabs say which are filled; the preview shows the variant with its image.
    expect(await page.getByTestId('campaign-tab-message1').getAttribute('data-filled')).toBe('false');
    await page.getByTestId('campaign-message1').fill('Hola {name}, tenemos ofertas');
    await expect.poll(() => page.getByTestId('campaign-tab-message1').getAttribute('data-filled')).toBe('true');
    expect(await page.getByTestId('campaign-tab-message2').getAttribute('data-filled')).toBe('false');
    expect(await page.getByTestId('campaign-preview-text').textContent()).toBe('Hola Ana, tenemos ofertas');
    await page.locator('.ant-modal input[type=file]').setInputFiles({ name: 'oferta.png', mimeType: 'image/png', buffer: PNG });
    await page.getByTestId('campaign-preview-image').waitFor({ timeout: 5000 });
    expect(await page.getByTestId('campaign-preview-image').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await page.screenshot({ path: 'tooling/test/artifacts/campaigns-preview.png' });
    // This broadcast goes as text: the file is taken off again, and the preview follows.
    await page.locator('.ant-modal').getByRole('button', { name: 'Eliminar' }).click();
    await page.getByTestId('campaign-preview-image').waitFor({ state: 'detached', timeout: 5000 });

    // "Send now" asks first, with the count; cancelling saves nothing.
    await page.getByTestId('campaign-schedule-type').getByText('Enviar ahora').click();
    await page.getByTestId('campaign-save').click();
    const ask = page.locator('.ant-modal-confirm-body');
    await ask.getByText('¿Enviar ahora a 3 contactos?').waitFor({ timeout: 5000 });
    await page.getByTestId('confirm-cancel').click();
    await ask.waitFor({ state: 'detached', timeout: 5000 });
    expect((await queryDb(db.url, `select count(*)::int as n from campaigns`))[0]!.n).toBe(0);
    await page.getByTestId('campaign-save').click();
    await ask.getByText('¿Enviar ahora a 3 contactos?').waitFor({ timeout: 5000 });
    expect(await page.getByTestId('confirm-ok').textContent()).toBe('Enviar ahora');
    await page.getByTestId('confirm-ok').click();

    const row = page.locator('[data-testid^="campaign-row-"]', { hasText: 'Promo de verano' });
    await row.waitFor({ timeout: 15_000 });
    await row.getByTestId('campaign-report').click();
    await page.getByTestId('campaign-report-title').filter({ hasText: 'Promo de verano' }).waitFor({ timeout: 15_000 });
    await page.getByTestId('campaign-report-status').filter({ hasText: 'Finalizada' }).waitFor({ timeout: 60_000 });
    await page.getByTestId('campaign-report-summary').filter({ hasText: '3 de 3 mensajes entregados' }).waitFor({ timeout: 15_000 });
    await page.getByTestId('campaign-report-list').filter({ hasText: 'Clientes E2E' }).waitFor();
    // Issue 38 item 8: who got which variant, and how it went; a CSV of everyone.
    const ana = page.getByTestId('campaign-recipient-51970000001');
    await expect.poll(() => ana.textContent(), { timeout: 15_000 }).toMatch(/51970000001.*Ana.*Mensaje 1.*Entregado/);
    expect(await page.locator('[data-testid^="campaign-recipient-5197"]').count()).toBe(3);
    await choose(page, 'campaign-recipients-status', 'Falló');
    await expect.poll(() => page.locator('[data-testid^="campaign-recipient-5197"]').count(), { timeout: 10_000 }).toBe(0);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('campaign-recipients-csv').click()]);
    const csv = (await new Promise<string>((resolve, reject) => {
      void download.createReadStream().then((stream) => {
        const parts: Buffer[] = [];
        stream.on('data', (c: Buffer) => parts.push(c));
        stream.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
        stream.on('error', reject);
      }, reject);
    })).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(download.suggestedFilename()).toMatch(/^campaign-\d+-recipients\.csv$/);
    expect(csv[0]).toBe('Número,Nombre,Variante,Estado,Motivo del fallo,Enviado,Entregado');
    expect(csv.slice(1).map((l) => l.split(',').slice(0, 4).join(','))).toEqual(['51970000001,Ana,1,delivered', '51970000002,Bruno,1,delivered', '51970000003,Carla,1,delivered']);
    await page.screenshot({ path: 'tooling/test/artifacts/campaigns-report.png' });
    const sent = await queryDb(db.url, `select to_number, body from sandbox_outbox where whatsapp_id = $1 order by to_number`, [wa]);
    expect(sent.map((r) => r.body)).toEqual(['Hola Ana, tenemos ofertas', 'Hola Bruno, tenemos ofertas', 'Hola Carla, tenemos ofertas']);

    // Back on the page, the settings tab shows the company's intervals; dark theme stays readable.
    await page.goto(`${server.url}/difusiones?tab=settings`);
    await page.getByTestId('campaign-settings-tab').waitFor({ timeout: 15_000 });
    await page.getByTestId('theme-toggle').click();
    await page.waitForTimeout(600); // the theme's colour transition
    await page.screenshot({ path: 'tooling/test/artifacts/campaigns-settings-dark.png' });
  });

  it('stops a running campaign only after a labelled button and a confirmation', async () => {
    const admin = (await api.login('admin@tienda.test', TENANT_PASSWORD)).token;
    // A slow pace, so the campaign is still running when the admin stops it.
    expect((await api.post('/api/campaign-settings', { settings: { messageInterval: 60 } }, admin)).status).toBe(200);
    const created = await api.post('/api/campaigns', { name: 'Lenta', message1: 'Hola {name}', contactListId: listId, recipientType: 'contacts', whatsappId: wa, scheduleType: 'now' }, admin);
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const status = async () => (await queryDb(db.url, `select status from campaigns where id = $1`, [id]))[0]!.status;
    await expect.poll(status, { timeout: 15_000 }).toBe('EM_ANDAMENTO');

    const page = await (await browser.newContext()).newPage();
    await signIn(page, server.url, { email: 'admin@tienda.test', password: TENANT_PASSWORD });
    await page.getByTestId('menu-difusiones').click();
    const row = page.getByTestId(`campaign-row-${id}`);
    const stop = row.getByTestId('campaign-stop');
    await stop.waitFor({ timeout: 15_000 });
    expect((await stop.textContent())?.trim()).toBe('Detener');
    await stop.click();
    const ask = page.locator('.ant-modal-confirm-body');
    await ask.getByText('¿Detener la campaña «Lenta»?').waitFor({ timeout: 5000 });
    await ask.getByText('Los mensajes que faltan no se enviarán; podrás reanudarla después.').waitFor();
    await page.getByTestId('confirm-cancel').click();
    await ask.waitFor({ state: 'detached', timeout: 5000 });
    expect(await status()).toBe('EM_ANDAMENTO');
    await stop.click();
    expect(await page.getByTestId('confirm-ok').textContent()).toBe('Detener');
    await page.getByTestId('confirm-ok').click();
    await row.getByTestId('campaign-status').filter({ hasText: 'Cancelada' }).waitFor({ timeout: 10_000 });
    expect(await status()).toBe('CANCELADA');
  });
});
