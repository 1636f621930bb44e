import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { client, createDatabase, eventually, queryDb, sandbox, startServer, twoCompanies, TENANT_PASSWORD, type RunningServer } from '@atende/sdk-server/testing';
import { launchBrowser } from '../support/browser.js';
import { signIn } from '../support/ui.js';

/** The API as the signed-in page calls it (signing in through the API would end the browser's session). */
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

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

/**
 * The file lists plugin (plugins/files, in plugins/installed.json) in a real browser: a company admin
 * creates a list with one option and its uploaded PDF, sees it listed, and finds the stored file when
 * editing it again.
 */
describe('file lists in the browser', () => {
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

  it('creates a list with one uploaded option and sees it listed', async () => {
    const page = await (await browser.newContext()).newPage();
    await signIn(page, server.url, { email: 'admin@tienda.test', password: TENANT_PASSWORD });
    await page.getByTestId('menu-files').click();
    await page.getByTestId('files-page').waitFor({ timeout: 15_000 });
    await page.getByText('No hay listas de archivos.').waitFor({ timeout: 15_000 });

    await page.getByTestId('files-add').click();
    // The spec's rules before anything is sent: name of 3 or more, message required.
    await page.getByTestId('file-name').fill('ab');
    await page.getByTestId('file-save').click();
    await page.locator('.ant-form-item-explain-error').first().waitFor();
    await page.getByTestId('file-name').fill('Catálogo 2026');
    await page.getByTestId('file-message').fill('Aquí tienes nuestro catálogo');
    await page.getByTestId('file-add-option').click();
    await page.getByTestId('file-option-0').getByTestId('file-option-name').fill('Precios');
    await page.getByTestId('file-option-0').locator('input[type=file]').setInputFiles({ name: 'precios.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByTestId('file-option-picked').filter({ hasText: 'precios.pdf' }).waitFor();
    await page.getByTestId('file-save').click();

    const row = page.locator('[data-testid^="file-row-"]', { hasText: 'Catálogo 2026' });
    await row.waitFor({ timeout: 15_000 });
    await expect.poll(() => page.locator('.ant-modal').filter({ visible: true }).count(), { timeout: 15_000 }).toBe(0);
    expect(await row.locator('td').nth(1).textContent()).toBe('1');
    await page.screenshot({ path: 'tooling/test/artifacts/files-list.png' });

    // Editing (in the dark theme) shows the stored file.
    await page.getByTestId('theme-toggle').click();
    await row.getByTestId('file-edit').click();
    await page.getByTestId('file-option-media').filter({ hasText: 'precios.pdf' }).waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('file-option-0').getByTestId('file-option-name').inputValue()).toBe('Precios');
    await page.screenshot({ path: 'tooling/test/artifacts/files-dialog-dark.png' });

    // Stored through the Media port: the option carries the kernel's media path and the checked type
    // (asked last: signing in again through the API may end the browser's session).
    const id = Number((await row.getAttribute('data-testid'))!.replace('file-row-', ''));
    const api = client(server.url);
    const { token } = await api.login('admin@tienda.test', TENANT_PASSWORD);
    const saved = await api.get(`/api/files/${id}`, token);
    expect(saved.body.options).toEqual([expect.objectContaining({ name: 'Precios', mediaType: 'application/pdf', fileName: 'precios.pdf', path: expect.stringMatching(/^\/api\/media\/.+\.pdf$/) })]);
  });

  it('sends a file list from the ticket toolbar into the conversation (issue 38 item 11)', async () => {
    // Set up through the API first (one session per user: the browser's sign-in comes after).
    const api = client(server.url);
    const { token } = await api.login('admin@tienda.test', TENANT_PASSWORD);
    const phone = sandbox(api, token);
    const wa = await phone.connect('Tienda archivos');
    await phone.say(wa, '51922000333', 'quiero el catálogo', 'Rosa');
    const ticket = await eventually(async () => (await queryDb(db.url, 'select id, uuid from tickets where whatsapp_id = $1', [wa]))[0] ?? null);
    expect((await api.put(`/api/tickets/${ticket.id}`, { status: 'open' }, token)).status).toBe(200);

    const page = await (await browser.newContext()).newPage();
    await signIn(page, server.url, { email: 'admin@tienda.test', password: TENANT_PASSWORD });
    await page.goto(`${server.url}/tickets/${ticket.uuid}`);
    await page.getByTestId('files-send-open').click({ timeout: 20_000 });
    await page.getByTestId('files-send-select').click();
    await page.locator('.ant-select-item-option', { hasText: 'Catálogo 2026' }).click();
    await page.getByTestId('files-send-preview').filter({ hasText: 'Precios' }).waitFor({ timeout: 15_000 });
    await page.screenshot({ path: 'tooling/test/artifacts/files-send-dialog.png' });
    await page.getByTestId('files-send-ok').click();
    await page.getByText('2 mensaje(s) enviados.').waitFor({ timeout: 15_000 });
    // The message and the captioned file are in the conversation, stored as the agent's.
    await page.getByText('Aquí tienes nuestro catálogo').first().waitFor({ timeout: 15_000 });
    const rows = await queryDb(db.url, 'select body, media_url from messages where ticket_id = $1 and from_me order by id', [ticket.id]);
    expect(rows.map((r: { body: string }) => r.body)).toEqual(['Aquí tienes nuestro catálogo', 'Precios']);
    expect(rows[1].media_url).toBeTruthy();
  });

  it('a quick reply carries a file list: attached in the quick message dialog, sent with its text from the message input (issue 38 item 11)', async () => {
    const api = client(server.url);
    const { token } = await api.login('admin@tienda.test', TENANT_PASSWORD);
    const phone = sandbox(api, token);
    const wa = await phone.connect('Tienda respuestas');
    await phone.say(wa, '51922000444', '¿tienen catálogo?', 'Luis');
    const ticket = await eventually(async () => (await queryDb(db.url, 'select id, uuid from tickets where whatsapp_id = $1', [wa]))[0] ?? null);
    expect((await api.put(`/api/tickets/${ticket.id}`, { status: 'open' }, token)).status).toBe(200);

    const page = await (await browser.newContext()).newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, server.url, { email: 'admin@tienda.test', password: TENANT_PASSWORD });
    await page.getByTestId('menu-quick-messages').click();
    await page.getByTestId('qm-add').click();
    await page.getByTestId('qm-shortcode').fill('catalogo');
    await page.getByTestId('qm-message').fill('Le comparto nuestro catálogo');
    // The files plugin's picker in the dialog's zone: choose the list, the dialog shows it.
    await page.getByTestId('qm-filelist-attach').click({ timeout: 20_000 });
    await page.getByTestId('qm-filelist-select').click({ timeout: 15_000 });
    await page.locator('.ant-select-item-option', { hasText: 'Catálogo 2026' }).click();
    await page.getByTestId('qm-plugin-attachment').filter({ hasText: 'Catálogo 2026' }).waitFor();
    await page.screenshot({ path: 'tooling/test/artifacts/files-quick-reply-dialog.png' });
    await page.getByTestId('qm-save').click();
    await page.getByTestId('qm-modal').waitFor({ state: 'hidden' });
    await page.locator('[data-testid^="qm-plugin-attachment-"]', { hasText: 'Catálogo 2026' }).waitFor({ timeout: 15_000 });

    // In the conversation: "/cat" offers it with the list's name; choosing it sends at once.
    await page.goto(`${server.url}/tickets/${ticket.uuid}`);
    const text = page.getByTestId('message-input-text');
    await expect.poll(() => text.isEnabled(), { timeout: 20_000 }).toBe(true);
    await text.fill('/cat');
    const option = page.getByTestId('quick-reply-option').filter({ hasText: '/catalogo' });
    await option.getByTestId('quick-reply-attachment').filter({ hasText: 'Catálogo 2026' }).waitFor({ timeout: 15_000 });
    await option.click();
    await page.getByText('Aquí tienes nuestro catálogo').first().waitFor({ timeout: 15_000 });
    await expect.poll(() => text.inputValue()).toBe('');
    const rows = await eventually(async () => {
      const r = await queryDb(db.url, 'select body, media_url from messages where ticket_id = $1 and from_me order by id', [ticket.id]);
      return r.length >= 3 ? r : null;
    });
    expect(rows.map((r: { body: string }) => r.body)).toEqual([expect.stringContaining('Le comparto nuestro catálogo'), 'Aquí tienes nuestro catálogo', 'Precios']);
    expect(rows[2].media_url).toBeTruthy();
    const outbox = async () => ((await pageApi(page, 'GET', `/sandbox/${wa}/messages?to=51922000444`)).body as { body: string }[]).map((m) => m.body);
    await expect.poll(async () => (await outbox()).length, { timeout: 20_000 }).toBe(3);
    expect(errors).toEqual([]);
  });

  it('a flow gets a file-list step from the + menu, and a simulated customer receives the list (issue 38 item 11)', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, server.url, { email: 'admin@tienda.test', password: TENANT_PASSWORD });
    await page.goto(`${server.url}/flowbuilders`);
    await page.getByTestId('flows-add').click({ timeout: 15_000 });
    await page.getByTestId('flow-name-input').fill('Enviar catálogo');
    await page.getByTestId('flow-name-ok').click();
    await page.waitForURL((u) => /^\/flowbuilder\/\d+$/.test(u.pathname), { timeout: 15_000 });
    const flowId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.locator('.react-flow__node[data-id="1"]').waitFor({ timeout: 15_000 });

    // The files plugin's step is in the + menu; its editor picks one of the company's lists.
    await page.locator('.ant-float-btn-group-trigger').click();
    await page.getByTestId('flow-add-fileList').click({ timeout: 15_000 });
    await page.getByTestId('flow-filelist-select').click({ timeout: 15_000 });
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Catálogo 2026' }).click();
    await page.getByTestId('editor-ok').click();
    const step = page.locator('.react-flow__node-fileList');
    await step.getByText('Catálogo 2026').waitFor();
    await expect.poll(() => page.locator('.react-flow__edge').count()).toBe(1);
    await page.screenshot({ path: 'tooling/test/artifacts/files-flow-step.png' });
    await page.getByTestId('flow-save').click();
    await page.getByText('Flujo guardado con éxito').waitFor();
    const saved = (await pageApi(page, 'GET', `/flowbuilder/flow/${flowId}`)).body.flow.flow as { nodes: { type: string; data: Record<string, unknown> }[] };
    expect(saved.nodes.find((n) => n.type === 'fileList')?.data).toMatchObject({ name: 'Catálogo 2026', fileListId: expect.any(Number) });

    // A simulated customer on a connection bound to the flow gets the list's message and its file.
    // The plan allows two connections: the quick reply test's one (no queues) gets the flow.
    const wa = ((await pageApi(page, 'GET', '/whatsapp')).body as { id: number; name: string }[]).find((c) => c.name === 'Tienda respuestas')!.id;
    expect((await pageApi(page, 'PUT', `/whatsapp/${wa}`, { bindings: { flowId } })).status).toBe(200);
    expect((await pageApi(page, 'POST', `/sandbox/${wa}/messages`, { from: '51922000555', name: 'Marta', body: 'hola' })).status).toBeLessThan(300);
    const outbox = async () => ((await pageApi(page, 'GET', `/sandbox/${wa}/messages?to=51922000555`)).body as { body: string }[]).map((m) => m.body);
    await expect.poll(outbox, { timeout: 20_000 }).toEqual(['Aquí tienes nuestro catálogo', 'Precios']);
    expect(errors).toEqual([]);
  });
});
