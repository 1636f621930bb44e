import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { wavTone } from '../../fakes/openai/server.mjs';
import { SUPER, TENANT_PASSWORD, client, createDatabase, eventually, sandbox, startServer, twoCompanies, type RunningServer } from '@atende/sdk-server/testing';
import { launchBrowser, recordCspViolations } from '../support/browser.js';
import { choose, signIn } from '../support/ui.js';

/**
 * The AI plugin in a real browser (issue 31): an admin creates a prompt on /prompts, binds it to a queue in
 * the queue form's "IA" tab, and a simulated customer (sandbox) on a connection of that queue gets the
 * assistant's answer, from the local fake OpenAI-compatible server (tooling/fakes/openai). Then the
 * image generator (generate → history → download), the Credits dialog (balance, reports of 7/30/90
 * days), the dashboard's "credits left" card, the transcription button on a voice bubble, and the super
 * user's Credits tab (costs, key, allowed models).
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
  const balance = async () => (await api.get('/api/credits/balance', admin)).body.data.balance as number;

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

  it('generates an image, finds it in the history and downloads it; the Credits dialog and the dashboard card show what it cost', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 }, acceptDownloads: true })).newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const csp = recordCspViolations(page);
    await signIn(page, server.url, { email: 'admin@tienda.test', password: TENANT_PASSWORD });
    const before = await balance();

    // The image generator (header button): the form's rule, then a generation against the fake.
    await page.getByTestId('ai-images-open').click();
    await page.getByTestId('ai-image-prompt').fill('gato');
    await page.getByTestId('ai-image-generate').click();
    await page.getByText('El prompt debe tener al menos 10 caracteres').waitFor();
    await page.getByTestId('ai-image-prompt').fill('Un gato naranja en una tienda');
    await page.getByTestId('ai-image-generate').click();
    await page.getByText('Imagen generada').waitFor({ timeout: 20_000 });
    // Auto size and quality cost as a medium square (commercial-admin §9: 6).
    await eventually(async () => (await balance()) === before - 6);
    await page.getByRole('tab', { name: /^Historial \(\d+\)$/ }).click();
    const item = page.locator('.ant-list-item', { hasText: 'Un gato naranja en una tienda' }).first();
    await item.getByText('Completada').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), item.getByRole('button', { name: 'Descargar' }).click()]);
    // The history is the user's own: the browser's user's image, named by its id.
    expect(download.suggestedFilename()).toMatch(/^imagen-\d+\.png$/);
    const png = await readFile((await download.path())!);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    await page.keyboard.press('Escape');
    await page.locator('.ant-modal:visible').waitFor({ state: 'detached' }).catch(() => undefined);

    // The Credits dialog: the balance, then the reports from the ledger for each period.
    const left = await balance();
    await page.getByTestId('ai-credits-open').click();
    await expect.poll(async () => (await page.getByTestId('ai-credits-dialog-balance').textContent()) ?? '').toContain(String(left));
    await page.getByRole('tab', { name: 'Reportes' }).click();
    const dialog = page.locator('.ant-modal:visible');
    for (const days of ['7 días', '30 días', '90 días']) {
      await dialog.getByText(days, { exact: true }).click();
      await dialog.locator('.ant-table-row', { hasText: 'Generación de imagen' }).waitFor();
      await expect(dialog.locator('.ant-table-row', { hasText: 'Generación de imagen' }).first().innerText()).resolves.toContain('6');
      await dialog.locator('.ant-table-row', { hasText: 'Mensaje GPT' }).first().waitFor();
    }
    await expect(dialog.locator('.ant-statistic', { hasText: 'Total consumido' }).innerText()).resolves.toContain(String(20 - left));
    await page.keyboard.press('Escape');

    // The dashboard's cards end with the AI's "credits left" (this company's plan has useOpenAi).
    await page.goto(`${server.url}/dashboard`);
    const card = page.getByTestId('ai-credits-card');
    await card.getByText('Créditos restantes').waitFor({ timeout: 15_000 });
    await expect(card.locator('.ant-statistic-content-value').innerText()).resolves.toBe(String(left));
    await expect(page.getByTestId('ai-credits-card-state').innerText()).resolves.toBe(left <= 10 ? 'Crítico' : left <= 50 ? 'Bajo' : 'Bueno');

    expect(errors).toEqual([]);
    expect(csp).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('transcribes a voice note from its bubble, paid once', async () => {
    const plain = await sandbox(api, admin).connect('Sandbox voz');
    const number = '51977700001';
    const sent = await api.post(`/api/sandbox/${plain}/messages`, { from: number, name: 'Beto', body: '', media: { mimetype: 'audio/wav', fileName: 'nota.wav', dataBase64: wavTone(3).toString('base64') } }, admin);
    expect(sent.status).toBe(202);
    const ticket = await eventually(async () =>
      (await api.get<{ tickets: { id: number; uuid: string; contact: { name: string } }[] }>('/api/tickets?status=pending&showAll=true', admin)).body.tickets.find((t) => t.contact.name === 'Beto'),
    );
    const note = await eventually(async () => (await api.get<{ messages: { id: number; mediaType: string }[] }>(`/api/messages/${ticket!.id}`, admin)).body.messages.find((m) => m.mediaType === 'audio'));
    const before = await balance();

    const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, server.url, { email: 'admin@tienda.test', password: TENANT_PASSWORD });
    await page.goto(`${server.url}/tickets/${ticket!.uuid}`);
    const bubble = page.getByTestId(`message-${note!.id}`);
    await bubble.waitFor({ timeout: 15_000 });
    await bubble.getByTestId(`message-menu-${note!.id}`).click();
    await page.getByTestId('ai-transcribe').click();
    const shown = page.locator('.ant-modal-confirm', { hasText: 'Transcripción' });
    await shown.getByText('transcripción de prueba').waitFor({ timeout: 15_000 });
    // Three seconds: one started minute, the spec's 2 credits.
    await eventually(async () => (await balance()) === before - 2);
    await shown.getByRole('button').click();
    // Again: the stored text, free.
    await expect.poll(() => page.locator('.ant-dropdown:visible').count()).toBe(0);
    await bubble.getByTestId(`message-menu-${note!.id}`).click();
    await page.getByTestId('ai-transcribe').click();
    await page.locator('.ant-modal-confirm', { hasText: 'transcripción de prueba' }).waitFor();
    expect(await balance()).toBe(before - 2);

    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);

  it("the super user's Credits tab edits the costs, the platform key (never shown) and the allowed models, and processes bonuses", async () => {
    const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, server.url, { email: SUPER.email, password: SUPER.password });
    await page.goto(`${server.url}/settings`);
    await page.getByRole('tab', { name: 'Créditos' }).click();
    const tab = page.getByTestId('ai-credits-tab');
    await tab.waitFor({ timeout: 15_000 });
    await expect(page.getByTestId('ai-platform-key-state').innerText()).resolves.toBe('Configurada');

    // A cost: saved when the field is left.
    const cost = page.getByTestId('ai-cost-gpt4o_message');
    await expect(cost.inputValue()).resolves.toBe('1');
    await cost.fill('2');
    await cost.press('Tab');
    await eventually(async () => (await api.get('/api/credits/costs', admin)).body.data.gpt4oMessage === 2);

    // The allowed models on the platform's key.
    const models = page.getByTestId('ai-allowed-models');
    await expect(models.inputValue()).resolves.toBe('gpt-3.5-turbo-1106,gpt-4o-2024-08-06');
    await models.fill('gpt-3.5-turbo-1106, gpt-4o-mini');
    await models.press('Tab');
    await eventually(async () => JSON.stringify((await api.get('/api/ai/models', admin)).body.allowed) === JSON.stringify(['gpt-3.5-turbo-1106', 'gpt-4o-mini']));

    // A new platform key: written, never shown back.
    await page.getByTestId('ai-platform-key').fill('sk-rotated');
    await page.getByTestId('ai-platform-key-save').click();
    // Polled: an earlier save's "Guardado" toast may still be on screen when this one is clicked.
    await expect.poll(() => page.getByTestId('ai-platform-key').inputValue(), { timeout: 15_000 }).toBe('');
    expect(await page.content()).not.toContain('sk-rotated');

    // The bonus processing action and its stats (billing's ledger, commercial-admin §4).
    const bonus = page.getByTestId('ai-bonus-card');
    await bonus.getByText('Empresas con bonus').waitFor();
    await page.getByTestId('ai-bonus-process').click();
    await page.getByText(/\d+ empresa\(s\), \d+ acciones otorgadas/).waitFor();

    // The customer's next answer goes out on the new key.
    await sandbox(api, admin).say(wa, '51977712399', '¿tienen delivery?', 'Rosa');
    await eventually(async () => (await sandbox(api, admin).outbox(wa, '51977712399')).includes('[fake] ¿tienen delivery?'), 20_000);
    const sent = (await (await fetch(`http://${fakeHost}/__fake/requests`)).json()) as { path: string; headers: Record<string, string> }[];
    expect(sent.filter((r) => r.path.endsWith('/chat/completions')).at(-1)!.headers.authorization).toBe('Bearer sk-rotated');

    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);
});
