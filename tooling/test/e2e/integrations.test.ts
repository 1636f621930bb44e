import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { client, createDatabase, eventually, sandbox, startServer, twoCompanies, TENANT_PASSWORD, type RunningServer } from '@atende/sdk-server/testing';
import { launchBrowser } from '../support/browser.js';
import { signIn } from '../support/ui.js';
import { startWebhookFake } from '../../fakes/index.js';

/**
 * The integrations plugin (plugins/integrations) in a real browser: an admin opens Integraciones, is told
 * at once why a loopback URL is refused, creates an n8n integration pointing at the local webhook fake,
 * binds a connection to it in the connection form, and a sandbox customer gets the remote's answer.
 * The list updates live (another tab's delete) and shows in the dark theme.
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
});
