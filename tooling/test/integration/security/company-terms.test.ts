import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPER, client, createDatabase, startServer, type RunningServer } from '../../support/server.js';
import { TENANT_PASSWORD, twoCompanies } from '../../support/tenants.js';

const DAY = 86_400_000;

/**
 * Issue 27 items 4, 6 and 12 (part): a company's commercial terms. Every tenant expires (a due date is
 * required, defaulting to the plan's trial), the company form never starts on the platform plan (it is
 * not offered), credits are never negative, and the company answer carries no stale coin balance.
 */
describe('security: company terms (issue 27)', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let api: ReturnType<typeof client>;
  let sup: string;
  let companyId: number;

  beforeAll(async () => {
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url });
    api = client(server.url);
    ({ companyId } = await twoCompanies(api));
    sup = (await api.login(SUPER.email, SUPER.password)).token;
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  it('item 6: a company created without a due date is due after its plan trial days; a tenant due date cannot be cleared', async () => {
    const plan = (await api.post('/api/plans', { name: 'Prueba7', value: 30, users: 2, connections: 1, queues: 1, trialDays: 7 }, sup)).body;
    expect(plan).toMatchObject({ trialDays: 7, offered: true });
    const before = Date.now();
    const made = await api.post('/api/companies', { name: 'SinFecha', email: 'admin@sinfecha.test', password: TENANT_PASSWORD, planId: plan.id }, sup);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const due = new Date(made.body.dueDate as string).getTime();
    expect(due).toBeGreaterThanOrEqual(before + 7 * DAY);
    expect(due).toBeLessThan(Date.now() + 7 * DAY + 60_000);
    const explicitNull = await api.post('/api/companies', { name: 'Nula', email: 'admin@nula.test', password: TENANT_PASSWORD, planId: plan.id, dueDate: null }, sup);
    expect(explicitNull.body.dueDate).not.toBeNull();
    const cleared = await api.put(`/api/companies/${made.body.id}`, { dueDate: null }, sup);
    expect(cleared.status).toBe(400);
    expect(cleared.body).toMatchObject({ error: 'ERR_VALIDATION', details: [{ path: 'dueDate', message: 'required' }] });
    expect((await api.get(`/api/companies/${made.body.id}`, sup)).body.dueDate).toBe(made.body.dueDate);
  });

  it('item 6: the platform plan is never offered (sign-up list, the form default) and cannot be made offered', async () => {
    const plans = (await api.get('/api/plans', sup)).body as { id: number; name: string; offered: boolean }[];
    const platform = plans.find((p) => p.name === 'Plataforma')!;
    expect(platform.offered).toBe(false);
    expect(((await api.get('/api/plans/list')).body as { id: number }[]).map((p) => p.id)).not.toContain(platform.id);
    const offer = await api.put(`/api/plans/${platform.id}`, { offered: true }, sup);
    expect(offer.status).toBe(400);
    expect(offer.body.details).toEqual([{ path: 'offered', message: 'platform_plan' }]);
    // A plan the super user withdraws from the offer leaves the sign-up list.
    const other = plans.find((p) => p.name !== 'Plataforma')!;
    expect((await api.put(`/api/plans/${other.id}`, { offered: false }, sup)).body.offered).toBe(false);
    expect(((await api.get('/api/plans/list')).body as { id: number }[]).map((p) => p.id)).not.toContain(other.id);
    // Nor can a sign-up choose it (or the platform plan) by id.
    for (const planId of [other.id, platform.id]) {
      const signup = await api.post('/api/companies/cadastro', { name: 'Colada', email: `colada${planId}@x.test`, phone: '51911100000', password: TENANT_PASSWORD, planId });
      expect(signup.status).toBe(404);
      expect(signup.body.error).toBe('ERR_NO_PLAN_FOUND');
    }
    expect((await api.put(`/api/plans/${other.id}`, { offered: true }, sup)).body.offered).toBe(true);
  });

  it('item 1: not even the super user puts a tenant on the platform plan (its renewals would be free)', async () => {
    const platform = ((await api.get('/api/plans', sup)).body as { id: number; name: string }[]).find((p) => p.name === 'Plataforma')!;
    const moved = await api.put(`/api/companies/${companyId}`, { planId: platform.id }, sup);
    expect(moved.status).toBe(400);
    expect(moved.body).toMatchObject({ error: 'ERR_VALIDATION', details: [{ path: 'planId', message: 'platform_plan' }] });
    expect((await api.get(`/api/companies/${companyId}`, sup)).body.planId).not.toBe(platform.id);
    const made = await api.post('/api/companies', { name: 'Gratis', email: 'admin@gratis.test', password: TENANT_PASSWORD, planId: platform.id }, sup);
    expect(made.status).toBe(400);
    expect(made.body.details).toEqual([{ path: 'planId', message: 'platform_plan' }]);
  });

  it('item 12: PUT /companies refuses negative creditos with the validation error shape; 0 and more are kept', async () => {
    const before = (await api.get(`/api/companies/${companyId}`, sup)).body.creditos;
    expect(typeof before).toBe('number');
    const negative = await api.put(`/api/companies/${companyId}`, { creditos: -5 }, sup);
    expect(negative.status).toBe(400);
    expect(negative.body).toMatchObject({ error: 'ERR_VALIDATION', details: [{ path: 'creditos', message: 'min_zero' }] });
    expect((await api.put(`/api/companies/${companyId}`, { creditos: 1.5 }, sup)).status).toBe(400);
    expect((await api.get(`/api/companies/${companyId}`, sup)).body.creditos).toBe(before);
    expect((await api.put(`/api/companies/${companyId}`, { creditos: before + 40 }, sup)).body.creditos).toBe(before + 40);
    const created = await api.post('/api/companies', { name: 'Negativa', email: 'admin@negativa.test', password: TENANT_PASSWORD, planId: 1, creditos: -1 }, sup);
    expect(created.status).toBe(400);
    expect(created.body.details).toEqual([expect.objectContaining({ path: 'creditos', message: 'min_zero' })]);
  });

  it('item 4: the company answer carries no coin balance of its own (coins live in the billing ledger)', async () => {
    const c = (await api.get(`/api/companies/${companyId}`, sup)).body as Record<string, unknown>;
    expect(Object.keys(c)).not.toContain('sendyCoins');
    expect(Object.keys(c)).not.toContain('coins');
    const page = (await api.get('/api/companies', sup)).body as { companies: Record<string, unknown>[] };
    expect(page.companies.every((x) => !('sendyCoins' in x) && !('coins' in x))).toBe(true);
  });
});
