import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPER, client, createDatabase, eventually, queryDb, startServer, twoCompanies, unservedEndpoints, type RunningServer } from '@atende/sdk-server/testing';
import { CAMPAIGN_STATS_ENDPOINTS } from '@atende/plugin-campaigns-contract';
import { CampaignStatsController } from '../src/campaigns/sent-today.controller.js';

/**
 * The dashboard's "sent today" card reads `GET /api/campaigns/stats/sent-today` (issue 32): the
 * company's campaign sends since midnight in its time zone, nobody else's, only on a plan with
 * useCampaigns. Alone:
 * npx vitest run --config tooling/vitest.config.ts --project integration plugins/campaigns/server/test/sent-today.test.ts
 */
// UTC-5: "today" starts at 05:00 UTC, so a day counted in UTC would disagree for five hours of each day.
const TZ = 'America/Lima';

describe('campaigns sent today', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let api: ReturnType<typeof client>;
  let admin: string;
  let otherAdmin: string;
  let companyId: number;
  let otherId: number;
  const sql = (q: string, p: unknown[] = []) => queryDb(db.url, q, p);

  beforeAll(async () => {
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url, env: { BUSINESS_TIMEZONE: TZ, ATENDE_PLUGINS_DISABLED: '@atende/plugin-ai-server' } });
    api = client(server.url);
    ({ admin, otherAdmin, companyId } = await twoCompanies(api));
    otherId = (await sql(`select id from companies where name = 'Otra'`))[0].id;
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  it('serves the endpoint its contract declares', () => {
    expect(unservedEndpoints([CampaignStatsController], { stats: CAMPAIGN_STATS_ENDPOINTS })).toEqual([]);
  });

  it('counts the company\'s sends since its midnight, not yesterday\'s nor another company\'s', async () => {
    const midnight = `((now() at time zone '${TZ}')::date::timestamp at time zone '${TZ}')`;
    for (const company of [companyId, otherId]) {
      const [{ id }] = await sql(`insert into campaigns (company_id, name, status) values ($1, 'Promo', 'EM_ANDAMENTO') returning id`, [company]);
      // Today: two sent (one of them read since), one still pending; yesterday, one second before midnight: one.
      await sql(
        `insert into campaign_shipping (company_id, campaign_id, number, variant, status, sent_at, read_at) values
           ($1, $2, '51900000001', 1, 'sent', ${midnight} + interval '1 second', null),
           ($1, $2, '51900000002', 1, 'read', ${midnight} + interval '2 seconds', now()),
           ($1, $2, '51900000003', 1, 'pending', null, null),
           ($1, $2, '51900000004', 1, 'sent', ${midnight} - interval '1 second', null)`,
        [company, id],
      );
    }
    const today = (await sql(`select to_char((now() at time zone '${TZ}')::date, 'YYYY-MM-DD') d`))[0].d;
    const [{ n }] = await sql(`select count(*)::int n from campaign_shipping where company_id = $1 and sent_at >= ${midnight}`, [companyId]);
    const r = await api.get('/api/campaigns/stats/sent-today', admin);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ day: today, sent: n });
    expect(n).toBe(2);
    // The other company's own count; a plan without campaigns is refused.
    expect((await api.get('/api/campaigns/stats/sent-today', otherAdmin)).body.sent).toBe(2);
    const sup = (await api.login(SUPER.email, SUPER.password)).token;
    const plan = (await api.post('/api/plans', { name: 'Sin campañas', value: 10, users: 10, connections: 2, queues: 5, useCampaigns: false }, sup)).body;
    expect((await api.put(`/api/companies/${otherId}`, { planId: plan.id }, sup)).status).toBe(200);
    await eventually(async () => (await api.get('/api/campaigns/stats/sent-today', otherAdmin)).status === 403);
  });
});
