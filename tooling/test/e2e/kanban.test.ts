import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { client, createDatabase, queryDb, sandbox, startServer, twoCompanies, TENANT_PASSWORD, type RunningServer } from '@atende/sdk-server/testing';
import { launchBrowser } from '../support/browser.js';
import { signIn } from '../support/ui.js';

/**
 * The kanban plugin (plugins/kanban, in plugins/installed.json) in a real browser: an admin drags a
 * card from the "no tag" lane to a kanban tag's lane and back; the ticket's tags change on the server
 * (checked through the API) and an agent's board, open at the same time, follows live. Filters show as
 * chips that clear; 'Ver' opens the ticket.
 */
describe('kanban in the browser', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let browser: Browser;
  let api: ReturnType<typeof client>;
  let admin: string;
  /** Another admin's token for the API checks: signing the first admin in the browser ends her API session (one session per user). */
  let checker: string;
  const id = { ticket: 0, uuid: '', nuevo: 0, hecho: 0, company: 0, wa: 0, ventas: 0 };

  const ticketTags = async () => ((await api.get(`/api/tickets/${id.ticket}`, checker)).body.tags as { id: number }[]).map((t) => t.id);

  beforeAll(async () => {
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url });
    api = client(server.url);
    let companyId: number;
    ({ admin, companyId } = await twoCompanies(api));
    id.company = companyId;
    const ventas = (await api.post('/api/queue', { name: 'Ventas', color: '#e91e63' }, admin)).body.id;
    expect((await api.post('/api/users', { name: 'Ana', email: 'ana@tienda.test', password: TENANT_PASSWORD, profile: 'user', queueIds: [ventas] }, admin)).status).toBe(201);
    const wa = await sandbox(api, admin).connect('Tablero');
    id.wa = wa;
    id.ventas = ventas;
    const contact = (await api.post('/api/contacts', { name: 'Lucía Kanban', number: '51955500001' }, admin)).body;
    const ticket = (await api.post('/api/tickets', { contactId: contact.id, status: 'pending', whatsappId: wa, queueId: ventas }, admin)).body;
    id.ticket = ticket.id;
    id.uuid = ticket.uuid;
    id.nuevo = (await api.post('/api/tags', { name: 'Nuevo', color: '#2196f3', kanban: 1 }, admin)).body.id;
    id.hecho = (await api.post('/api/tags', { name: 'Hecho', color: '#4caf50', kanban: 1 }, admin)).body.id;
    expect((await api.post('/api/users', { name: 'Auditor', email: 'auditor@tienda.test', password: TENANT_PASSWORD, profile: 'admin' }, admin)).status).toBe(201);
    checker = (await api.login('auditor@tienda.test', TENANT_PASSWORD)).token;
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await db?.drop();
  });

  it('moves a card to another lane: the ticket’s tag changes, and another board follows live', async () => {
    const agent = await (await browser.newContext()).newPage();
    await signIn(agent, server.url, { email: 'ana@tienda.test', password: TENANT_PASSWORD });
    await agent.getByTestId('menu-kanban').click();
    await agent.getByTestId(`kanban-lane-none`).getByTestId(`kanban-card-${id.ticket}`).waitFor({ timeout: 15_000 });

    const page = await (await browser.newContext()).newPage();
    await signIn(page, server.url, { email: 'admin@tienda.test', password: TENANT_PASSWORD });
    await page.getByTestId('menu-kanban').click();
    const card = page.getByTestId(`kanban-card-${id.ticket}`);
    await page.getByTestId('kanban-lane-none').getByTestId(`kanban-card-${id.ticket}`).waitFor({ timeout: 15_000 });
    await card.getByText('Lucía Kanban').waitFor();
    await card.getByText('51955500001').waitFor();
    expect(await page.getByTestId(`kanban-lane-${id.nuevo}`).getByText('Nuevo').count()).toBe(1);

    // Drag to "Nuevo": the card is there at once, and the server has the tag.
    await card.dragTo(page.getByTestId(`kanban-lane-${id.nuevo}`));
    await page.getByTestId(`kanban-lane-${id.nuevo}`).getByTestId(`kanban-card-${id.ticket}`).waitFor({ timeout: 5000 });
    await expect.poll(ticketTags, { timeout: 10_000 }).toEqual([id.nuevo]);
    // The agent's board, open meanwhile, moved the card too.
    await agent.getByTestId(`kanban-lane-${id.nuevo}`).getByTestId(`kanban-card-${id.ticket}`).waitFor({ timeout: 15_000 });
    await page.screenshot({ path: 'tooling/test/artifacts/kanban-board.png' });

    // On to "Hecho" (the other lane's tag goes), then back to "no tag".
    await page.getByTestId(`kanban-card-${id.ticket}`).dragTo(page.getByTestId(`kanban-lane-${id.hecho}`));
    await expect.poll(ticketTags, { timeout: 10_000 }).toEqual([id.hecho]);
    await page.getByTestId(`kanban-card-${id.ticket}`).dragTo(page.getByTestId('kanban-lane-none'));
    await page.getByTestId('kanban-lane-none').getByTestId(`kanban-card-${id.ticket}`).waitFor({ timeout: 5000 });
    await expect.poll(ticketTags, { timeout: 10_000 }).toEqual([]);
    await agent.getByTestId('kanban-lane-none').getByTestId(`kanban-card-${id.ticket}`).waitFor({ timeout: 15_000 });
  });

  it('moves a card without a mouse: arrow keys on the focused card, the "Move to…" menu; lanes reorder and stay so', async () => {
    const page = await (await browser.newContext({ hasTouch: true })).newPage();
    await signIn(page, server.url, { email: 'admin@tienda.test', password: TENANT_PASSWORD });
    await page.getByTestId('menu-kanban').click();
    await page.getByTestId('kanban-lane-none').getByTestId(`kanban-card-${id.ticket}`).waitFor({ timeout: 15_000 });
    const laneIds = async () => page.locator('[data-testid="kanban-board"] > [data-testid^="kanban-lane-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
    // The server's order (by name): Hecho, then Nuevo.
    expect(await laneIds()).toEqual(['kanban-lane-none', `kanban-lane-${id.hecho}`, `kanban-lane-${id.nuevo}`]);

    // Keyboard: focus the card, → twice (Hecho, then Nuevo), ← once (back to Hecho); the focus follows the card.
    await page.getByTestId(`kanban-card-${id.ticket}`).focus();
    await page.keyboard.press('ArrowRight');
    await page.getByTestId(`kanban-lane-${id.hecho}`).getByTestId(`kanban-card-${id.ticket}`).waitFor({ timeout: 5000 });
    await expect.poll(ticketTags, { timeout: 10_000 }).toEqual([id.hecho]);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(`kanban-card-${id.ticket}`);
    await page.keyboard.press('ArrowRight');
    await expect.poll(ticketTags, { timeout: 10_000 }).toEqual([id.nuevo]);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(ticketTags, { timeout: 10_000 }).toEqual([id.hecho]);

    // Touch: the card's "Move to…" menu, tapped, lists the other lanes by name.
    await page.getByTestId(`kanban-move-${id.ticket}`).tap();
    const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
    await menu.getByText('Nuevo').waitFor({ timeout: 5000 });
    await menu.getByText('Sin etiqueta').waitFor();
    expect(await menu.getByText('Hecho').count()).toBe(0);
    await page.getByTestId(`kanban-move-${id.ticket}-none`).tap();
    await page.getByTestId('kanban-lane-none').getByTestId(`kanban-card-${id.ticket}`).waitFor({ timeout: 5000 });
    await expect.poll(ticketTags, { timeout: 10_000 }).toEqual([]);

    // Lanes: "Nuevo" moves before "Hecho"; a reload keeps the order; "no tag" stays first.
    expect(await page.getByTestId(`kanban-lane-left-${id.hecho}`).isDisabled()).toBe(true);
    expect(await page.getByTestId('kanban-lane-left-none').count()).toBe(0);
    await page.getByTestId(`kanban-lane-left-${id.nuevo}`).click();
    expect(await laneIds()).toEqual(['kanban-lane-none', `kanban-lane-${id.nuevo}`, `kanban-lane-${id.hecho}`]);
    await page.reload();
    await page.getByTestId('kanban-lane-none').getByTestId(`kanban-card-${id.ticket}`).waitFor({ timeout: 15_000 });
    expect(await laneIds()).toEqual(['kanban-lane-none', `kanban-lane-${id.nuevo}`, `kanban-lane-${id.hecho}`]);
    // The arrow key follows the board's order: → from "no tag" is now "Nuevo".
    await page.getByTestId(`kanban-card-${id.ticket}`).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(ticketTags, { timeout: 10_000 }).toEqual([id.nuevo]);
    await page.getByTestId(`kanban-card-${id.ticket}`).focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(ticketTags, { timeout: 10_000 }).toEqual([]);
    await page.screenshot({ path: 'tooling/test/artifacts/kanban-move-menu.png' });
  });

  it('new kanban tags made on the tags page get distinct colours, and their lanes show them', async () => {
    const page = await (await browser.newContext()).newPage();
    await signIn(page, server.url, { email: 'admin@tienda.test', password: TENANT_PASSWORD });
    await page.goto(`${server.url}/tags`);
    for (const name of ['Seguimiento', 'Cierre']) {
      await page.getByTestId('tags-add').click({ timeout: 15_000 });
      await page.getByTestId('tag-name').fill(name);
      await page.getByTestId('tag-kanban').click();
      // The dialog asks for the colours in use and offers one nobody has.
      await expect.poll(() => page.getByTestId('tag-modal').locator('.ant-color-picker-trigger').textContent(), { timeout: 10_000 }).toBe(name === 'Seguimiento' ? '#A4CCCC' : '#1677FF');
      await page.getByTestId('tag-save').click();
      await page.getByTestId('tag-modal').waitFor({ state: 'hidden', timeout: 10_000 });
    }
    const colours = async () =>
      Object.fromEntries(((await api.get('/api/tags/list', checker)).body as { name: string; color: string }[]).map((t) => [t.name, t.color.toLowerCase()]));
    await expect.poll(async () => Object.keys(await colours()).length, { timeout: 10_000 }).toBe(4);
    const all = await colours();
    // Every tag has its own colour: the two new ones differ from each other and from the existing lanes.
    expect(new Set(Object.values(all)).size, JSON.stringify(all)).toBe(4);
    await page.goto(`${server.url}/kanban`);
    const lane = (await api.get('/api/tags/list', checker)).body.find((t: { name: string }) => t.name === 'Cierre') as { id: number };
    await page.getByTestId(`kanban-lane-${lane.id}`).waitFor({ timeout: 15_000 });
    // Clean up: the next tests expect the two original lanes.
    for (const name of ['Seguimiento', 'Cierre']) {
      const tag = (await api.get('/api/tags/list', checker)).body.find((t: { name: string }) => t.name === name) as { id: number };
      expect((await api.del(`/api/tags/${tag.id}`, checker)).status).toBeLessThan(300);
    }
  });

  it('filters by number with a chip that clears, and "Ver" opens the ticket', async () => {
    const page = await (await browser.newContext()).newPage();
    await signIn(page, server.url, { email: 'admin@tienda.test', password: TENANT_PASSWORD });
    await page.getByTestId('menu-kanban').click();
    await page.getByTestId(`kanban-card-${id.ticket}`).waitFor({ timeout: 15_000 });
    await page.locator('input[data-testid="kanban-search"], [data-testid="kanban-search"] input').first().fill('999999');
    await page.getByTestId('kanban-chip-search').waitFor({ timeout: 5000 });
    await expect.poll(() => page.getByTestId(`kanban-card-${id.ticket}`).count(), { timeout: 10_000 }).toBe(0);
    await page.getByTestId('kanban-chip-clear').click();
    await page.getByTestId(`kanban-card-${id.ticket}`).waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('kanban-chips').count()).toBe(0);
    await page.getByTestId(`kanban-open-${id.ticket}`).click();
    await page.waitForURL((u) => u.pathname === `/tickets/${id.uuid}`, { timeout: 10_000 });
  });
  it('issue 36 item 9: a company without kanban tags is told where lanes come from; cards show WhatsApp formatting', async () => {
    // The other company has no kanban tag yet: only "No tag", with the explanation.
    const other = await (await browser.newContext()).newPage();
    await signIn(other, server.url, { email: 'admin@otra.test', password: TENANT_PASSWORD });
    await other.getByTestId('menu-kanban').click();
    const hint = other.getByTestId('kanban-no-lanes');
    await hint.waitFor({ timeout: 15_000 });
    expect(await hint.textContent()).toContain('Kanban');
    await other.context().close();
    // Tienda has lanes: no explanation, and a preview's *bold* is bold.
    await queryDb(db.url, `update tickets set last_message = 'Pedido *urgente* hoy' where id = $1`, [id.ticket]);
    const page = await (await browser.newContext()).newPage();
    await signIn(page, server.url, { email: 'admin@tienda.test', password: TENANT_PASSWORD });
    await page.getByTestId('menu-kanban').click();
    const card = page.getByTestId(`kanban-card-${id.ticket}`);
    await card.waitFor({ timeout: 15_000 });
    await expect.poll(() => card.locator('b').first().textContent().catch(() => null), { timeout: 10_000 }).toBe('urgente');
    expect(await page.getByTestId('kanban-no-lanes').count()).toBe(0);
    await page.context().close();
  });

  it('a board of 5,000 open tickets: lanes page as they scroll and only the cards in view are in the page', async () => {
    await queryDb(
      db.url,
      `insert into contacts (company_id, name, number, whatsapp_id) select $1, 'Masivo ' || g, '5170' || lpad(g::text, 8, '0'), $2 from generate_series(1, 5000) g`,
      [id.company, id.wa],
    );
    await queryDb(
      db.url,
      `insert into tickets (company_id, contact_id, whatsapp_id, queue_id, status, last_message, created_at, updated_at)
       select $1, c.id, $2, $3, 'pending', 'Consulta número ' || c.id, now(), now() - (c.id % 997) * interval '1 second'
         from contacts c where c.company_id = $1 and c.name like 'Masivo %'`,
      [id.company, id.wa, id.ventas],
    );
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await signIn(page, server.url, { email: 'admin@tienda.test', password: TENANT_PASSWORD });
    await page.getByTestId('menu-kanban').click();
    const lane = page.getByTestId('kanban-lane-none');
    await lane.locator('[data-testid^="kanban-card-"]').first().waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByTestId('kanban-lane-count-none').textContent(), { timeout: 10_000 }).toContain('40+');
    const rendered = () => lane.locator('[data-testid^="kanban-card-"]').count();
    expect(await rendered()).toBeLessThan(20);
    // Scroll to the end five times: a page of 40 comes each time, the DOM stays small.
    const scroller = page.getByTestId('kanban-lane-scroll-none');
    for (let loaded = 80; loaded <= 240; loaded += 40) {
      const started = Date.now();
      await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
      await expect.poll(() => page.getByTestId('kanban-lane-count-none').textContent(), { timeout: 10_000 }).toContain(`${loaded}+`);
      expect(Date.now() - started).toBeLessThan(5000);
      expect(await rendered()).toBeLessThan(20);
    }
    // Back to the top: the first cards are drawn again.
    await scroller.evaluate((el) => el.scrollTo({ top: 0 }));
    await expect.poll(async () => (await lane.locator('[data-testid^="kanban-card-"]').first().textContent()) ?? '', { timeout: 5000 }).toMatch(/Masivo|Lucía/);
    await page.screenshot({ path: 'tooling/test/artifacts/kanban-5000.png' });
  });
});
