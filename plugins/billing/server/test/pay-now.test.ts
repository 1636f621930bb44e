import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { SUPER, TENANT_PASSWORD, client, createDatabase, eventually, queryDb, startServer, twoCompanies, type RunningServer } from '@atende/sdk-server/testing';
import { PAYMENT_EVENT, addMonths, priceDifference, upgradePrice, type Invoice, type PaymentEvent } from '@atende/plugin-billing-contract';

/**
 * Issue 38 item 13: a company renews or upgrades and pays whenever it wants, not only once the job
 * issued an invoice 10 days before the due date. Real kernel, PostgreSQL and Redis.
 * Alone: npx vitest run --config tooling/vitest.config.ts --project integration plugins/billing/server/test/pay-now.test.ts
 */
const DAY = 86_400_000;
const SECRET = 'w'.repeat(40);

describe('billing: renew and upgrade whenever the company wants', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let api: ReturnType<typeof client>;
  let sup: string;
  let otherAdmin: string;
  const plans: Record<string, { id: number; connections: number; value: number }> = {};
  const sockets: Socket[] = [];

  const company = async (id: number) => (await api.get(`/api/companies/${id}`, sup)).body as { dueDate: string | null; planId: number };
  const invoicesOf = async (token: string) => ((await api.get('/api/invoices/all', token)).body as { invoices: Invoice[] }).invoices;
  const renew = (token: string) => api.post('/api/billing/renewal', {}, token);
  const upgrade = (token: string, newPlanId: number) => api.post('/api/billing/upgrade-invoice', { newPlanId }, token);
  const checkout = (token: string, invoiceId: number, planId: number) => api.post('/api/subscription', { plan: 'x', planId, invoiceId }, token);
  const newCompany = async (name: string, planId: number, dueDate: string | null) => {
    const email = `admin@${name.toLowerCase()}.test`;
    const made = await api.post('/api/companies', { name, email, password: TENANT_PASSWORD, planId, dueDate }, sup);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const login = await api.login(email, TENANT_PASSWORD);
    return { id: made.body.id as number, token: login.token as string, userId: login.user.id as number };
  };
  const gateway = async (payload: object) => {
    const raw = JSON.stringify(payload);
    const ts = String(Math.floor(Date.now() / 1000));
    const sig = `sha256=${createHmac('sha256', SECRET).update(`${ts}.${raw}`).digest('hex')}`;
    const res = await fetch(`${server.url}/api/billing/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-billing-timestamp': ts, 'x-billing-signature': sig }, body: raw });
    return { status: res.status, body: await res.json().catch(() => null) };
  };
  const listen = (token: string): Promise<PaymentEvent[]> =>
    new Promise((resolve, reject) => {
      const s = io(server.url, { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: false });
      sockets.push(s);
      const events: PaymentEvent[] = [];
      s.on(PAYMENT_EVENT, (e: PaymentEvent) => events.push(e));
      s.once('ready', () => resolve(events));
      s.once('connect_error', reject);
    });

  beforeAll(async () => {
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url });
    api = client(server.url);
    ({ otherAdmin } = await twoCompanies(api));
    sup = (await api.login(SUPER.email, SUPER.password)).token;
    expect((await api.put('/api/settings/global/billing.webhook_secret', { value: SECRET }, sup)).status).toBe(200);
    const pyme = (await api.get('/api/plans/list', sup)).body.find((p: { name: string }) => p.name === 'Pyme');
    plans.Pyme = { id: pyme.id, connections: pyme.connections, value: Number(pyme.value) };
    for (const [name, connections, value] of [
      ['Mini', 1, 49],
      ['Pro', 20, 199],
      ['Grande', 30, 349],
      ['Barato', 25, 10],
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

  it('renews before any invoice exists: one invoice for two clicks, paid now, renewed from the current due date (not from today) at approval', async () => {
    const due = new Date(Date.now() + 40 * DAY).toISOString();
    const c = await newCompany('Temprana', plans.Pyme.id, due);
    // 40 days ahead: no job would invoice it yet, and its billing page does not either.
    await api.post('/api/invoices/generate', {}, sup);
    expect(await invoicesOf(c.token)).toEqual([]);
    // Two clicks at once: one invoice, the same for both.
    const [a, b] = await Promise.all([renew(c.token), renew(c.token)]);
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    expect(b.body.id).toBe(a.body.id);
    expect(a.body).toMatchObject({ companyId: c.id, kind: 'renewal', status: 'open', value: plans.Pyme.value, dueDate: due, planId: plans.Pyme.id, requestedPlanId: null, upgradeDays: 0 });
    expect((await renew(c.token)).body.id).toBe(a.body.id);
    expect(await invoicesOf(c.token)).toHaveLength(1);
    // Another company neither sees nor pays it.
    expect((await invoicesOf(otherAdmin)).map((i) => i.id)).not.toContain(a.body.id);
    expect((await checkout(otherAdmin, a.body.id, plans.Pyme.id)).body.error).toBe('ERR_INVOICE_NOT_FOUND');

    const events = await listen(c.token);
    expect((await checkout(c.token, a.body.id, plans.Pyme.id)).status).toBe(201);
    expect((await invoicesOf(c.token))[0]).toMatchObject({ id: a.body.id, status: 'pending_review', value: plans.Pyme.value });
    // In review: the due date has not moved (far from expiring, no grace) and Renew gives the same invoice.
    expect((await company(c.id)).dueDate).toBe(due);
    expect((await renew(c.token)).body).toMatchObject({ id: a.body.id, status: 'pending_review' });
    expect((await api.post(`/api/invoices/${a.body.id}/approve`, {}, sup)).body.status).toBe('paid');
    expect((await company(c.id)).dueDate).toBe(addMonths(due, 1).toISOString());
    const done = await eventually(async () => events.find((e) => e.action === 'CONCLUIDA' && e.invoiceId === a.body.id));
    expect(done).toMatchObject({ kind: 'renewal', dueDate: addMonths(due, 1).toISOString() });
    // Renew again: the next period, from the new due date.
    const next = await renew(c.token);
    expect(next.body).toMatchObject({ kind: 'renewal', status: 'open', dueDate: addMonths(due, 1).toISOString() });
    expect(next.body.id).not.toBe(a.body.id);
    // The job does not add a second unpaid one.
    await api.post('/api/invoices/generate', {}, sup);
    expect((await invoicesOf(c.token)).filter((i) => i.status !== 'paid')).toHaveLength(1);
  });

  it('renew and upgrade invoices are refused to the platform company and to an agent', async () => {
    const c = await newCompany('Eterna', plans.Pyme.id, new Date(Date.now() + 60 * DAY).toISOString());
    expect((await renew(sup)).body.error).toBe('ERR_PLATFORM_COMPANY');
    const created = await api.post('/api/users', { name: 'Agente', email: 'agente@eterna.test', password: TENANT_PASSWORD, profile: 'user' }, c.token);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const agent = (await api.login('agente@eterna.test', TENANT_PASSWORD)).token;
    expect((await renew(agent)).status).toBe(403);
    expect((await upgrade(agent, plans.Pro.id)).status).toBe(403);
    expect(await queryDb(db.url, `select id from billing_invoices where company_id = $1`, [c.id])).toEqual([]);
  });

  it('an expired company renews from its past due date (the existing settlement rule) and cannot upgrade before renewing', async () => {
    const due = new Date(Date.now() - 3 * DAY).toISOString();
    const c = await newCompany('Caducada', plans.Mini.id, due);
    const inv = (await renew(c.token)).body as Invoice;
    expect(inv).toMatchObject({ kind: 'renewal', status: 'open', dueDate: due, overdue: true });
    const up = await upgrade(c.token, plans.Pro.id);
    expect(up.status).toBe(402);
    expect(up.body.error).toBe('ERR_SUBSCRIPTION_EXPIRED');
  });

  it('upgrades paying the difference: an invoice of the price difference for the days left, the plan changes only when it is settled', async () => {
    const due = new Date(Date.now() + 12 * DAY - 60_000).toISOString();
    const c = await newCompany('Mejora', plans.Mini.id, due);
    const [a, b] = await Promise.all([upgrade(c.token, plans.Pro.id), upgrade(c.token, plans.Pro.id)]);
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    expect(b.body.id).toBe(a.body.id);
    const expected = upgradePrice(due, plans.Mini.value, plans.Pro.value);
    expect(expected).toEqual({ days: 12, value: priceDifference(12, 49, 199) });
    expect(a.body).toMatchObject({ kind: 'upgrade', status: 'open', planId: plans.Mini.id, requestedPlanId: plans.Pro.id, value: 60, upgradeDays: 12, upgradeValue: 60, dueDate: due });
    // Asking for another plan re-targets the same unpaid invoice.
    const other = await upgrade(c.token, plans.Grande.id);
    expect(other.body).toMatchObject({ id: a.body.id, requestedPlanId: plans.Grande.id, value: priceDifference(12, 49, 349) });
    // Errors of the rules: not bigger, no price difference, not offered.
    expect((await upgrade(c.token, plans.Mini.id)).body.error).toBe('ERR_PLAN_NOT_UPGRADE');
    expect((await upgrade(c.token, plans.Barato.id)).body.error).toBe('ERR_NO_PRICE_DIFFERENCE');
    expect((await upgrade(c.token, 999_999)).body.error).toBe('ERR_NO_PLAN_FOUND');
    // Only its own company's invoice can be paid.
    expect((await checkout(otherAdmin, a.body.id, plans.Pro.id)).body.error).toBe('ERR_INVOICE_NOT_FOUND');

    const events = await listen(c.token);
    const sent = await checkout(c.token, a.body.id, plans.Pro.id);
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const [inReview] = (await invoicesOf(c.token)).filter((i) => i.id === a.body.id);
    expect(inReview).toMatchObject({ status: 'pending_review', requestedPlanId: plans.Pro.id, value: 60, upgradeDays: 12 });
    // Nothing changed yet: neither the plan nor the due date (an upgrade gets no grace).
    expect(await company(c.id)).toMatchObject({ planId: plans.Mini.id, dueDate: due });
    // One payment in review at a time; a coin change waits too.
    const renewal = (await renew(c.token)).body as Invoice;
    expect(renewal.kind).toBe('renewal');
    expect((await checkout(c.token, renewal.id, plans.Mini.id)).body.error).toBe('ERR_PAYMENT_IN_REVIEW');
    expect((await api.post('/api/company-plan/extend-plan', { months: 1 }, c.token)).body.error).toBe('ERR_PAYMENT_IN_REVIEW');
    expect((await upgrade(c.token, plans.Grande.id)).body.error).toBe('ERR_PAYMENT_IN_REVIEW');
    expect((await checkout(c.token, a.body.id, plans.Grande.id)).body.error).toBe('ERR_INVOICE_IN_REVIEW');

    expect((await api.post(`/api/invoices/${a.body.id}/approve`, {}, sup)).body.status).toBe('paid');
    expect(await company(c.id)).toMatchObject({ planId: plans.Pro.id, dueDate: due });
    const done = await eventually(async () => events.find((e) => e.action === 'CONCLUIDA' && e.invoiceId === a.body.id));
    expect(done).toMatchObject({ kind: 'upgrade', dueDate: due });
    // The open renewal is billed at the new plan from now on.
    expect((await invoicesOf(c.token)).find((i) => i.id === renewal.id)).toMatchObject({ status: 'open', planId: plans.Pro.id, value: plans.Pro.value });
    const audit = await queryDb(db.url, `select field from company_changes where company_id = $1 and source = 'billing' order by id`, [c.id]);
    expect(audit.map((r) => r.field)).toEqual(['planId']);
  });

  it('coins stay an option; a coin upgrade drops the unpaid upgrade invoice priced from the old plan', async () => {
    const c = await newCompany('Monedas', plans.Mini.id, new Date(Date.now() + 5 * DAY).toISOString());
    const inv = (await upgrade(c.token, plans.Grande.id)).body as Invoice;
    expect(inv.status).toBe('open');
    expect((await api.post('/api/referrals/adjust-coins', { userId: c.userId, coinsAdjustment: 10_000 }, sup)).status).toBe(201);
    const coins = await api.post('/api/company-plan/upgrade-plan', { newPlanId: plans.Pro.id }, c.token);
    expect(coins.status, JSON.stringify(coins.body)).toBe(201);
    expect((await company(c.id)).planId).toBe(plans.Pro.id);
    expect((await invoicesOf(c.token)).map((i) => i.id)).not.toContain(inv.id);
  });

  it('a bigger plan chosen at a renewal checkout is paid for the days left and applies exactly when that invoice is settled, never before', async () => {
    const due = new Date(Date.now() + 20 * DAY - 60_000).toISOString();
    const c = await newCompany('Checkout', plans.Mini.id, due);
    const inv = (await renew(c.token)).body as Invoice;
    expect(inv.value).toBe(plans.Mini.value);
    // Settlement can come 20 days before the renewed period starts: those 20 days of Pro are on the invoice.
    expect((await checkout(c.token, inv.id, plans.Pro.id)).status).toBe(201);
    const difference = priceDifference(20, plans.Mini.value, plans.Pro.value);
    expect(difference).toBe(100);
    const [sent] = await invoicesOf(c.token);
    expect(sent).toMatchObject({ id: inv.id, kind: 'renewal', status: 'pending_review', requestedPlanId: plans.Pro.id, value: plans.Pro.value + difference, upgradeDays: 20, upgradeValue: difference });
    // Not before: sending the payment changes nothing, and neither does a coin extension meanwhile (refused:
    // days added at the old plan would be used on the bigger one unpaid).
    expect(await company(c.id)).toMatchObject({ planId: plans.Mini.id, dueDate: due });
    expect((await api.post('/api/referrals/adjust-coins', { userId: c.userId, coinsAdjustment: 10_000 }, sup)).status).toBe(201);
    expect((await api.post('/api/company-plan/extend-plan', { months: 1 }, c.token)).body.error).toBe('ERR_PAYMENT_IN_REVIEW');
    // A gateway paying only the plan's price does not settle it.
    const low = await gateway({ eventId: 'ev-checkout-low', invoiceId: inv.id, status: 'paid', amount: plans.Pro.value, currency: 'PEN' });
    expect(low.body.error).toBe('ERR_PAYMENT_AMOUNT');
    expect(await company(c.id)).toMatchObject({ planId: plans.Mini.id, dueDate: due });
    // Exactly at settlement: the plan and the renewed due date (from the current due date) together.
    expect((await api.post(`/api/invoices/${inv.id}/approve`, {}, sup)).body).toMatchObject({ status: 'paid', value: plans.Pro.value + difference });
    expect(await company(c.id)).toMatchObject({ planId: plans.Pro.id, dueDate: addMonths(due, 1).toISOString() });
  });

  it('a renewal checkout keeping the plan, or choosing a cheaper one, carries no difference', async () => {
    const due = new Date(Date.now() + 20 * DAY).toISOString();
    const c = await newCompany('Reduce', plans.Pro.id, due);
    const inv = (await renew(c.token)).body as Invoice;
    expect((await checkout(c.token, inv.id, plans.Mini.id)).status).toBe(201);
    expect((await invoicesOf(c.token))[0]).toMatchObject({ value: plans.Mini.value, upgradeDays: 0, upgradeValue: 0, requestedPlanId: plans.Mini.id });
  });
});
