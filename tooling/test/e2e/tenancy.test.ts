import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { SUPER, client, createDatabase, startServer, type RunningServer } from '../support/server.js';
import { launchBrowser } from '../support/browser.js';
import { choose, signIn, signOut } from '../support/ui.js';

const OWNER = { email: 'owner@bodega.test', password: 'Str0ng-pass' };
const AGENT = { email: 'agent@bodega.test', password: 'Ag3nt-pass' };

describe('tenancy journeys in Chromium', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let browser: Browser;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url });
    browser = await launchBrowser();
    api = client(server.url);
    const { token } = await api.login(SUPER.email, SUPER.password);
    await api.post('/api/plans', { name: 'Emprendedor', value: 59, users: 5, connections: 2, queues: 3 }, token);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await db?.drop();
  });

  it('signs up a company, its admin adds an agent with one queue, and the agent cannot reach admin pages', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1366, height: 860 } })).newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    await page.goto(`${server.url}/login`);
    await page.getByTestId('login-signup-link').click();
    await page.waitForURL(/\/signup/);
    await page.getByTestId('signup-name').fill('Bodega Lima');
    await page.getByTestId('signup-email').fill(OWNER.email);
    await page.getByTestId('signup-phone').fill('987654321');
    await page.getByTestId('signup-password').fill('weak');
    await page.getByTestId('signup-submit').click();
    // The weak password is refused on the page; nothing typed is lost.
    await page.getByText(/mayúscula|8 caracteres|dígito/i).first().waitFor();
    await expect(page.getByTestId('signup-name').inputValue()).resolves.toBe('Bodega Lima');
    await page.getByTestId('signup-password').fill(OWNER.password);
    const card = page.getByTestId(/^signup-plan-\d+$/).first();
    if (await card.count()) await card.click();
    else await choose(page, 'signup-plan', 'Emprendedor');
    await page.getByTestId('signup-submit').click();
    await page.waitForURL(/\/login$/);

    // A queue for the agent (the queues screen arrives with the agents' workspace issue).
    const owner = await api.login(OWNER.email, OWNER.password);
    expect(owner.user.company).toMatchObject({ name: 'Bodega Lima', expired: false });
    await api.post('/api/queue', { name: 'Ventas', color: '#e91e63' }, owner.token);
    await api.post('/api/queue', { name: 'Reclamos', color: '#3f51b5' }, owner.token);

    await signIn(page, server.url, OWNER);
    await page.getByTestId('menu-users').click();
    await page.waitForURL(/\/users$/);
    await page.getByTestId('users-add').click();
    await page.getByTestId('user-name').fill('Ana Agente');
    await page.getByTestId('user-email').fill(AGENT.email);
    await page.getByTestId('user-password').fill(AGENT.password);
    await choose(page, 'user-queues', 'Ventas');
    await page.getByTestId('user-save').click();
    await page.getByTestId(`user-row-${AGENT.email}`).waitFor();
    await expect(page.getByTestId(`user-row-${AGENT.email}`).textContent()).resolves.toContain('Ventas');
    await signOut(page);

    await signIn(page, server.url, AGENT);
    await expect(page.getByTestId('menu-users').count()).resolves.toBe(0);
    await expect(page.getByTestId('menu-settings').count()).resolves.toBe(0);
    await page.goto(`${server.url}/users`);
    await page.getByTestId('drawer').waitFor();
    await expect(page.getByTestId('users-add').count()).resolves.toBe(0);
    const refused = await page.evaluate(async () => {
      const res = await fetch('/api/users', { headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } });
      return { status: res.status, body: await res.json() };
    });
    expect(refused).toEqual({ status: 403, body: expect.objectContaining({ error: 'ERR_NO_PERMISSION' }) });
    const me = await page.evaluate(async () => {
      const res = await fetch('/api/auth/me', { headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } });
      return res.json();
    });
    expect(me.queues.map((q: { name: string }) => q.name)).toEqual(['Ventas']);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('super user: adds a plan, finds an expiring company, renews it with Expire; admin option saved live', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    // Data first through the API: a browser sign-in afterwards ends this API session (one session per user).
    const setup = await api.login(SUPER.email, SUPER.password);
    const plans = (await api.get('/api/plans/all', setup.token)).body;
    // The browser counts days in its local calendar (the machine's zone, shared with this process): a UTC date was a
    // day late between 23:00 and midnight UTC.
    const inFive = new Date();
    inFive.setDate(inFive.getDate() + 5);
    const soon = `${inFive.getFullYear()}-${String(inFive.getMonth() + 1).padStart(2, '0')}-${String(inFive.getDate()).padStart(2, '0')}`;
    await api.post('/api/companies', { name: 'Vence Pronto', email: 'soon@vence.test', password: 'Str0ng-pass', planId: plans.at(-1).id, dueDate: soon }, setup.token);

    await signIn(page, server.url, { email: SUPER.email, password: SUPER.password });
    await page.getByTestId('menu-settings').click();
    await page.getByTestId('settings-tab-plans').click();
    await page.getByTestId('plans-add').click();
    await page.getByTestId('plan-name').fill('Corporativo');
    await page.getByTestId('plan-value').fill('299');
    await page.getByTestId('plan-users').fill('20');
    await page.getByTestId('plan-connections').fill('5');
    await page.getByTestId('plan-queues').fill('10');
    await page.getByTestId('plan-save').click();
    await page.getByTestId('plan-row-Corporativo').waitFor();

    await page.getByTestId('settings-tab-companies').click();
    // Issue 27 item 6: a new company starts on an offered plan (never the platform's) with a due date filled in.
    await page.getByTestId('companies-add').click();
    const planField = page.getByTestId('company-plan');
    await planField.waitFor();
    expect(await planField.innerText()).not.toContain('Plataforma');
    expect((await planField.innerText()).trim()).not.toBe('');
    expect(await page.locator('.ant-modal .ant-picker input').first().inputValue()).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    await page.keyboard.press('Escape');
    await planField.waitFor({ state: 'hidden' });
    await page.getByTestId('companies-search').fill('Vence');
    const row = page.getByTestId('company-row-soon@vence.test');
    await row.waitFor();
    // Exactly 5 days to the due date: the row is yellow (commercial-admin §4).
    await expect(row.getAttribute('data-due')).resolves.toBe('yellow');
    await page.getByTestId('company-expire-soon@vence.test').click();
    // The question names the date it will set (issue 36 item 9).
    await page.locator('.ant-popconfirm').getByText(/^¿Mover el vencimiento del \d{2}\/\d{2}\/\d{4} al \d{2}\/\d{2}\/\d{4} \(1 mes\(es\), su recurrencia\)\?$/).waitFor();
    await page.getByTestId('company-expire-confirm').click();
    await expect.poll(() => row.getAttribute('data-due')).toBeNull();
    await signOut(page);

    await signIn(page, server.url, OWNER);
    await page.getByTestId('menu-settings').click();
    await choose(page, 'setting-userRating', 'Habilitado');
    await page.getByText(/guardad/i).first().waitFor();
    await page.context().close();

    const sup = await api.login(SUPER.email, SUPER.password);
    const created = (await api.get('/api/plans/all', sup.token)).body.find((p: { name: string }) => p.name === 'Corporativo');
    expect(created).toMatchObject({ value: 299, users: 20, connections: 5, queues: 10, useKanban: true });
    const renewed = (await api.get('/api/companies?searchParam=Vence', sup.token)).body.companies[0];
    expect(new Date(renewed.dueDate).getTime()).toBeGreaterThan(Date.now() + 30 * 86_400_000);
    const owner = await api.login(OWNER.email, OWNER.password);
    expect((await api.get('/api/settings', owner.token)).body).toEqual(expect.arrayContaining([{ key: 'userRating', value: 'enabled' }]));
  });

  it('resets a password through the two-step screen', async () => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${server.url}/login`);
    await page.getByTestId('login-forgot-link').click();
    await page.waitForURL(/\/forgetpsw/);
    await page.getByTestId('forgot-email').fill(AGENT.email);
    await page.getByTestId('forgot-send').click();
    await page.getByTestId('forgot-code').waitFor();
    let code: string | undefined;
    for (let i = 0; i < 50 && !code; i++) {
      code = [...server.logs().matchAll(/mail to agent@bodega\.test .*?Su código es (\d{6})/g)].at(-1)?.[1];
      if (!code) await new Promise((r) => setTimeout(r, 100));
    }
    expect(code).toMatch(/^\d{6}$/);
    await page.getByTestId('forgot-code').fill(code!);
    await page.getByTestId('forgot-password').fill('N3w-secret');
    await page.getByTestId('forgot-confirm').fill('N3w-secret');
    await page.getByTestId('forgot-submit').click();
    await page.waitForURL(/\/login$/);
    AGENT.password = 'N3w-secret';
    await signIn(page, server.url, AGENT);
    await page.context().close();
  });

  it('a second sign-in ends the first browser session with the "accessed elsewhere" message', async () => {
    const first = await (await browser.newContext()).newPage();
    // Socket frames and console lines, printed only if the message never shows.
    const frames: string[] = [];
    first.on('websocket', (ws) => {
      frames.push(`open ${ws.url()}`);
      ws.on('framereceived', (f) => frames.push(`< ${String(f.payload).slice(0, 120)}`));
      ws.on('close', () => frames.push('closed'));
    });
    first.on('console', (m) => frames.push(`console ${m.type()} ${m.text()}`));
    first.on('framenavigated', (f) => f === first.mainFrame() && frames.push(`navigated ${f.url()}`));
    await signIn(first, server.url, AGENT);
    // Let the first page's socket connect before the second sign-in (as a person would take longer).
    await first.waitForTimeout(1000);
    // The notice shows for one second before the reload, and the second page may still be loading its drawer
    // then (a busy machine): watch the first page from before the second sign-in, not after it.
    const noticeShown = first
      .getByTestId('accessed-elsewhere')
      .waitFor({ timeout: 20_000 })
      .catch((e: Error) => {
        throw new Error(`${e.message}\n${frames.join('\n')}`);
      });
    noticeShown.catch(() => undefined); // awaited below; this only keeps a failed second sign-in from leaving it unhandled
    const second = await (await browser.newContext()).newPage();
    await signIn(second, server.url, AGENT);
    await noticeShown;
    // After a second the first page clears its storage and reloads onto the sign-in page.
    await first.waitForURL(/\/login$/, { timeout: 10_000 });
    await expect(first.evaluate(() => localStorage.getItem('token'))).resolves.toBeNull();
    await expect(second.getByTestId('drawer').isVisible()).resolves.toBe(true);
    await first.context().close();
    await second.context().close();
  });
});
