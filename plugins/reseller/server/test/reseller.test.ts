import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPER, TENANT_PASSWORD, client, createDatabase, queryDb, startServer, twoCompanies, unservedEndpoints, type RunningServer } from '@atende/sdk-server/testing';
import { addMonths } from '@atende/plugin-billing-contract';
import { RESELLER_ENDPOINTS } from '@atende/plugin-reseller-contract';
import { RESELLER_CONTROLLERS } from '../src/index.js';

/**
 * The reseller plugin against the real kernel, PostgreSQL and Redis, with billing (it depends on it;
 * both are in plugins/installed.json). Moved here from billing's tests when the panel became a plugin
 * of its own (issue 29 item 4): same routes, payloads and errors.
 * Alone: npx vitest run --config tooling/vitest.config.ts --project integration plugins/reseller/server/test
 */
describe('reseller', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let api: ReturnType<typeof client>;
  let admin: string;
  let otherAdmin: string;
  let sup: string;
  let tiendaId: number;
  const plans: Record<string, { id: number; connections: number }> = {};

  const company = async (id: number) => (await api.get(`/api/companies/${id}`, sup)).body as { dueDate: string | null; planId: number; referralCode: string };
  const adjust = (userId: number, coinsAdjustment: number) => api.post('/api/referrals/adjust-coins', { userId, coinsAdjustment }, sup);
  const balance = async (companyId: number) => (await queryDb(db.url, `select coalesce((select balance from billing_coin_accounts where company_id = $1), 0) as b`, [companyId]))[0].b as number;
  const ledgerSum = async (companyId: number) => Number((await queryDb(db.url, `select coalesce(sum(delta), 0) as s from billing_coin_ledger where company_id = $1`, [companyId]))[0].s);
  const signup = (name: string, email: string, ref: string) =>
    api.post('/api/companies/cadastro', { name, email, phone: '51911100000', password: TENANT_PASSWORD, planId: plans.Pyme!.id, referralCode: ref });

  beforeAll(async () => {
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url });
    api = client(server.url);
    ({ admin, otherAdmin, companyId: tiendaId } = await twoCompanies(api));
    sup = (await api.login(SUPER.email, SUPER.password)).token;
    const pyme = (await api.get('/api/plans/list', sup)).body.find((p: { name: string }) => p.name === 'Pyme');
    plans.Pyme = { id: pyme.id, connections: pyme.connections };
    const pro = (await api.post('/api/plans', { name: 'Pro', value: 199, users: 10, connections: 5, queues: 5 }, sup)).body;
    plans.Pro = { id: pro.id, connections: 5 };
    const tiendaUserId = (await api.get('/api/auth/me', admin)).body.id as number;
    expect((await adjust(tiendaUserId, 1000)).status).toBe(201);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  it('serves every endpoint its contract declares', () => {
    expect(unservedEndpoints(RESELLER_CONTROLLERS, { endpoints: RESELLER_ENDPOINTS })).toEqual([]);
  });

  it('is listed as its own plugin, with its page for admins', async () => {
    const list = (await api.get('/api/plugins', admin)).body as { id: string; menu: { path: string }[] }[];
    expect(list.find((p) => p.id === 'reseller')?.menu.map((m) => m.path)).toEqual(['/reseller']);
    expect(list.find((p) => p.id === 'billing')?.menu.map((m) => m.path)).not.toContain('/reseller');
  });

  it('referral sign-up, metrics, extend/upgrade/downgrade of referrals with its coins, history, bonus', async () => {
    const code = (await company(tiendaId)).referralCode;
    expect((await signup('Referida', 'admin@referida.test', code)).status).toBe(201);
    const referida = await api.login('admin@referida.test', TENANT_PASSWORD);
    const referidaId = referida.user.companyId as number;

    const m = (await api.get('/api/reseller/metrics', admin)).body;
    expect(m).toMatchObject({ totalCoReferrals: 1, sendyCoins: await balance(tiendaId) });
    expect(m.referralLink).toContain(`/signup?ref=${code}`);
    expect(m.referrals[0]).toMatchObject({ id: referidaId, name: 'Referida', plan: { id: plans.Pyme!.id, connections: 2 } });

    // Only its own referrals, never itself nor another company's.
    expect((await api.post('/api/reseller/extend-plan', { targetCompanyId: referidaId, months: 1 }, otherAdmin)).status).toBe(404);
    expect((await api.post('/api/reseller/extend-plan', { targetCompanyId: tiendaId, months: 1 }, admin)).status).toBe(404);
    expect((await api.post('/api/reseller/extend-plan', { targetCompanyId: 999999, months: 1 }, admin)).body.error).toBe('ERR_NO_COMPANY_FOUND');
    const coins = await balance(tiendaId);
    const due = (await company(referidaId)).dueDate!;
    const ext = await api.post('/api/reseller/extend-plan', { targetCompanyId: referidaId, months: 1 }, admin);
    expect(ext.status, JSON.stringify(ext.body)).toBe(201);
    expect(ext.body).toMatchObject({ coinsUsed: 60, balance: coins - 60, dueDate: addMonths(due, 1).toISOString() });
    expect(await balance(referidaId)).toBe(0);
    const up = await api.post('/api/reseller/upgrade-plan', { targetCompanyId: referidaId, newPlanId: plans.Pro!.id }, admin);
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const down = await api.post('/api/reseller/downgrade-plan', { targetCompanyId: referidaId, newPlanId: plans.Pyme!.id }, admin);
    expect(down.body.coinsUsed).toBe(0);
    const history = (await api.get('/api/reseller/history', admin)).body as { actionType: string; sendyCoinsUsed: number; targetCompany: { email: string } }[];
    expect(history.map((h) => h.actionType)).toEqual(['downgrade', 'upgrade', 'extension']);
    expect(history[2]).toMatchObject({ sendyCoinsUsed: 60, targetCompany: { email: 'admin@referida.test' } });
    expect((await api.get('/api/reseller/history', otherAdmin)).body).toEqual([]);
    expect((await api.get('/api/reseller/metrics', otherAdmin)).body).toMatchObject({ totalCoReferrals: 0, referrals: [], totalSales: 0 });

    // Bonus: Referida extends its own referral's plan; Tienda (who referred Referida) earns 10 %.
    const referidaCode = (await company(referidaId)).referralCode;
    expect((await signup('Nieta', 'admin@nieta.test', referidaCode)).status).toBe(201);
    const nietaId = (await api.login('admin@nieta.test', TENANT_PASSWORD)).user.companyId as number;
    await adjust(referida.user.id, 200);
    expect((await api.post('/api/reseller/extend-plan', { targetCompanyId: nietaId, months: 2 }, referida.token)).body.coinsUsed).toBe(120);
    // Tienda cannot act on its referral's referral.
    expect((await api.post('/api/reseller/extend-plan', { targetCompanyId: nietaId, months: 1 }, admin)).status).toBe(404);
    expect((await api.post('/api/bonus-rewards/process-all', {}, admin)).status).toBe(403);
    const before = await balance(tiendaId);
    expect((await api.post('/api/bonus-rewards/process-all', {}, sup)).body).toEqual({ processedCompanies: 1, totalCoinsAwarded: 12 });
    expect((await api.post('/api/bonus-rewards/process-all', {}, sup)).body).toEqual({ processedCompanies: 0, totalCoinsAwarded: 0 });
    expect(await balance(tiendaId)).toBe(before + 12);
    expect((await api.get('/api/bonus-rewards/stats', sup)).body).toEqual({ data: { totalCompaniesWithBonus: 1, totalBonusActions: 12 } });
    const after = (await api.get('/api/reseller/metrics', admin)).body;
    expect(after.totalBonus).toBe(12);
    expect(after.totalSales).toBe(60 + up.body.coinsUsed);
    expect(after.referrals.find((r: { id: number }) => r.id === referidaId)).toMatchObject({ bonus: 12, totalSales: 60 + up.body.coinsUsed });
    expect(await ledgerSum(tiendaId)).toBe(await balance(tiendaId));
  });

  it('not enough coins: 400 ERR_INSUFFICIENT_COINS and nothing changes', async () => {
    const otherCode = (await api.get('/api/reseller/metrics', otherAdmin)).body.referralLink.split('ref=')[1];
    expect((await signup('Pobre', 'admin@pobre.test', decodeURIComponent(otherCode))).status).toBe(201);
    const pobreId = (await api.login('admin@pobre.test', TENANT_PASSWORD)).user.companyId as number;
    const due = (await company(pobreId)).dueDate;
    const r = await api.post('/api/reseller/extend-plan', { targetCompanyId: pobreId, months: 12 }, otherAdmin);
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('ERR_INSUFFICIENT_COINS');
    expect((await company(pobreId)).dueDate).toBe(due);
  });

  it('permissions: an agent has no reseller panel; an expired company neither', async () => {
    const created = await api.post('/api/users', { name: 'Agente', email: 'agente@tienda.test', password: TENANT_PASSWORD, profile: 'user' }, admin);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const agent = (await api.login('agente@tienda.test', TENANT_PASSWORD)).token;
    expect((await api.get('/api/reseller/metrics', agent)).status).toBe(403);
    expect((await api.post('/api/reseller/extend-plan', { targetCompanyId: 1, months: 1 }, agent)).status).toBe(403);
    const list = (await api.get('/api/plugins', agent)).body as { id: string; menu: { path: string }[] }[];
    expect(list.find((p) => p.id === 'reseller')?.menu ?? []).toEqual([]);
    expect((await api.get('/api/reseller/metrics')).status).toBe(401);
    const otherId = (await api.get('/api/auth/me', otherAdmin)).body.companyId as number;
    expect((await api.put(`/api/companies/${otherId}`, { dueDate: new Date(Date.now() - 86_400_000).toISOString() }, sup)).status).toBe(200);
    expect((await api.get('/api/reseller/metrics', otherAdmin)).status).toBe(402);
  });
});
