import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SUPER, client, createDatabase, eventually, queryDb, sandbox, startServer, twoCompanies, TENANT_PASSWORD, type RunningServer } from '@atende/sdk-server/testing';
import type { Integration } from '@atende/plugin-integrations-contract';
import { launchBrowser } from '../support/browser.js';
import { signIn } from '../support/ui.js';
import { fakeServiceAccount, startWebhookFake } from '../../fakes/index.js';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);

/**
 * The integrations plugin (plugins/integrations) in a real browser: an admin opens Integraciones, is told
 * at once why a loopback URL is refused, creates an n8n integration pointing at the local webhook fake,
 * binds a connection to it in the connection form, and a sandbox customer gets the remote's answer.
 * The list updates live (another tab's delete) and shows in the dark theme. Then every other type's
 * dialog (webhook, Typebot, Dialogflow, Shopify with its options, flowbuilder) is created and edited with
 * its validation errors shown, and the super user allows a host over http in Settings → Platform.
 */
describe('integrations in the browser', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let browser: Browser;
  let webhook: Awaited<ReturnType<typeof startWebhookFake>>;
  let api: ReturnType<typeof client>;
  let admin: string;

  beforeAll(async () => {
    webhook = await startWebhookFake();
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url, env: { OUTBOUND_ALLOW_HOSTS: webhook.host } });
    api = client(server.url);
    // Another admin's token for the API: signing the first admin in the browser ends her API session (one session per user).
    const first = (await twoCompanies(api)).admin;
    expect((await api.post('/api/users', { name: 'Auditor', email: 'auditor@tienda.test', password: TENANT_PASSWORD, profile: 'admin' }, first)).status).toBe(201);
    admin = (await api.login('auditor@tienda.test', TENANT_PASSWORD)).token;
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await db?.drop();
    await webhook?.close();
  });

  it('an admin creates an n8n integration, binds a connection, and a customer gets the remote answer', async () => {
    const phone = sandbox(api, admin);
    const wa = await phone.connect('Línea n8n');
    const page = await (await browser.newContext()).newPage();
    await signIn(page, server.url, { email: 'admin@tienda.test', password: TENANT_PASSWORD });
    await page.getByTestId('menu-queue-integration').click({ timeout: 15_000 });
    await page.getByTestId('integrations-page').waitFor({ timeout: 15_000 });
    await page.getByText('No hay integraciones.').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('integrations-title').textContent()).toBe('Integraciones (0)');

    await page.getByTestId('integrations-add').click();
    // The name's rules, as the spec words them.
    await page.getByTestId('field-name').fill('a');
    await page.getByTestId('integration-save').click();
    await page.getByText('¡Muy corto!').waitFor();
    await page.getByTestId('field-name').fill('Asistente n8n');
    // A loopback URL: the guard says why on blur.
    await page.getByTestId('field-urlN8N').fill('http://127.0.0.1:1/hook');
    await page.getByTestId('field-name').click();
    await page.getByText('Solo se permiten URLs https.').waitFor({ timeout: 15_000 });
    await page.getByTestId('field-urlN8N').fill(`${webhook.url}/n8n`);
    await page.getByTestId('field-name').click();
    await page.getByTestId('integration-save').click();
    const row = page.locator('[data-testid^="integration-row-"]', { hasText: 'Asistente n8n' });
    await row.waitFor({ timeout: 15_000 });
    await row.getByText('Activo').waitFor();
    expect(await row.getByTestId('type-logo-n8n').count()).toBe(1);
    await expect.poll(() => page.getByTestId('integrations-title').textContent()).toBe('Integraciones (1)');
    const [made] = (await api.get('/api/queueIntegration', admin)).body.queueIntegrations;
    expect(made).toMatchObject({ type: 'n8n', name: 'Asistente n8n', urlN8N: `${webhook.url}/n8n` });

    // Bound in the connection form.
    await page.goto(`${server.url}/connections`);
    await page.getByTestId(`connection-edit-${wa}`).click({ timeout: 15_000 });
    await page.getByTestId('connection-integration').click({ timeout: 15_000 });
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Asistente n8n' }).click();
    await page.getByTestId('connection-save').click();
    await eventually(async () => (await api.get(`/api/whatsapp/${wa}`, admin)).body.integrationId === made.id);

    await phone.say(wa, '51977700077', 'hola, ¿tienen stock?', 'Rosa');
    await eventually(async () => (await phone.outbox(wa, '51977700077')).includes('Eco: hola, ¿tienen stock?'), 20_000);

    // Live: a delete from elsewhere leaves the list; dark theme.
    await page.goto(`${server.url}/queue-integration`);
    await row.waitFor({ timeout: 15_000 });
    await page.getByTestId('theme-toggle').click();
    await page.screenshot({ path: 'tooling/test/artifacts/integrations-list-dark.png' });
    await page.getByTestId('theme-toggle').click();
    expect((await api.del(`/api/queueIntegration/${made.id}`, admin)).status).toBe(204);
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(0);
  });
  /** The admin's page on the integrations list (signed in once per test). */
  const adminPage = async () => {
    const page = await (await browser.newContext()).newPage();
    await signIn(page, server.url, { email: 'admin@tienda.test', password: TENANT_PASSWORD });
    await page.goto(`${server.url}/queue-integration`);
    await page.getByTestId('integrations-page').waitFor({ timeout: 15_000 });
    return page;
  };
  /** Picks an option of a select in the dialog (no Escape afterwards: it would close the dialog). */
  const choose = async (page: Page, testId: string, option: string) => {
    await page.getByTestId(testId).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: new RegExp(`^${option}$`) }).first().click();
  };
  const errors = (page: Page, text: string) => page.locator('.ant-modal .ant-form-item-explain-error', { hasText: text });
  const saveDialog = async (page: Page) => {
    await page.getByTestId('integration-save').click();
    await page.getByTestId('integration-form').waitFor({ state: 'detached', timeout: 15_000 });
  };
  const byName = async (name: string) => ((await api.get<{ queueIntegrations: Integration[] }>(`/api/queueIntegration?searchParam=${encodeURIComponent(name)}`, admin)).body.queueIntegrations[0] ?? null);
  const editRow = async (page: Page, name: string) => {
    const row = page.locator('[data-testid^="integration-row-"]', { hasText: name });
    await row.waitFor({ timeout: 15_000 });
    await row.getByTestId('integration-edit').click();
    await page.getByTestId('integration-form').waitFor();
  };

  it('webhook and Typebot dialogs: required fields and refused URLs shown, created and edited', async () => {
    const page = await adminPage();
    // Webhook: the URL is required, and a plain-http address outside the allow-list is refused on blur.
    await page.getByTestId('integrations-add').click();
    await choose(page, 'field-type', 'webhook');
    await page.getByTestId('field-name').fill('Receptor propio');
    await page.getByTestId('integration-save').click();
    await errors(page, 'Obligatorio').first().waitFor();
    await page.getByTestId('field-urlN8N').fill('https://169.254.169.254/latest');
    await page.getByTestId('field-name').click();
    await errors(page, 'La URL apunta a una dirección privada, local o de metadatos.').waitFor({ timeout: 15_000 });
    await page.getByTestId('field-urlN8N').fill(`${webhook.url}/propio`);
    await page.getByTestId('field-name').click();
    await saveDialog(page);
    await eventually(async () => (await byName('Receptor propio'))?.urlN8N === `${webhook.url}/propio`);
    await editRow(page, 'Receptor propio');
    await page.getByTestId('field-name').fill('R');
    await page.getByTestId('integration-save').click();
    await errors(page, '¡Muy corto!').waitFor();
    await page.getByTestId('field-name').fill('Receptor renombrado');
    await saveDialog(page);
    await eventually(async () => (await byName('Receptor renombrado'))?.type === 'webhook');

    // Typebot: URL and slug required; then saved with its settings, and one changed on edit.
    await page.getByTestId('integrations-add').click();
    await choose(page, 'field-type', 'typebot');
    await page.getByTestId('field-name').fill('Bot de ventas');
    await page.getByTestId('integration-save').click();
    await expect.poll(() => errors(page, 'Obligatorio').count()).toBe(2);
    await page.getByTestId('field-urlN8N').fill(webhook.url);
    await page.getByTestId('field-typebotSlug').fill('ventas');
    await page.getByTestId('field-typebotKeywordFinish').fill('salir');
    await saveDialog(page);
    await eventually(async () => (await byName('Bot de ventas'))?.typebotSlug === 'ventas');
    expect(await byName('Bot de ventas')).toMatchObject({ type: 'typebot', urlN8N: webhook.url, typebotKeywordFinish: 'salir', typebotDelayMessage: 1000, typebotExpires: 1 });
    await editRow(page, 'Bot de ventas');
    await page.getByTestId('field-typebotDelayMessage').fill('2500');
    await saveDialog(page);
    await eventually(async () => (await byName('Bot de ventas'))?.typebotDelayMessage === 2500);
    expect((await byName('Bot de ventas'))?.typebotSlug).toBe('ventas');
    await page.context().close();
  });

  it('Dialogflow dialog: required fields, testSession result shown, the credential kept masked on edit', async () => {
    const page = await adminPage();
    await page.getByTestId('integrations-add').click();
    await choose(page, 'field-type', 'dialogflow');
    await page.getByTestId('field-name').fill('Agente soporte');
    await page.getByTestId('integration-save').click();
    await expect.poll(() => errors(page, 'Obligatorio').count()).toBe(2); // project and JSON (the language has its default)
    await page.getByTestId('field-projectName').fill('agente-soporte');
    await page.getByTestId('field-jsonContent').fill('{"client_email":"x"}');
    await page.getByTestId('dialogflow-test').click();
    await page.getByTestId('dialogflow-test-result').getByText(/^La sesión falló: /).waitFor({ timeout: 15_000 });
    await page.getByTestId('field-jsonContent').fill(fakeServiceAccount('agente-soporte').json);
    await saveDialog(page);
    await eventually(async () => (await byName('Agente soporte'))?.jsonContent === '***');
    await editRow(page, 'Agente soporte');
    await page.getByText('Guardado (cifrado). Escribe otro para reemplazarlo.').waitFor();
    await page.getByTestId('field-projectName').fill('agente-soporte-2');
    await saveDialog(page);
    await eventually(async () => (await byName('Agente soporte'))?.projectName === 'agente-soporte-2');
    const [row] = await queryDb(db.url, `select secret from integrations_integrations where name = 'Agente soporte'`);
    expect(row.secret).toMatch(/^v1:/);
    await page.context().close();
  });

  it('Shopify dialog: domain and connection required; options with keywords; an option image uploaded, a bad one toasted', async () => {
    const wa = await sandbox(api, admin).connect('Línea tienda');
    const page = await adminPage();
    await page.getByTestId('integrations-add').click();
    await choose(page, 'field-type', 'shopify');
    await page.getByTestId('field-name').fill('Mi tienda online');
    await page.getByTestId('integration-save').click();
    await expect.poll(() => errors(page, 'Obligatorio').count()).toBe(2);
    await page.getByTestId('field-urlShopify').fill(webhook.url);
    await choose(page, 'field-whatsappId', 'Línea tienda');
    await page.getByTestId('field-shopToken').fill('shpat_e2e');
    await page.getByTestId('option-add').click();
    // An option without keywords is refused; an unsaved option cannot have an image yet.
    await page.getByTestId('integration-save').click();
    await errors(page, 'Obligatorio').first().waitFor();
    await page.getByTestId('shopify-option-0').locator('input[type=file]').setInputFiles({ name: 'envio.png', mimeType: 'image/png', buffer: PNG });
    await page.getByText('Guarda la integración para subir la imagen de esta opción.').waitFor();
    await page.getByTestId('option-keywords-0').fill('envío, despacho');
    await page.getByTestId('option-description-0').fill('Enviamos en 48 horas');
    await saveDialog(page);
    await eventually(async () => (await byName('Mi tienda online'))?.shopifyOptions.length === 1);
    const saved = (await byName('Mi tienda online'))!;
    expect(saved).toMatchObject({ type: 'shopify', urlShopify: webhook.url, whatsappId: wa, jsonContent: '***' });
    expect(saved.shopifyOptions[0]).toMatchObject({ keywords: 'envío, despacho', description: 'Enviamos en 48 horas' });

    await editRow(page, 'Mi tienda online');
    await page.getByTestId('shopify-option-0').locator('input[type=file]').setInputFiles({ name: 'envio.png', mimeType: 'image/png', buffer: PNG });
    await page.getByTestId('option-image-0').waitFor({ timeout: 15_000 });
    await eventually(async () => !!(await byName('Mi tienda online'))?.shopifyOptions[0]?.image);
    // Not an image (the server checks the content): the option image's own toast.
    await page.getByTestId('shopify-option-0').locator('input[type=file]').setInputFiles({ name: 'falsa.png', mimeType: 'image/png', buffer: Buffer.from('no soy una imagen') });
    await page.getByText('Error al subir la imagen de la opción').waitFor({ timeout: 15_000 });
    await page.getByTestId('option-add').click();
    await page.getByTestId('option-keywords-1').fill('tallas');
    await page.getByTestId('option-description-1').fill('Guía de tallas');
    await saveDialog(page);
    await eventually(async () => (await byName('Mi tienda online'))?.shopifyOptions.length === 2);
    const edited = (await byName('Mi tienda online'))!;
    expect(edited.shopifyOptions.map((o) => o.keywords)).toEqual(['envío, despacho', 'tallas']);
    expect(edited.shopifyOptions[0]!.image).toBeTruthy();
    expect(edited.jsonContent).toBe('***');
    await page.context().close();
  });

  it('flowbuilder dialog: the flow is required, then chosen from the company flows', async () => {
    const flow = await api.post<{ id: number }>('/api/flowbuilder', { name: 'Bienvenida web' }, admin);
    expect(flow.status).toBe(201);
    const page = await adminPage();
    await page.getByTestId('integrations-add').click();
    await choose(page, 'field-type', 'flowbuilder');
    await page.getByTestId('field-name').fill('Flujo de bienvenida');
    await page.getByTestId('integration-save').click();
    await errors(page, 'Obligatorio').waitFor();
    await choose(page, 'field-flowId', 'Bienvenida web');
    await saveDialog(page);
    await eventually(async () => (await byName('Flujo de bienvenida'))?.flowId === flow.body.id);
    await page.context().close();
  });

  it("the super user allows a host over http in Settings → Platform; the admin's dialog then accepts it", async () => {
    const page = await (await browser.newContext()).newPage();
    await signIn(page, server.url, { email: SUPER.email, password: SUPER.password });
    await page.getByTestId('menu-settings').click();
    await page.getByTestId('settings-tab-platform').click();
    await page.getByTestId('global-outboundAllowHosts').fill('http://mal');
    await page.getByText('Algún host no es válido').waitFor();
    expect(await page.getByTestId('global-outboundAllowHosts-save').isDisabled()).toBe(true);
    await page.getByTestId('global-outboundAllowHosts').fill(' 93.184.216.34 ');
    await page.getByTestId('global-outboundAllowHosts-save').click();
    await eventually(async () => (await queryDb(db.url, `select value from global_settings where key = 'outboundAllowHosts'`))[0]?.value === '93.184.216.34');
    await page.context().close();

    const tab = await adminPage();
    await tab.getByTestId('integrations-add').click();
    await choose(tab, 'field-type', 'webhook');
    await tab.getByTestId('field-name').fill('Por http permitido');
    await tab.getByTestId('field-urlN8N').fill('http://93.184.216.34/hook');
    await tab.getByTestId('field-name').click();
    await saveDialog(tab);
    await eventually(async () => (await byName('Por http permitido'))?.urlN8N === 'http://93.184.216.34/hook');
    await tab.context().close();
  });
});
