import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { readFile } from 'node:fs/promises';
import { SUPER, client, createDatabase, eventually, sandbox, startServer, twoCompanies, TENANT_PASSWORD, type RunningServer } from '@atende/sdk-server/testing';
import { COUNT_REACT_RENDERERS, launchBrowser, recordCspViolations } from '../support/browser.js';
import { signIn } from '../support/ui.js';

/**
 * The flow builder (plugins/flowbuilder) in a real browser: an admin creates a flow in the list, draws
 * start → Contenido → Menú on the canvas (speed-dial, editors, connectors dragged between handles),
 * saves, reloads and finds the same three nodes and two connectors, checked through the API too; a sandbox
 * connection bound to the flow then answers a customer with the drawn messages. The
 * start node cannot be deleted; leaving with unsaved changes asks first.
 */
describe('flow builder in the browser', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let browser: Browser;
  let api: ReturnType<typeof client>;
  /** Another admin's token for the API: signing the first admin in the browser ends her API session (one session per user). */
  let admin: string;
  const errors: string[] = [];

  beforeAll(async () => {
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url });
    api = client(server.url);
    const first = (await twoCompanies(api)).admin;
    expect((await api.post('/api/users', { name: 'Auditor', email: 'auditor@tienda.test', password: TENANT_PASSWORD, profile: 'admin' }, first)).status).toBe(201);
    admin = (await api.login('auditor@tienda.test', TENANT_PASSWORD)).token;
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await db?.drop();
  });

  /** Opens the speed-dial (it closes when a step is chosen). */
  async function openDial(page: Page) {
    await page.locator('.ant-float-btn-group-trigger').click();
    await page.getByTestId('flow-add-start').waitFor();
  }

  /** Drags a connector from a node's output handle to another node's input. */
  async function connect(page: Page, from: Locator, to: Locator) {
    const a = (await from.locator('.react-flow__handle.source').first().boundingBox())!;
    const b = (await to.locator('.react-flow__handle.target').first().boundingBox())!;
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await page.mouse.down();
    await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 5 });
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 5 });
    await page.mouse.up();
  }

  it('creates a flow, draws three connected steps, saves, reloads and sees them; the sandbox customer gets them', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    const csp = recordCspViolations(page);
    await page.addInitScript(COUNT_REACT_RENDERERS);
    await signIn(page, server.url, { email: 'admin@tienda.test', password: TENANT_PASSWORD });
    await page.getByTestId('menu-flowbuilders').click();
    await page.getByTestId('flows-page').waitFor({ timeout: 15_000 });
    await page.getByText('Todavía no hay flujos.').waitFor();

    // The name dialog refuses a one-letter name, then creates the flow.
    await page.getByTestId('flows-add').click();
    await page.getByTestId('flow-name-input').fill('B');
    await page.getByTestId('flow-name-ok').click();
    await page.getByText('Muito curto!').waitFor();
    await page.getByTestId('flow-name-input').fill('Bienvenida');
    await page.getByTestId('flow-name-ok').click();
    await page.getByText('Flujo creado').waitFor();
    const flowId = (await api.get('/api/flowbuilder', admin)).body.flows.find((f: { name: string }) => f.name === 'Bienvenida').id as number;
    await page.getByTestId(`flow-row-${flowId}`).click();
    await page.waitForURL((u) => u.pathname === `/flowbuilder/${flowId}`);
    await page.getByTestId('flow-canvas-page').waitFor({ timeout: 15_000 });
    await page.getByText('No te olvides de guardar tu flujo').waitFor();
    const start = page.locator('.react-flow__node[data-id="1"]');
    await start.waitFor({ timeout: 15_000 });
    expect(await start.textContent()).toContain('Inicio del flujo');
    // @xyflow/react is bundled in the remote but runs on the shell's one React; its styles are allowed by the CSP.
    expect(await page.evaluate(() => (window as unknown as { __reactRenderers: string[] }).__reactRenderers)).toHaveLength(1);
    expect(await page.locator('#flowbuilder-xyflow-css').count()).toBe(1);
    expect(await page.locator('.react-flow__minimap').count()).toBe(1);

    // Contenido: one text.
    await openDial(page);
    await page.getByTestId('flow-add-singleBlock').click();
    await page.getByTestId('block-text-0').fill('¡Hola! Bienvenido a la tienda.');
    await page.getByTestId('editor-ok').click();
    const content = page.locator('.react-flow__node-singleBlock');
    await content.waitFor();

    // Menú: refused without options' text, then two options.
    await openDial(page);
    await page.getByTestId('flow-add-menu').click();
    await page.getByTestId('editor-menu-message').fill('¿Qué necesitas?');
    await page.getByTestId('editor-ok').click();
    await page.getByTestId('editor-error').waitFor();
    await page.screenshot({ path: 'tooling/test/artifacts/flowbuilder-editor.png' });
    await page.getByTestId('editor-option-0').fill('Ventas');
    await page.getByTestId('editor-add-option').click();
    await page.getByTestId('editor-option-1').fill('Soporte');
    await page.getByTestId('editor-ok').click();
    const menu = page.locator('.react-flow__node-menu');
    await menu.waitFor();
    expect(await menu.textContent()).toContain('2. Soporte');

    // Connect start → content → menu; the unsaved notice turns into a warning.
    await page.getByTestId('flow-canvas').locator('.react-flow__controls-fitview').click();
    await connect(page, start, content);
    await connect(page, content, menu);
    await expect.poll(() => page.locator('.react-flow__edge').count(), { timeout: 5000 }).toBe(2);

    // The start node is not deleted by the Delete key.
    await start.click();
    await page.keyboard.press('Delete');
    expect(await page.locator('.react-flow__node[data-id="1"]').count()).toBe(1);

    // Leaving unsaved asks; staying keeps the canvas.
    await page.getByTestId('menu-flowbuilders').click();
    await page.getByTestId('leave-ok').waitFor();
    await page.getByRole('button', { name: 'Quedarme' }).click();
    expect(new URL(page.url()).pathname).toBe(`/flowbuilder/${flowId}`);

    await page.getByTestId('flow-save').click();
    await page.getByText('Flujo guardado con éxito').waitFor();
    const saved = (await api.get(`/api/flowbuilder/flow/${flowId}`, admin)).body.flow.flow as { nodes: { id: string; type: string; data: Record<string, unknown> }[]; connections: { source: string; target: string }[] };
    expect(saved.nodes.map((n) => n.type)).toEqual(['start', 'singleBlock', 'menu']);
    const [, block, menuNode] = saved.nodes;
    expect(block.data).toMatchObject({ seq: ['message0'], elements: [{ number: 'message0', type: 'message', value: '¡Hola! Bienvenido a la tienda.' }] });
    expect(menuNode.data).toMatchObject({ message: '¿Qué necesitas?', arrayOption: [{ number: 1, value: 'Ventas' }, { number: 2, value: 'Soporte' }], includeOptions: true });
    expect(menuNode.id).toMatch(/^[A-Za-z0-9]{30}$/);
    expect(saved.connections.map((c) => [c.source, c.target])).toEqual([
      ['1', block.id],
      [block.id, menuNode.id],
    ]);

    // Reloaded: the same three nodes and two connectors.
    await page.reload();
    await page.locator('.react-flow__node[data-id="1"]').waitFor({ timeout: 15_000 });
    await expect.poll(() => page.locator('.react-flow__node').count(), { timeout: 10_000 }).toBe(3);
    await expect.poll(() => page.locator('.react-flow__edge').count(), { timeout: 10_000 }).toBe(2);
    expect(await page.locator('.react-flow__node-menu').textContent()).toContain('¿Qué necesitas?');
    await page.screenshot({ path: 'tooling/test/artifacts/flowbuilder-canvas.png' });

    // A step's own menu duplicates it to the right of the rightmost node; Delete removes the selected copy.
    await page.locator('.react-flow__node-menu').getByTestId('node-menu').click();
    await page.getByTestId('node-action-duplicate').click();
    await expect.poll(() => page.locator('.react-flow__node').count()).toBe(4);
    const copies = page.locator('.react-flow__node-menu');
    const xs = await copies.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().x));
    expect(xs[1]).toBeGreaterThan(xs[0]);
    // Fit the view so the copy is not under the minimap, then select it and press Delete.
    await page.getByTestId('flow-canvas').locator('.react-flow__controls-fitview').click();
    await copies.nth(1).locator('.react-flow__handle.target').waitFor();
    await copies.nth(1).getByText('¿Qué necesitas?').click();
    await expect.poll(() => copies.nth(1).evaluate((el) => el.classList.contains('selected'))).toBe(true);
    await page.keyboard.press('Delete');
    await expect.poll(() => page.locator('.react-flow__node').count()).toBe(3);

    // Dark theme: the canvas follows the shell's theme.
    await page.getByTestId('theme-toggle').click();
    await expect.poll(() => page.locator('.react-flow.dark').count()).toBe(1);
    await page.screenshot({ path: 'tooling/test/artifacts/flowbuilder-canvas-dark.png' });
    await page.getByTestId('theme-toggle').click();

    // Saved: leaving does not ask.
    await page.getByTestId('flow-back').click();
    await page.getByTestId('flows-page').waitFor();
    await page.getByTestId(`flow-row-${flowId}`).getByText('Activo').waitFor();
    await page.screenshot({ path: 'tooling/test/artifacts/flowbuilder-list.png' });

    // The drawing runs: REVINCULAR on the connections page binds every connection to the flow, and a new customer
    // is answered with the content and the menu.
    const phone = sandbox(api, admin);
    const wa = await phone.connect('Línea flujo');
    await page.goto(`${server.url}/connections`);
    await page.getByTestId('connections-rebind').click({ timeout: 15_000 });
    await page.getByTestId('connections-rebind-flow').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Bienvenida' }).click();
    await page.getByTestId('connections-rebind-ok').click();
    await page.getByText('conexiones vinculadas al flujo').waitFor();
    expect((await api.get(`/api/whatsapp/${wa}`, admin)).body.integrationId).toBe(flowId);
    // The connection's modal shows its flow.
    await page.getByTestId(`connection-edit-${wa}`).click();
    await page.getByTestId('connection-flow').getByText('Bienvenida').waitFor();
    await page.getByTestId('connection-cancel').click();
    await phone.say(wa, '51977700001', 'hola', 'Rosa');
    const sent = await eventually(async () => {
      const out = await phone.outbox(wa, '51977700001');
      return out.length >= 2 ? out : null;
    });
    expect(sent.slice(0, 2)).toEqual(['¡Hola! Bienvenido a la tienda.', '¿Qué necesitas?\n\n[1] Ventas\n[2] Soporte']);

    expect(errors).toEqual([]);
    expect(csp).toEqual([]);
  });

  it('duplicates and deletes a flow from its menu', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await signIn(page, server.url, { email: 'admin@tienda.test', password: TENANT_PASSWORD });
    const created = (await api.post('/api/flowbuilder', { name: 'Para copiar' }, admin)).body as { id: number };
    await page.goto(`${server.url}/flowbuilders`);
    await page.getByTestId(`flow-row-${created.id}`).waitFor({ timeout: 15_000 });
    await page.getByTestId(`flow-menu-${created.id}`).click();
    await page.getByTestId('flow-action-duplicate').click();
    await page.getByText('Flujo duplicado').waitFor();
    await expect.poll(async () => ((await api.get('/api/flowbuilder', admin)).body.flows as unknown[]).length).toBe(3);
    await page.getByTestId(`flow-menu-${created.id}`).click();
    await page.getByTestId('flow-action-delete').click();
    await page.getByTestId('confirm-ok').click();
    await page.getByText('Flujo eliminado').waitFor();
    await expect.poll(() => page.getByTestId(`flow-row-${created.id}`).count()).toBe(0);
    expect((await api.get('/api/flowbuilder', admin)).body.flows.some((f: { id: number }) => f.id === created.id)).toBe(false);
  });

  it('exports a flow as a file named by the server and imports it back (no key set: generated on first use)', async () => {
    const flow = (await api.post('/api/flowbuilder', { name: 'Exportable' }, admin)).body as { id: number };
    const nodes = [
      { id: '1', type: 'start', position: { x: 0, y: 0 }, data: { label: 'Inicio del flujo' } },
      { id: 'abcdefghijabcdefghijabcdefghij', type: 'message', position: { x: 300, y: 0 }, data: { label: 'Hola' } },
    ];
    const saved = await api.post('/api/flowbuilder/flow', { idFlow: flow.id, nodes, connections: [{ id: 'c', source: '1', target: nodes[1].id }] }, admin);
    expect(saved.status).toBeLessThan(300);

    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true })).newPage();
    await signIn(page, server.url, { email: 'admin@tienda.test', password: TENANT_PASSWORD });
    await page.goto(`${server.url}/flowbuilders`);
    await page.getByTestId(`flow-menu-${flow.id}`).click({ timeout: 15_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('flow-action-export').click()]);
    expect(download.suggestedFilename()).toBe(`exportable-${flow.id}.json`);
    const file = await download.path();
    const bytes = await readFile(file);
    const content = JSON.parse(bytes.toString('utf8')) as { encrypted?: boolean; data?: string };
    expect(content.encrypted).toBe(true);

    // Import: a non-JSON file is refused in the dialog; the exported file becomes a new flow.
    await page.getByTestId('flows-import').click();
    const input = page.locator('.ant-modal input[type="file"]');
    await input.setInputFiles({ name: 'flujo.txt', mimeType: 'text/plain', buffer: Buffer.from('hola') });
    expect(await page.getByTestId('flow-import-error').textContent()).toBe('Por favor selecciona un archivo JSON válido');
    await input.setInputFiles({ name: 'raro.json', mimeType: 'application/json', buffer: Buffer.from('{"foo":1}') });
    await expect.poll(() => page.getByTestId('flow-import-error').textContent()).toBe('El archivo no tiene el formato correcto');
    await input.setInputFiles({ name: download.suggestedFilename(), mimeType: 'application/json', buffer: bytes });
    await page.getByText('Flujo importado').waitFor();
    const flows = (await api.get('/api/flowbuilder', admin)).body.flows as { id: number; name: string }[];
    const copy = flows.find((f) => f.name === 'Exportable' && f.id !== flow.id)!;
    expect(copy).toBeTruthy();
    const drawn = (await api.get(`/api/flowbuilder/flow/${copy.id}`, admin)).body.flow.flow as { nodes: { type: string; data: unknown }[] };
    expect(drawn.nodes.map((n) => n.type)).toEqual(['start', 'message']);
    await page.getByTestId(`flow-row-${copy.id}`).waitFor();
  });

  it('adds a phrase trigger (bound to a flow) and a keyword from their pages', async () => {
    const flow = (await api.post('/api/flowbuilder', { name: 'Promo' }, admin)).body as { id: number };
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await signIn(page, server.url, { email: 'admin@tienda.test', password: TENANT_PASSWORD });

    await page.getByTestId('menu-phrase-lists').click();
    await page.getByTestId('phrases-add').click();
    await page.getByTestId('phrase-name').fill('Promo verano');
    await page.getByTestId('phrase-phrase').fill('quiero la promo');
    await page.getByTestId('phrase-flow').click();
    await page.locator('.ant-select-item-option', { hasText: 'Promo' }).first().click();
    await page.getByRole('button', { name: 'Agregar', exact: true }).click();
    await page.getByText('Activador guardado').waitFor();
    await page.getByText('Ativo', { exact: true }).waitFor();
    const triggers = (await api.get('/api/flowcampaign', admin)).body.flow as { name: string; phrase: string; flowId: number; status: boolean }[];
    expect(triggers).toMatchObject([{ name: 'Promo verano', phrase: 'quiero la promo', flowId: flow.id, status: true }]);

    await page.getByTestId('menu-keywords').click();
    await page.getByTestId('keywords-add').click();
    await page.getByTestId('keyword-name').fill('Reinicio');
    await page.getByTestId('keyword-keyword').fill('menu');
    await page.getByRole('button', { name: 'Agregar', exact: true }).click();
    await page.getByText('Palabra clave guardada').waitFor();
    const keywords = (await api.get('/api/keywords', admin)).body as { name: string; keyword: string }[];
    expect(keywords).toMatchObject([{ name: 'Reinicio', keyword: 'menu' }]);
  });

  it('keywords are a core page: an agent of a plan without campaigns has them in the drawer, not the flows', async () => {
    const sup = (await api.login(SUPER.email, SUPER.password)).token;
    const plan = (await api.post('/api/plans', { name: 'Sin campañas', value: 10, users: 10, connections: 2, queues: 5, useCampaigns: false }, sup)).body as { id: number };
    const other = await api.login('admin@otra.test', TENANT_PASSWORD);
    expect((await api.put(`/api/companies/${other.user.companyId}`, { planId: plan.id }, sup)).status).toBe(200);
    const otherAdmin = (await api.login('admin@otra.test', TENANT_PASSWORD)).token;
    expect((await api.post('/api/users', { name: 'Agente', email: 'agente@otra.test', password: TENANT_PASSWORD, profile: 'user' }, otherAdmin)).status).toBe(201);

    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, server.url, { email: 'agente@otra.test', password: TENANT_PASSWORD });
    await page.getByTestId('menu-keywords').click();
    await page.getByTestId('keywords-page').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('menu-flowbuilders').count()).toBe(0);
    expect(await page.getByTestId('menu-phrase-lists').count()).toBe(0);
    await page.getByTestId('keywords-add').click();
    await page.getByTestId('keyword-name').fill('Saludo');
    await page.getByTestId('keyword-keyword').fill('hola');
    await page.getByRole('button', { name: 'Agregar', exact: true }).click();
    await page.getByText('Palabra clave guardada').waitFor();
    expect((await api.get('/api/keywords', otherAdmin)).body).toMatchObject([{ name: 'Saludo', keyword: 'hola' }]);
    expect(errors).toEqual([]);
  });
});
