import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { SUPER, TENANT_PASSWORD, client, createDatabase, eventually, queryDb, startServer, twoCompanies, unservedEndpoints, type RunningServer } from '@atende/sdk-server/testing';
import { BILLING_ENDPOINTS, PAYMENT_EVENT, UPGRADE_MIN_DAYS, addMonths, priceDifference, upgradeCost, type Invoice, type PaymentEvent } from '@atende/plugin-billing-contract';
import { BILLING_CONTROLLERS } from '../src/index.js';

/**
 * The billing plugin against the real kernel, PostgreSQL and Redis (it is in plugins/installed.json).
 * Alone: npx vitest run --config tooling/vitest.config.ts --project integration plugins/billing/server/test
 */

function socket(url: string, token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = io(url, { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: false });
    s.once('ready', () => resolve(s));
    s.once('connect_error', reject);
  });
}

const DAY = 86_400_000;

/** A local fake of a payment gateway: signs its notifications the way a real one would. */
function fakeGateway(url: string, secret: string) {
  return async (payload: object, opts: { timestamp?: number; secret?: string; raw?: string } = {}) => {
    const raw = opts.raw ?? JSON.stringify(payload);
    const ts = String(opts.timestamp ?? Math.floor(Date.now() / 1000));
    const sig = `sha256=${createHmac('sha256', opts.secret ?? secret).update(`${ts}.${raw}`).digest('hex')}`;
    const res = await fetch(`${url}/api/billing/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-billing-timestamp': ts, 'x-billing-signature': sig }, body: raw });
    return { status: res.status, body: await res.json().catch(() => null) };
  };
}

describe('billing', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let api: ReturnType<typeof client>;
  let admin: string;
  let otherAdmin: string;
  let sup: string;
  let tiendaId: number;
  let otraId: number;
  let tiendaUserId: number;
  let otraUserId: number;
  const plans: Record<string, { id: number; connections: number; value: number }> = {};
  const sockets: Socket[] = [];

  const company = async (id: number) => (await api.get(`/api/companies/${id}`, sup)).body as { dueDate: string | null; planId: number; referralCode: string };
  const setCompany = async (id: number, body: object) => expect((await api.put(`/api/companies/${id}`, body, sup)).status).toBe(200);
  const invoicesOf = async (token: string) => ((await api.get('/api/invoices/all', token)).body as { invoices: Invoice[] }).invoices;
  const adjust = (userId: number, coinsAdjustment: number) => api.post('/api/referrals/adjust-coins', { userId, coinsAdjustment }, sup);
  const balance = async (companyId: number) => (await queryDb(db.url, `select coalesce((select balance from billing_coin_accounts where company_id = $1), 0) as b`, [companyId]))[0].b as number;
  /** A company of its own (its admin's token and id) for a test that must not depend on the others' state. */
  const newCompany = async (name: string, planId: number, dueDate: string | null, extra: object = {}) => {
    const email = `admin@${name.toLowerCase()}.test`;
    const made = await api.post('/api/companies', { name, email, password: TENANT_PASSWORD, planId, dueDate, ...extra }, sup);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    if ('status' in extra) return { id: made.body.id as number, token: '', userId: 0 };
    const login = await api.login(email, TENANT_PASSWORD);
    return { id: made.body.id as number, token: login.token as string, userId: login.user.id as number };
  };
  const ledgerSum = async (companyId: number) => Number((await queryDb(db.url, `select coalesce(sum(delta), 0) as s from billing_coin_ledger where company_id = $1`, [companyId]))[0].s);

  beforeAll(async () => {
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url });
    api = client(server.url);
    ({ admin, otherAdmin, companyId: tiendaId } = await twoCompanies(api));
    sup = (await api.login(SUPER.email, SUPER.password)).token;
    tiendaUserId = (await api.get('/api/auth/me', admin)).body.id;
    const otra = (await api.get('/api/auth/me', otherAdmin)).body;
    otraUserId = otra.id;
    otraId = otra.companyId;
    const pyme = (await api.get('/api/plans/list', sup)).body.find((p: { name: string }) => p.name === 'Pyme');
    plans.Pyme = { id: pyme.id, connections: pyme.connections, value: Number(pyme.value) };
    for (const [name, connections, value] of [
      ['Pro', 5, 199],
      ['Mini', 1, 49],
    ] as const) {
      const p = (await api.post('/api/plans', { name, value, users: 10, connections, queues: 5 }, sup)).body;
      plans[name] = { id: p.id, connections, value };
    }
  }, 120_000);
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await server?.stop();
    await db?.drop();
  });

  it('serves every endpoint its contract declares', () => {
    expect(unservedEndpoints(BILLING_CONTROLLERS, { endpoints: BILLING_ENDPOINTS })).toEqual([]);
  });

  it('invoice lifecycle: generated once before the due date, sent to review with grace, approved with renewal told live', async () => {
    const due = new Date(Date.now() - DAY).toISOString();
    await setCompany(tiendaId, { dueDate: due, recurrence: 'MENSAL' });
    // Expired: the billing API answers, the rest of the platform does not.
    expect((await api.get('/api/tags/list', admin)).status).toBe(402);
    expect((await api.get('/api/invoices/all', admin)).status).toBe(200);
    const first = await api.post('/api/invoices/generate', {}, sup);
    expect(first.status).toBe(201);
    expect((await api.post('/api/invoices/generate', {}, sup)).body.created).toBe(0);
    const [inv] = await invoicesOf(admin);
    expect(inv).toMatchObject({ companyId: tiendaId, status: 'open', overdue: true, value: 99, dueDate: due, planId: plans.Pyme.id });
    expect((await invoicesOf(admin)).length).toBe(1);
    // Tenant isolation: the other company neither sees nor pays it; the super user sees it.
    expect((await invoicesOf(otherAdmin)).map((i) => i.id)).not.toContain(inv.id);
    expect((await invoicesOf(sup)).map((i) => i.id)).toContain(inv.id);
    expect((await api.post('/api/subscription', { plan: 'Pyme', planId: plans.Pyme.id, invoiceId: inv.id }, otherAdmin)).status).toBe(404);

    const s = await socket(server.url, admin);
    sockets.push(s);
    const events: PaymentEvent[] = [];
    s.on(PAYMENT_EVENT, (e: PaymentEvent) => events.push(e));
    const paid = await api.post('/api/subscription', { plan: 'Pyme', price: 1, planId: plans.Pyme.id, invoiceId: inv.id }, admin);
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body).toEqual({ success: true });
    const [review] = await invoicesOf(admin);
    expect(review).toMatchObject({ id: inv.id, status: 'pending_review', value: 99 });
    // Two days of grace: the company is usable again while the payment is reviewed.
    const graced = await company(tiendaId);
    expect(new Date(graced.dueDate!).getTime()).toBeGreaterThan(Date.now() + DAY);
    expect((await api.get('/api/tags/list', admin)).status).toBe(200);
    await eventually(async () => events.some((e) => e.action === 'PENDING_REVIEW' && e.invoiceId === inv.id));

    expect((await api.post(`/api/invoices/${inv.id}/approve`, {}, admin)).status).toBe(403);
    expect((await api.post('/api/invoices/generate', {}, admin)).status).toBe(403);
    expect((await api.post('/api/invoices/abc/approve', {}, sup)).status).toBe(400);
    expect((await api.post('/api/invoices/999999/approve', {}, sup)).body.error).toBe('ERR_INVOICE_NOT_FOUND');
    const approved = await api.post(`/api/invoices/${inv.id}/approve`, {}, sup);
    expect(approved.status, JSON.stringify(approved.body)).toBe(201);
    expect(approved.body.status).toBe('paid');
    const renewed = addMonths(due, 1).toISOString();
    expect((await company(tiendaId)).dueDate).toBe(renewed);
    const done = await eventually(async () => events.find((e) => e.action === 'CONCLUIDA' && e.invoiceId === inv.id));
    expect(done.dueDate).toBe(renewed);
    const audit = await queryDb(db.url, `select field, after, reason from company_changes where company_id = $1 and source = 'billing' order by id`, [tiendaId]);
    expect(audit.map((a) => a.field)).toEqual(['dueDate', 'dueDate']);
    expect(audit[1].after).toBe(renewed);
    // Approving again changes nothing.
    expect((await api.post(`/api/invoices/${inv.id}/approve`, {}, sup)).body.status).toBe('paid');
    expect((await company(tiendaId)).dueDate).toBe(renewed);
  });

  it('a rejected payment reopens the invoice and withdraws the unused grace', async () => {
    const due = new Date(Date.now() + DAY).toISOString();
    await setCompany(otraId, { dueDate: due });
    await api.post('/api/invoices/generate', {}, sup);
    const [inv] = await invoicesOf(otherAdmin);
    expect(inv).toMatchObject({ status: 'open', overdue: false, dueDate: due });
    expect((await api.post(`/api/invoices/${inv.id}/reject`, {}, sup)).status).toBe(400);
    expect((await api.post('/api/subscription', { plan: 'Pro', planId: plans.Pro.id, invoiceId: inv.id }, otherAdmin)).status).toBe(201);
    // A dearer plan a day before the due date: its price plus that day's difference (issue 38 item 13).
    expect((await invoicesOf(otherAdmin))[0]).toMatchObject({ status: 'pending_review', value: 199 + priceDifference(1, 99, 199), requestedPlanId: plans.Pro.id });
    expect((await company(otraId)).dueDate).not.toBe(due);
    const rejected = await api.post(`/api/invoices/${inv.id}/reject`, {}, sup);
    expect(rejected.body.status).toBe('open');
    expect((await company(otraId)).dueDate).toBe(due);
  });

  it('the signed webhook pays an invoice: signature, timestamp window, replay and amount are checked', async () => {
    const [inv] = await invoicesOf(otherAdmin);
    const notify = fakeGateway(server.url, 'x'.repeat(40));
    // No secret configured (no default): the webhook is off.
    expect((await notify({ eventId: 'ev-0', invoiceId: inv.id, status: 'paid', amount: 199, currency: 'PEN' })).status).toBe(503);
    expect((await api.put('/api/settings/global/billing.webhook_secret', { value: 'x'.repeat(40) }, sup)).status).toBe(200);
    expect((await notify({ eventId: 'ev-1', invoiceId: inv.id, status: 'paid', amount: 199, currency: 'PEN' }, { secret: 'y'.repeat(40) })).status).toBe(401);
    expect((await notify({ eventId: 'ev-1', invoiceId: inv.id, status: 'paid', amount: 199, currency: 'PEN' }, { timestamp: Math.floor(Date.now() / 1000) - 3600 })).status).toBe(401);
    // Signed over other bytes than the ones sent: refused.
    const tampered = await fetch(`${server.url}/api/billing/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-billing-timestamp': String(Math.floor(Date.now() / 1000)),
        'x-billing-signature': `sha256=${createHmac('sha256', 'x'.repeat(40)).update(`${Math.floor(Date.now() / 1000)}.{"a":1}`).digest('hex')}`,
      },
      body: JSON.stringify({ eventId: 'ev-1', invoiceId: inv.id, status: 'paid', amount: 199, currency: 'PEN' }),
    });
    expect(tampered.status).toBe(401);
    expect((await notify({ eventId: 'ev-1', invoiceId: inv.id, status: 'paid', amount: 10, currency: 'PEN' })).status).toBe(400);
    expect((await invoicesOf(otherAdmin))[0].status).toBe('open');
    // The invoice still requests Pro from the rejected checkout: its price and the day's difference (issue 38 item 13).
    const owed = 199 + priceDifference(1, 99, 199);
    expect((await notify({ eventId: 'ev-1', invoiceId: inv.id, status: 'paid', amount: 199, currency: 'PEN' })).body.error).toBe('ERR_PAYMENT_AMOUNT');
    const ok = await notify({ eventId: 'ev-2', invoiceId: inv.id, status: 'paid', amount: owed, currency: 'PEN', reference: 'op-123' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toEqual({ received: true, status: 'paid' });
    expect((await invoicesOf(otherAdmin))[0].status).toBe('paid');
    const renewed = (await company(otraId)).dueDate;
    expect((await company(otraId)).planId).toBe(plans.Pro.id);
    // The same notification again (fresh timestamp, valid signature): acknowledged, nothing done.
    const replay = await notify({ eventId: 'ev-2', invoiceId: inv.id, status: 'paid', amount: owed, currency: 'PEN', reference: 'op-123' });
    expect(replay.body).toEqual({ received: true, duplicate: true });
    expect((await company(otraId)).dueDate).toBe(renewed);
  });

  it('many payments settled at once (more than the connection pool) all complete', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 25; i++) {
      const r = await api.post('/api/companies', { name: `Lote ${i}`, email: `lote${i}@lote.test`, password: TENANT_PASSWORD, planId: plans.Mini.id, dueDate: new Date(Date.now() + 2 * DAY).toISOString() }, sup);
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      ids.push(r.body.id);
    }
    await api.post('/api/invoices/generate', {}, sup);
    const invoices = await queryDb(db.url, `select id, company_id from billing_invoices where company_id = any($1::int[])`, [ids]);
    expect(invoices).toHaveLength(25);
    const notify = fakeGateway(server.url, 'x'.repeat(40));
    const results = await Promise.all(invoices.map((inv) => notify({ eventId: `lote-${inv.id}`, invoiceId: inv.id, status: 'paid', amount: 49, currency: 'PEN' })));
    expect(results.map((r) => r.status)).toEqual(invoices.map(() => 200));
    const paid = await queryDb(db.url, `select count(*)::int as n from billing_invoices where company_id = any($1::int[]) and status = 'paid'`, [ids]);
    expect(paid[0].n).toBe(25);
  }, 120_000);

  it('plan changes cost the §9 coins, debited with a ledger row for each change', async () => {
    await setCompany(otraId, { planId: plans.Pyme.id });
    expect((await api.post('/api/company-plan/extend-plan', { months: 1 }, admin)).body.error).toBe('ERR_INSUFFICIENT_COINS');
    expect((await adjust(tiendaUserId, 'abc' as unknown as number)).status).toBe(400);
    expect((await api.post('/api/referrals/adjust-coins', { userId: tiendaUserId, coinsAdjustment: 10 }, admin)).status).toBe(403);
    const adj = await adjust(tiendaUserId, 1000);
    expect(adj.body).toMatchObject({ message: 'Acciones ajustadas exitosamente', companyId: tiendaId, balance: 1000 });
    expect((await adjust(tiendaUserId, -5000)).body.error).toBe('ERR_INSUFFICIENT_COINS');
    // By e-mail alone (a user of another company than the super user's), and the e-mail must match the id when both are given.
    expect((await api.post('/api/referrals/adjust-coins', { userEmail: 'ADMIN@tienda.test', coinsAdjustment: 5 }, sup)).body).toMatchObject({ companyId: tiendaId, balance: 1005 });
    expect((await api.post('/api/referrals/adjust-coins', { userEmail: 'admin@tienda.test', coinsAdjustment: -5, description: 'corrección' }, sup)).body.balance).toBe(1000);
    expect((await api.post('/api/referrals/adjust-coins', { userId: tiendaUserId, userEmail: 'admin@otra.test', coinsAdjustment: 5 }, sup)).status).toBe(400);
    expect((await api.post('/api/referrals/adjust-coins', { coinsAdjustment: 5 }, sup)).status).toBe(400);
    expect((await api.post('/api/referrals/adjust-coins', { userEmail: 'nadie@x.test', coinsAdjustment: 5 }, sup)).status).toBe(404);
    expect((await api.post('/api/company-plan/extend-plan', { months: 13 }, admin)).status).toBe(400);

    const before = (await company(tiendaId)).dueDate!;
    const ext = await api.post('/api/company-plan/extend-plan', { months: 2 }, admin);
    expect(ext.status, JSON.stringify(ext.body)).toBe(201);
    expect(ext.body).toMatchObject({ coinsUsed: 30 * plans.Pyme.connections * 2, balance: 1000 - 120, dueDate: addMonths(before, 2).toISOString() });

    expect((await api.post('/api/company-plan/upgrade-plan', { newPlanId: plans.Mini.id }, admin)).body.error).toBe('ERR_PLAN_NOT_UPGRADE');
    const due = (await company(tiendaId)).dueDate!;
    const lo = upgradeCost(due, plans.Pyme.connections, plans.Pro.connections);
    const up = await api.post('/api/company-plan/upgrade-plan', { newPlanId: plans.Pro.id }, admin);
    const hi = upgradeCost(due, plans.Pyme.connections, plans.Pro.connections);
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    expect([lo, hi]).toContain(up.body.coinsUsed);
    expect(up.body.coinsUsed).toBeGreaterThan(0);
    expect((await company(tiendaId)).planId).toBe(plans.Pro.id);

    expect((await api.post('/api/company-plan/downgrade-plan', { newPlanId: plans.Pro.id }, admin)).body.error).toBe('ERR_PLAN_NOT_DOWNGRADE');
    const down = await api.post('/api/company-plan/downgrade-plan', { newPlanId: plans.Pyme.id }, admin);
    expect(down.body).toMatchObject({ coinsUsed: 0, balance: 880 - up.body.coinsUsed });
    expect((await company(tiendaId)).planId).toBe(plans.Pyme.id);

    const kinds = await queryDb(db.url, `select kind, delta from billing_coin_ledger where company_id = $1 order by id`, [tiendaId]);
    expect(kinds).toEqual([
      { kind: 'adjustment', delta: 1000 },
      { kind: 'adjustment', delta: 5 },
      { kind: 'adjustment', delta: -5 },
      { kind: 'extension', delta: -120 },
      { kind: 'upgrade', delta: -up.body.coinsUsed },
      { kind: 'downgrade', delta: 0 },
    ]);
    expect(await ledgerSum(tiendaId)).toBe(await balance(tiendaId));
  });

  it('an upgrade is priced from max(now, due date) with a one-day minimum, never free (issue 27 item 1)', async () => {
    expect(upgradeCost(new Date(Date.now() - DAY), 1, 5)).toBe(UPGRADE_MIN_DAYS * 4);
    expect(upgradeCost(new Date(Date.now() + 2.5 * DAY), 2, 5)).toBe(9);
  });

  it('concurrent spends never overdraw', async () => {
    // Ten withdrawals of 30 at once from 130: exactly four pass (one conditional UPDATE each).
    await adjust(otraUserId, 130);
    const takes = await Promise.all(Array.from({ length: 10 }, () => adjust(otraUserId, -30)));
    expect(takes.filter((r) => r.status === 201)).toHaveLength(4);
    expect(takes.filter((r) => r.status !== 201).every((r) => r.body.error === 'ERR_INSUFFICIENT_COINS')).toBe(true);
    expect(await balance(otraId)).toBe(10);
    // Ten extensions (60 each) at once with 130: at most two are charged, the rest refused; never below 0.
    await adjust(otraUserId, 120);
    const results = await Promise.all(Array.from({ length: 10 }, () => api.post('/api/company-plan/extend-plan', { months: 1 }, otherAdmin)));
    const ok = results.filter((r) => r.status === 201).length;
    expect(ok).toBeGreaterThanOrEqual(1);
    expect(ok).toBeLessThanOrEqual(2);
    expect(results.filter((r) => r.status !== 201).every((r) => ['ERR_INSUFFICIENT_COINS', 'ERR_PLAN_CHANGE_IN_PROGRESS'].includes(r.body.error))).toBe(true);
    expect(await balance(otraId)).toBe(130 - 60 * ok);
    expect(await ledgerSum(otraId)).toBe(130 - 60 * ok);
    const changes = await queryDb(db.url, `select count(*)::int as n from company_changes where company_id = $1 and source = 'billing' and reason like 'extension%'`, [otraId]);
    expect(changes[0].n).toBe(ok);
  });

  it('the subscription overview gives plan, coins, plans and the payment data from settings', async () => {
    expect((await api.put('/api/settings/global/billing.payment_key', { value: 'yape 999 111 222' }, sup)).status).toBe(200);
    const o = (await api.get('/api/subscription/overview', admin)).body;
    expect(o).toMatchObject({ companyId: tiendaId, coins: await balance(tiendaId), plan: { id: plans.Pyme.id }, payment: { key: 'yape 999 111 222' } });
    expect(o.payment.instructions).toHaveLength(3);
    expect(o.plans.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['Pyme', 'Pro', 'Mini']));
  });
  it('permissions: billing is for admins (issue 27 item 5): an agent neither sees the billing pages in its menu, reads, pays, changes plans nor reviews', async () => {
    const created = await api.post('/api/users', { name: 'Agente', email: 'agente@tienda.test', password: TENANT_PASSWORD, profile: 'user' }, admin);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const agent = (await api.login('agente@tienda.test', TENANT_PASSWORD)).token;
    const billingMenu = async (token: string) =>
      ((await api.get('/api/plugins', token)).body as { id: string; menu: { path: string }[] }[]).find((p) => p.id === 'billing')?.menu.map((m) => m.path) ?? [];
    // One billing area in the drawer (issue 36 item 9); /subscription still answers as the same area.
    expect(await billingMenu(admin)).toEqual(['/financeiro']);
    expect(await billingMenu(agent)).toEqual([]);
    expect((await api.get('/api/invoices/all', agent)).status).toBe(403);
    expect((await api.get('/api/subscription/overview', agent)).status).toBe(403);
    const [inv] = await invoicesOf(admin);
    expect((await api.post('/api/subscription', { plan: 'Pyme', planId: plans.Pyme.id, invoiceId: inv?.id ?? 1 }, agent)).status).toBe(403);
    expect((await api.post('/api/company-plan/extend-plan', { months: 1 }, agent)).status).toBe(403);
    expect((await api.post('/api/invoices/generate', {}, agent)).status).toBe(403);
    expect((await api.get('/api/bonus-rewards/stats', admin)).status).toBe(403);
    // Without a token nothing answers, the webhook aside (its signature is its authentication).
    expect((await api.get('/api/invoices/all')).status).toBe(401);
  });

  it('a webhook payment whose settle fails is not taken for a replay: the gateway retry pays', async () => {
    const due = new Date(Date.now() + 2 * DAY).toISOString();
    const c = await newCompany('Reintento', plans.Mini.id, due);
    await api.post('/api/invoices/generate', {}, sup);
    const [inv] = await invoicesOf(c.token);
    // Settling fails once (a database error while paying): the event id must not be spent.
    await queryDb(
      db.url,
      `create function billing_test_fail() returns trigger language plpgsql as $$ begin if new.status = 'paid' and new.company_id = ${c.id} then raise exception 'settle failed'; end if; return new; end $$`,
    );
    await queryDb(db.url, `create trigger billing_test_fail before update on billing_invoices for each row execute function billing_test_fail()`);
    const notify = fakeGateway(server.url, 'x'.repeat(40));
    const body = { eventId: 'ev-retry', invoiceId: inv.id, status: 'paid', amount: plans.Mini.value, currency: 'PEN' };
    try {
      expect((await notify(body)).status).toBe(500);
    } finally {
      await queryDb(db.url, `drop trigger billing_test_fail on billing_invoices`);
      await queryDb(db.url, `drop function billing_test_fail()`);
    }
    expect((await invoicesOf(c.token))[0].status).toBe('open');
    const retry = await notify(body);
    expect(retry.body).toEqual({ received: true, status: 'paid' });
    expect((await company(c.id)).dueDate).toBe(addMonths(due, 1).toISOString());
    expect((await notify(body)).body).toEqual({ received: true, duplicate: true });
    expect((await company(c.id)).dueDate).toBe(addMonths(due, 1).toISOString());
  });

  it('a payment keeps what coins bought: the later due date and the upgraded plan; open invoices are re-priced', async () => {
    const due = new Date(Date.now() + 3 * DAY).toISOString();
    const c = await newCompany('Monedas', plans.Pyme.id, due);
    await api.post('/api/invoices/generate', {}, sup);
    const [inv] = await invoicesOf(c.token);
    expect(inv).toMatchObject({ value: plans.Pyme.value, planId: plans.Pyme.id, dueDate: due });
    await adjust(c.userId, 1000);
    expect((await api.post('/api/company-plan/extend-plan', { months: 2 }, c.token)).status).toBe(201);
    const extended = addMonths(due, 2).toISOString();
    expect((await company(c.id)).dueDate).toBe(extended);
    expect((await api.post('/api/company-plan/upgrade-plan', { newPlanId: plans.Pro.id }, c.token)).status).toBe(201);
    expect((await invoicesOf(c.token))[0]).toMatchObject({ id: inv.id, value: plans.Pro.value, planId: plans.Pro.id, status: 'open' });
    // The gateway pays the open invoice (no checkout, so no plan change requested): at its price now, in PEN.
    const notify = fakeGateway(server.url, 'x'.repeat(40));
    const pay = (eventId: string, amount: number, currency: string) => notify({ eventId, invoiceId: inv.id, status: 'paid', amount, currency });
    expect((await pay('ev-coins-low', plans.Pyme.value, 'PEN')).body.error).toBe('ERR_PAYMENT_AMOUNT');
    expect((await pay('ev-coins-usd', 1000, 'USD')).body.error).toBe('ERR_PAYMENT_AMOUNT');
    expect((await pay('ev-coins', plans.Pro.value, 'PEN')).body).toEqual({ received: true, status: 'paid' });
    const after = await company(c.id);
    expect(after.planId).toBe(plans.Pro.id);
    expect(after.dueDate).toBe(addMonths(extended, 1).toISOString());
  });

  it('review: one plan per review, a rejected invoice cannot be approved, an expired company renews before changing plan, no invoice for an inactive company', async () => {
    const c = await newCompany('Revision', plans.Mini.id, new Date(Date.now() + DAY).toISOString());
    await api.post('/api/invoices/generate', {}, sup);
    const [inv] = await invoicesOf(c.token);
    const checkout = (planId: number) => api.post('/api/subscription', { plan: 'x', planId, invoiceId: inv.id }, c.token);
    expect((await checkout(plans.Pro.id)).status).toBe(201);
    expect((await checkout(plans.Pyme.id)).body.error).toBe('ERR_INVOICE_IN_REVIEW');
    expect((await checkout(plans.Pro.id)).status).toBe(201);
    expect((await invoicesOf(c.token))[0]).toMatchObject({ status: 'pending_review', requestedPlanId: plans.Pro.id, value: plans.Pro.value + priceDifference(1, plans.Mini.value, plans.Pro.value), upgradeDays: 1 });
    expect((await api.post(`/api/invoices/${inv.id}/reject`, {}, sup)).body.status).toBe('open');
    expect((await api.post(`/api/invoices/${inv.id}/approve`, {}, sup)).body.error).toBe('ERR_INVOICE_NOT_IN_REVIEW');
    expect((await invoicesOf(c.token))[0].status).toBe('open');

    // Issue 27 item 1: an expired company cannot upgrade (a past due date priced it at 0); it renews first.
    const d = await newCompany('Vencida', plans.Mini.id, new Date(Date.now() - DAY).toISOString());
    await adjust(d.userId, 500);
    const refused = await api.post('/api/company-plan/upgrade-plan', { newPlanId: plans.Pro.id }, d.token);
    expect(refused.status).toBe(402);
    expect(refused.body.error).toBe('ERR_SUBSCRIPTION_EXPIRED');
    expect((await api.post('/api/company-plan/downgrade-plan', { newPlanId: plans.Mini.id }, d.token)).body.error).toBe('ERR_SUBSCRIPTION_EXPIRED');
    expect(await balance(d.id)).toBe(500);
    expect((await company(d.id)).planId).toBe(plans.Mini.id);
    expect((await api.post('/api/company-plan/extend-plan', { months: 1 }, d.token)).status).toBe(201);
    const up = await api.post('/api/company-plan/upgrade-plan', { newPlanId: plans.Pro.id }, d.token);
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    expect(up.body.coinsUsed).toBeGreaterThanOrEqual(28 * (plans.Pro.connections - plans.Mini.connections));

    const off = await newCompany('Inactiva', plans.Mini.id, new Date(Date.now() + DAY).toISOString(), { status: false });
    await api.post('/api/invoices/generate', {}, sup);
    expect(await queryDb(db.url, `select id from billing_invoices where company_id = $1`, [off.id])).toEqual([]);
  });

  it('issue 27 item 1: only plans offered to tenants can be chosen, never the platform plan; a 0.00 invoice is not paid by any payment', async () => {
    const all = (await api.get('/api/plans', sup)).body as { id: number; name: string; offered: boolean }[];
    const platform = all.find((p) => p.name === 'Plataforma')!;
    expect(platform.offered).toBe(false);
    const hidden = (await api.post('/api/plans', { name: 'Oculto', value: 300, users: 10, connections: 8, queues: 5, offered: false }, sup)).body;
    const c = await newCompany('Tramposa', plans.Mini.id, new Date(Date.now() + 10 * DAY).toISOString());
    await adjust(c.userId, 100_000);
    for (const planId of [platform.id, hidden.id]) {
      const up = await api.post('/api/company-plan/upgrade-plan', { newPlanId: planId }, c.token);
      expect(up.status).toBe(404);
      expect(up.body.error).toBe('ERR_NO_PLAN_FOUND');
    }
    expect(await balance(c.id)).toBe(100_000);
    expect((await company(c.id)).planId).toBe(plans.Mini.id);
    const [inv] = await invoicesOf(c.token);
    expect(inv).toMatchObject({ status: 'open', value: plans.Mini.value });
    const checkout = await api.post('/api/subscription', { plan: 'Plataforma', planId: platform.id, invoiceId: inv.id }, c.token);
    expect(checkout.body.error).toBe('ERR_NO_PLAN_FOUND');
    expect((await invoicesOf(c.token))[0]).toMatchObject({ status: 'open', value: plans.Mini.value });
    // Neither offered on the sign-up list nor in the checkout's choices; the platform plan cannot be offered.
    expect(((await api.get('/api/plans/list')).body as { id: number }[]).map((p) => p.id)).not.toContain(platform.id);
    expect(((await api.get('/api/plans/list')).body as { id: number }[]).map((p) => p.id)).not.toContain(hidden.id);
    const choices = ((await api.get('/api/subscription/overview', c.token)).body.plans as { id: number }[]).map((p) => p.id);
    expect(choices).not.toContain(platform.id);
    expect(choices).not.toContain(hidden.id);
    const offerPlatform = await api.put(`/api/plans/${platform.id}`, { offered: true }, sup);
    expect(offerPlatform.status).toBe(400);
    expect(offerPlatform.body.details).toEqual([{ path: 'offered', message: 'platform_plan' }]);
    // A 0.00 invoice (a free plan the super user set) is not settled by a gateway's token payment.
    const free = (await api.post('/api/plans', { name: 'Gratis', value: 0, users: 1, connections: 1, queues: 1 }, sup)).body;
    const g = await newCompany('Gratuita', free.id, new Date(Date.now() + 2 * DAY).toISOString());
    const [zero] = await invoicesOf(g.token);
    expect(zero).toMatchObject({ status: 'open', value: 0 });
    const paid = await fakeGateway(server.url, 'x'.repeat(40))({ eventId: 'ev-zero', invoiceId: zero.id, status: 'paid', amount: 0.01, currency: 'PEN' });
    expect(paid.body.error).toBe('ERR_PAYMENT_AMOUNT');
    expect((await invoicesOf(g.token))[0].status).toBe('open');
  });

  it('issue 27 item 2: no plan change while a payment is in review; settlement bills the plan current then', async () => {
    const due = new Date(Date.now() + 3 * DAY).toISOString();
    const c = await newCompany('EnRevision', plans.Mini.id, due);
    const [inv] = await invoicesOf(c.token);
    expect((await api.post('/api/subscription', { plan: 'Mini', planId: plans.Mini.id, invoiceId: inv.id }, c.token)).status).toBe(201);
    await adjust(c.userId, 10_000);
    const up = await api.post('/api/company-plan/upgrade-plan', { newPlanId: plans.Pro.id }, c.token);
    expect(up.body.error).toBe('ERR_PAYMENT_IN_REVIEW');
    expect(await balance(c.id)).toBe(10_000);
    expect((await company(c.id)).planId).toBe(plans.Mini.id);
    // The plan changes anyway (the super user): the review of the Mini price does not buy a month of Pro.
    await setCompany(c.id, { planId: plans.Pro.id });
    const approve = await api.post(`/api/invoices/${inv.id}/approve`, {}, sup);
    expect(approve.body.error).toBe('ERR_PAYMENT_AMOUNT');
    const notify = fakeGateway(server.url, 'x'.repeat(40));
    expect((await notify({ eventId: 'ev-review-low', invoiceId: inv.id, status: 'paid', amount: plans.Mini.value, currency: 'PEN' })).body.error).toBe('ERR_PAYMENT_AMOUNT');
    expect((await notify({ eventId: 'ev-review-pro', invoiceId: inv.id, status: 'paid', amount: plans.Pro.value, currency: 'PEN' })).body).toEqual({ received: true, status: 'paid' });
    expect((await invoicesOf(c.token))[0]).toMatchObject({ id: inv.id, status: 'paid', value: plans.Pro.value });
  });

  it('issue 27 item 3: an expired company always has an open invoice to pay, created when its billing page asks', async () => {
    const due = new Date(Date.now() - 2 * DAY).toISOString();
    const c = await newCompany('SinFactura', plans.Pyme.id, due);
    expect(await queryDb(db.url, `select id from billing_invoices where company_id = $1`, [c.id])).toEqual([]);
    const list = await invoicesOf(c.token);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ status: 'open', overdue: true, value: plans.Pyme.value, dueDate: due });
    // Asked again (or by the job), still one.
    await api.post('/api/invoices/generate', {}, sup);
    expect(await invoicesOf(c.token)).toHaveLength(1);
    // Once paid and renewed, the next one waits for its lead time.
    expect((await api.post('/api/subscription', { plan: 'Pyme', planId: plans.Pyme.id, invoiceId: list[0].id }, c.token)).status).toBe(201);
    expect((await api.post(`/api/invoices/${list[0].id}/approve`, {}, sup)).status).toBe(201);
    expect((await invoicesOf(c.token)).map((i) => i.status)).toEqual(['paid']);
  });

  it('a company change paid for but not yet applied through the kernel is applied before the next change and by the generator', async () => {
    const due = new Date(Date.now() + 5 * DAY).toISOString();
    const c = await newCompany('Pendiente', plans.Mini.id, due);
    // As if the server stopped between billing's commit and the COMPANIES port call.
    const later = addMonths(due, 3).toISOString();
    await queryDb(db.url, `insert into billing_company_ops (company_id, key, due_date, reason) values ($1, 'test:1', $2, 'test')`, [c.id, later]);
    await adjust(c.userId, 100);
    const ext = await api.post('/api/company-plan/extend-plan', { months: 1 }, c.token);
    expect(ext.status, JSON.stringify(ext.body)).toBe(201);
    expect(ext.body.dueDate).toBe(addMonths(later, 1).toISOString());
    expect((await company(c.id)).dueDate).toBe(addMonths(later, 1).toISOString());
    const audit = await queryDb(db.url, `select after from company_changes where company_id = $1 and source = 'billing' order by id`, [c.id]);
    expect(audit.map((a) => a.after)).toEqual([later, addMonths(later, 1).toISOString()]);
    // The generator run (hourly and at boot) applies what is left pending, once.
    const latest = addMonths(due, 6).toISOString();
    await queryDb(db.url, `insert into billing_company_ops (company_id, key, due_date, reason) values ($1, 'test:2', $2, 'test')`, [c.id, latest]);
    await api.post('/api/invoices/generate', {}, sup);
    expect((await company(c.id)).dueDate).toBe(latest);
    const states = await queryDb(db.url, `select key, state from billing_company_ops where company_id = $1 order by id`, [c.id]);
    expect(states.map((s) => s.state)).toEqual(['applied', 'applied', 'applied']);
    expect(states[1].key).toMatch(/^plan-change:\d+$/);
  });

  it('a balance is capped (no integer overflow): an adjustment past the cap is refused, not a server error', async () => {
    const c = await newCompany('Tope', plans.Mini.id, new Date(Date.now() + 20 * DAY).toISOString());
    await adjust(c.userId, 100);
    await queryDb(db.url, `update billing_coin_accounts set balance = 999999950 where company_id = $1`, [c.id]);
    const over = await adjust(c.userId, 100_000_000);
    expect(over.status).toBe(400);
    expect(over.body.error).toBe('ERR_COINS_LIMIT');
    expect(await balance(c.id)).toBe(999999950);
    expect((await adjust(c.userId, 50)).body.balance).toBe(1_000_000_000);
  });

  it('the scheduled generator runs by itself: after a restart the boot run invoices a company due soon', async () => {
    const made = await api.post('/api/companies', { name: 'Pronta', email: 'admin@pronta.test', password: TENANT_PASSWORD, planId: plans.Mini.id, dueDate: new Date(Date.now() + 3 * DAY).toISOString(), recurrence: 'TRIMESTRAL' }, sup);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(await queryDb(db.url, `select id from billing_invoices where company_id = $1`, [made.body.id])).toEqual([]);
    await server.stop();
    server = await startServer({ databaseUrl: db.url });
    const rows = await eventually(async () => {
      const r = await queryDb(db.url, `select value, status from billing_invoices where company_id = $1`, [made.body.id]);
      return r.length ? r : null;
    });
    expect(rows).toEqual([{ value: '147.00', status: 'open' }]);
  }, 90_000);
});
