import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { client, createDatabase, startServer, twoCompanies, TENANT_PASSWORD, type RunningServer } from '@atende/sdk-server/testing';
import { launchBrowser } from '../support/browser.js';
import { signIn, signOut } from '../support/ui.js';

const texts = (page: Page) => page.getByTestId('todo-text').allTextContents();

/**
 * The to-do plugin (plugins/todo, in plugins/installed.json) in a real browser: add, edit and delete
 * tasks, the list survives a reload, blank text is ignored, and another user on the same browser
 * gets their own list (the storage key holds the company and the user).
 */
describe('to-do list in the browser', () => {
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

  it('adds, edits and deletes tasks that survive a reload, per user', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, server.url, { email: 'admin@tienda.test', password: TENANT_PASSWORD });
    await page.getByTestId('menu-todolist').click();
    await page.getByTestId('todo-page').waitFor({ timeout: 15_000 });

    const input = page.getByTestId('todo-input');
    await input.fill('Llamar a Ana');
    await input.press('Enter');
    await input.fill('   ');
    await input.press('Enter');
    expect(await page.getByTestId('todo-add').isDisabled()).toBe(true);
    await input.fill('Enviar presupuesto');
    await page.getByTestId('todo-add').click();
    await expect.poll(() => texts(page)).toEqual(['Llamar a Ana', 'Enviar presupuesto']);

    await page.getByTestId('todo-item').first().getByTestId('todo-edit').click();
    await page.getByTestId('todo-edit-input').fill('Llamar a Ana el lunes');
    await page.getByTestId('todo-save').click();
    await expect.poll(() => texts(page)).toEqual(['Llamar a Ana el lunes', 'Enviar presupuesto']);

    await page.getByTestId('todo-item').nth(1).getByTestId('todo-delete').click();
    await page.locator('.ant-popconfirm .ant-btn-primary').click();
    await expect.poll(() => texts(page)).toEqual(['Llamar a Ana el lunes']);

    await page.reload();
    await page.getByTestId('todo-page').waitFor({ timeout: 15_000 });
    await expect.poll(() => texts(page)).toEqual(['Llamar a Ana el lunes']);
    await page.screenshot({ path: 'tooling/test/artifacts/todo.png' });

    // Another user on the same browser: an empty list of their own; the first one's is still there after.
    await signOut(page);
    await signIn(page, server.url, { email: 'admin@otra.test', password: TENANT_PASSWORD });
    await page.goto(`${server.url}/todolist`);
    await page.getByTestId('todo-page').waitFor({ timeout: 15_000 });
    expect(await texts(page)).toEqual([]);
    await signOut(page);
    await signIn(page, server.url, { email: 'admin@tienda.test', password: TENANT_PASSWORD });
    await page.goto(`${server.url}/todolist`);
    await expect.poll(() => texts(page), { timeout: 15_000 }).toEqual(['Llamar a Ana el lunes']);
    await context.close();
  });
});
