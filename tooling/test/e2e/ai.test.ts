import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SUPER, TENANT_PASSWORD, client, createDatabase, eventually, sandbox, startServer, twoCompanies, type RunningServer } from '@atende/sdk-server/testing';
import { launchBrowser, recordCspViolations } from '../support/browser.js';
import { choose, signIn } from '../support/ui.js';

/**
 * The AI plugin in a real browser (issue 31): an admin creates a prompt on /prompts, binds it to a queue in
 * the queue form's "IA" tab, and a simulated customer (sandbox) on a connection of that queue gets the
 * assistant's answer, from the local fake OpenAI-compatible server (tooling/fakes/openai).
 */
const FAKE = fileURLToPath(new URL('../../fakes/openai/server.mjs', import.meta.url));
const PROMPT = 'Eres el asistente de la Tienda. Respondes con amabilidad y en pocas palabras sobre horarios y productos.';

describe('AI prompts in the browser', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let browser: Browser;
  let fake: ChildProcess;
  let fakeHost: string;
  let api: ReturnType<typeof client>;
  let admin: string;
  let ventas: number;
  let wa: number;

  beforeAll(async () => {
    fake = spawn(process.execPath, [FAKE, '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
    const port = await new Promise<number>((resolve) => {
      let out = '';
      fake.stdout!.on('data', (c: Buffer) => {
        out += c.toString();
        const m = /listening (\d+)/.exec(out);
        if (m) resolve(Number(m[1]));
      });
    });
    fakeHost = `127.0.0.1:${port}`;
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url, env: { OUTBOUND_ALLOW_HOSTS: fakeHost }, bootTimeoutMs: 180_000 });
    api = client(server.url);
    const { admin: first, companyId } = await twoCompanies(api);
    // The browser signs the first admin in (one session per user): the API uses a second admin.
    expect((await api.post('/api/users', { name: 'Auditor', email: 'auditor@tienda.test', password: TENANT_PASSWORD, profile: 'admin' }, first)).status).toBe(201);
    admin = (await api.login('auditor@tienda.test', TENANT_PASSWORD)).token;
    const sup = (await api.login(SUPER.email, SUPER.password)).token;
    expect((await api.put('/api/settings/global/ai.openai_base_url', { value: `http://${fakeHost}/v1` }, sup)).status).toBe(200);
    expect((await api.put('/api/ai/config', { apiKey: 'sk-demo' }, sup)).status).toBe(200);
    expect((await api.put(`/api/companies/${companyId}`, { creditos: 20 }, sup)).status).toBe(200);
    ventas = (await api.post('/api/queue', { name: 'Ventas', color: '#e91e63' }, admin)).body.id;
    wa = await sandbox(api, admin).connect('Sandbox IA', { queueIds: [ventas] });
    browser = await launchBrowser();
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await db?.drop();
    fake?.kill();
  });

  it('creates a prompt, binds the queue, and the customer gets the AI answer', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const csp = recordCspViolations(page);
    await signIn(page, server.url, { email: 'admin@tienda.test', password: TENANT_PASSWORD });

    await page.goto(`${server.url}/prompts`);
    await page.getByTestId('ai-prompts-page').waitFor({ timeout: 15_000 });
    await page.getByText('Todavía no hay prompts.').waitFor();
    await page.getByTestId('ai-credits-balance').getByText('20 créditos').waitFor();

    await page.getByTestId('ai-prompt-add').click();
    await page.getByTestId('ai-prompt-name').fill('Asis');
    await page.getByTestId('ai-prompt-text').fill('corto');
    await page.getByRole('button', { name: 'Agregar', exact: true }).click();
    await page.getByText('Entre 5 y 100 caracteres').waitFor();
    await page.getByText('Al menos 50 caracteres').waitFor();
    await page.getByText('Elige una fila').waitFor();
    await page.getByTestId('ai-prompt-name').fill('Asistente de ventas');
    await page.getByTestId('ai-prompt-text').fill(PROMPT);
    await choose(page, 'ai-prompt-queue', 'Ventas');
    await page.getByRole('button', { name: 'Agregar', exact: true }).click();
    await page.locator('.ant-table-row', { hasText: 'Asistente de ventas' }).waitFor();
    await expect(page.locator('.ant-table-row', { hasText: 'Asistente de ventas' }).innerText()).resolves.toContain('100');
    const promptId = (await api.get('/api/prompt', admin)).body.prompts[0].id as number;

    // The queue's "IA" tab binds it.
    await page.getByTestId('menu-queues').click();
    await page.getByTestId(`queue-edit-${ventas}`).click();
    await page.getByTestId('queue-tab-plugin-ai').click();
    await choose(page, 'queue-prompt', 'Asistente de ventas');
    await page.getByTestId('queue-save').click();
    await eventually(async () => (await api.get(`/api/queue/${ventas}`, admin)).body.promptId === promptId);

    // A simulated customer writes: the assistant answers (the fake echoes), one credit spent.
    await sandbox(api, admin).say(wa, '51977712345', '¿abren el domingo?', 'Ana');
    await eventually(async () => (await sandbox(api, admin).outbox(wa, '51977712345')).includes('[fake] ¿abren el domingo?'), 20_000);
    await eventually(async () => (await api.get('/api/credits/balance', admin)).body.data.balance === 19);

    // The answer shows in the conversation the agents see.
    const ticket = (await api.get<{ tickets: { uuid: string; contact: { name: string } }[] }>('/api/tickets?status=pending&showAll=true', admin)).body.tickets.find((t) => t.contact.name === 'Ana')!;
    await page.goto(`${server.url}/tickets/${ticket.uuid}`);
    await page.getByTestId('message-text').filter({ hasText: '[fake] ¿abren el domingo?' }).first().waitFor({ timeout: 15_000 });

    expect(errors).toEqual([]);
    expect(csp).toEqual([]);
    await page.context().close();
  }, 120_000);
});
