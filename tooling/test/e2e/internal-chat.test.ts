import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { client, createDatabase, startServer, twoCompanies, TENANT_PASSWORD, type RunningServer } from '@atende/sdk-server/testing';
import { launchBrowser } from '../support/browser.js';
import { choose, signIn } from '../support/ui.js';

/**
 * The internal chat plugin (plugins/internal-chat, in plugins/installed.json) in a real browser: two
 * agents in two browser contexts. A makes a chat with B and writes; B, elsewhere in the app, sees the
 * drawer's unread badge appear, opens the chat, reads the message (the badge goes), answers with a
 * two-line message (Shift+Enter), and A sees it arrive without reloading. Only the owner may edit.
 */
describe('internal chat in the browser', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url });
    const api = client(server.url);
    const { admin } = await twoCompanies(api);
    const r = await api.post('/api/users', { name: 'Beto Agente', email: 'beto@tienda.test', password: TENANT_PASSWORD }, admin);
    if (r.status !== 201) throw new Error(`user: ${r.status} ${JSON.stringify(r.body)}`);
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await db?.drop();
  });

  it('two agents chat live, with the unread badge on the drawer entry', async () => {
    const a = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    const b = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await signIn(a, server.url, { email: 'admin@tienda.test', password: TENANT_PASSWORD });
    await signIn(b, server.url, { email: 'beto@tienda.test', password: TENANT_PASSWORD });
    await b.getByTestId('menu-chats').waitFor({ timeout: 15_000 });
    expect(await b.getByTestId('menu-chats').getByTestId('plugin-menu-badge').count()).toBe(0);

    // A creates the chat with B (the dialog's validation first).
    await a.getByTestId('menu-chats').click();
    await a.getByTestId('chats-page').waitFor({ timeout: 15_000 });
    await a.getByTestId('chat-new').click();
    await a.getByTestId('chat-dialog-save').click();
    await a.getByText('Elige al menos un usuario').waitFor();
    await a.getByTestId('chat-dialog-title').fill('Turno de noche');
    await choose(a, 'chat-dialog-users', 'Beto Agente');
    await a.getByTestId('chat-dialog-save').click();
    await expect.poll(() => a.getByTestId('chat-title').textContent(), { timeout: 15_000 }).toBe('Turno de noche');
    expect(await a.getByTestId('chat-edit').count()).toBe(1);

    await a.getByTestId('chat-input').fill('Hola Beto, ¿cubres el turno?');
    await a.getByTestId('chat-input').press('Enter');
    await a.getByTestId('chat-message').filter({ hasText: 'Hola Beto, ¿cubres el turno?' }).waitFor({ timeout: 15_000 });
    expect(await a.getByTestId('chat-input').inputValue()).toBe('');

    // B, on another screen, sees the unread badge arrive live.
    await expect.poll(() => b.getByTestId('menu-chats').getByTestId('plugin-menu-badge').textContent(), { timeout: 15_000 }).toContain('1');
    await b.screenshot({ path: 'tooling/test/artifacts/internal-chat-badge.png' });
    await b.getByTestId('menu-chats').click();
    const item = b.locator('[data-testid^="chat-item-"]', { hasText: 'Turno de noche' });
    await item.waitFor({ timeout: 15_000 });
    expect(await item.getByTestId('chat-item-unread').textContent()).toContain('1');
    await item.click();
    await b.getByTestId('chat-message').filter({ hasText: 'Hola Beto, ¿cubres el turno?' }).waitFor({ timeout: 15_000 });
    // Read: the list's and the drawer's badges go.
    await expect.poll(() => item.getByTestId('chat-item-unread').count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => b.getByTestId('menu-chats').getByTestId('plugin-menu-badge').count(), { timeout: 15_000 }).toBe(0);
    // Not the owner: no edit or delete.
    expect(await b.getByTestId('chat-edit').count()).toBe(0);
    expect(await b.getByTestId('chat-delete').count()).toBe(0);

    // B answers on two lines (Shift+Enter), Enter sends; A sees it without reloading.
    const input = b.getByTestId('chat-input');
    await input.fill('Sí, yo lo cubro');
    await input.press('Shift+Enter');
    await input.pressSequentially('hasta las 6');
    expect(await input.inputValue()).toBe('Sí, yo lo cubro\nhasta las 6');
    await input.press('Enter');
    await b.getByTestId('chat-message').filter({ hasText: 'hasta las 6' }).waitFor({ timeout: 15_000 });
    await a.getByTestId('chat-message').filter({ hasText: 'Sí, yo lo cubro' }).waitFor({ timeout: 15_000 });
    expect(await a.getByTestId('chat-message').filter({ hasText: 'hasta las 6' }).innerText()).toContain('Beto Agente');
    await a.screenshot({ path: 'tooling/test/artifacts/internal-chat-live.png' });
    // A had the chat open: read as it arrived, so no badge for A.
    await expect.poll(() => a.getByTestId('menu-chats').getByTestId('plugin-menu-badge').count(), { timeout: 15_000 }).toBe(0);

    // The address names the open chat: a reload opens it again.
    expect(new URL(b.url()).pathname).toMatch(/^\/chats\/[0-9a-f-]{36}$/);
    await b.reload();
    await expect.poll(() => b.getByTestId('chat-title').textContent(), { timeout: 15_000 }).toBe('Turno de noche');

    // Small screens: two tabs (chats, messages) instead of two panes.
    await b.setViewportSize({ width: 480, height: 800 });
    await b.getByRole('tab', { name: 'Chats' }).click();
    await item.waitFor({ state: 'visible', timeout: 15_000 });
    await item.click();
    await expect.poll(() => b.getByRole('tab', { name: 'Mensajes' }).getAttribute('aria-selected')).toBe('true');
    await b.getByTestId('chat-message').filter({ hasText: 'hasta las 6' }).waitFor({ state: 'visible' });
  });
});
