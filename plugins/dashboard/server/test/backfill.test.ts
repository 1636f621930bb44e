import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENANT_PASSWORD, client, createDatabase, eventually, queryDb, sandbox, startServer, twoCompanies, type RunningServer } from '@atende/sdk-server/testing';
import type { DashboardFigures } from '@atende/plugin-dashboard-contract';

/**
 * Figures from before the plugin was installed: tickets and messages made while it is disabled
 * (ATENDE_PLUGINS_DISABLED), then the kernel restarts with it, and its backfill job fills the rollups
 * from the TICKET_HISTORY port. Alone:
 * npx vitest run --config tooling/vitest.config.ts --project integration plugins/dashboard/server/test/backfill.test.ts
 */
const TZ = 'America/Lima';
const PLUGIN = '@atende/plugin-dashboard-server';

describe('dashboard backfill', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer | undefined;
  let api: ReturnType<typeof client>;
  let admin: string;
  let otherAdmin: string;
  let companyId: number;
  let adminId: number;
  let wa: number;
  const sql = (q: string, p: unknown[] = []) => queryDb(db.url, q, p);
  // One data directory for every start: the same secrets (tokens) and the sandbox connection's state.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'atende-dashboard-backfill-'));
  const start = async (enabled: boolean) => {
    server = await startServer({ databaseUrl: db.url, dataDir, env: enabled ? { ATENDE_PLUGINS: PLUGIN, BUSINESS_TIMEZONE: TZ } : { ATENDE_PLUGINS_DISABLED: PLUGIN, BUSINESS_TIMEZONE: TZ } });
    api = client(server.url);
    if (companyId) {
      admin = (await api.login('admin@tienda.test', TENANT_PASSWORD)).token;
      otherAdmin = (await api.login('admin@otra.test', TENANT_PASSWORD)).token;
    }
  };
  const figures = async (token: string, query = 'days=7') => {
    const r = await api.get(`/api/dashboard/figures?${query}`, token);
    expect(r.status).toBe(200);
    return r.body as DashboardFigures;
  };
  // Independent figures from the kernel's rows, over the same 7 days in the company's zone.
  const expected = async () => {
    const today = (await sql(`select to_char((now() at time zone $1)::date, 'YYYY-MM-DD') d`, [TZ]))[0].d as string;
    const inPeriod = (col: string) => `(${col} at time zone '${TZ}')::date between ($1::date - 6) and $1::date and company_id = $2`;
    const count = async (q: string) => Number((await sql(q, [today, companyId]))[0].n);
    return {
      created: await count(`select count(*) n from tickets where ${inPeriod('created_at')}`),
      closed: await count(`select count(*) n from tickets where ${inPeriod('updated_at')} and status = 'closed'`),
      messagesIn: await count(`select count(*) n from messages where ${inPeriod('created_at')} and not from_me`),
      messagesOut: await count(`select count(*) n from messages where ${inPeriod('created_at')} and from_me`),
    };
  };
  const cardsOf = (f: DashboardFigures) => ({ created: f.cards.created, closed: f.cards.closed, messagesIn: f.cards.messagesIn, messagesOut: f.cards.messagesOut });

  beforeAll(async () => {
    db = await createDatabase();
    await start(false);
    ({ admin, otherAdmin, companyId } = await twoCompanies(api));
    const me = await api.login('admin@tienda.test', TENANT_PASSWORD);
    admin = me.token;
    adminId = me.user.id;
    wa = await sandbox(api, admin).connect('Sandbox backfill');
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('counts the tickets and messages from before the install once, equal to SQL over the raw tables', async () => {
    // While the plugin is disabled: three conversations, one answered and closed by the admin.
    expect((await api.get('/api/dashboard/figures', admin)).status).toBe(404);
    const phone = sandbox(api, admin);
    for (const n of ['51900000201', '51900000202', '51900000203']) await phone.say(wa, n, `hola ${n}`);
    await phone.say(wa, '51900000201', 'sigo aquí');
    const [{ id: first }] = await eventually(async () => {
      const rows = await sql(`select t.id from tickets t join contacts c on c.id = t.contact_id where c.number = '51900000201' and t.company_id = $1`, [companyId]);
      return rows.length ? rows : null;
    });
    expect((await api.put(`/api/tickets/${first}`, { status: 'open', userId: adminId }, admin)).status).toBe(200);
    expect((await api.post(`/api/messages/${first}`, { body: 'Te ayudo' }, admin)).status).toBeLessThan(300);
    await eventually(async () => (await phone.outbox(wa, '51900000201')).some((m) => m.includes('Te ayudo')));
    expect((await api.put(`/api/tickets/${first}`, { status: 'closed' }, admin)).status).toBe(200);
    await eventually(async () => Number((await sql(`select count(*) n from messages where company_id = $1 and not from_me`, [companyId]))[0].n) === 4);
    const before = await expected();
    expect(before).toMatchObject({ created: 3, closed: 1, messagesIn: 4 });
    expect(before.messagesOut).toBeGreaterThanOrEqual(1);
    await server!.stop();
    server = undefined;

    // Installed: the backfill job fills the rollups in the background.
    await start(true);
    await eventually(async () => (await sql(`select phase from dashboard_backfills where company_id = $1`, [companyId]))[0]?.phase === 'done', 60_000);
    const f = await figures(admin);
    expect(cardsOf(f)).toEqual(await expected());
    // Per day and per hour, as SQL groups them in the zone.
    const perDay = await sql(`select to_char((created_at at time zone '${TZ}')::date, 'YYYY-MM-DD') d, count(*)::int n from tickets where company_id = $1 group by 1`, [companyId]);
    for (const { d, n } of perDay) expect(f.byDay.find((x) => x.day === d)?.created).toBe(n);
    const perHour = await sql(`select extract(hour from created_at at time zone '${TZ}')::int h, count(*)::int n from tickets where company_id = $1 group by 1`, [companyId]);
    for (const { h, n } of perHour) expect(f.byHour[h].created).toBe(n);
    // The closing is the admin's: the per-agent table has it (acceptances before the install are not known).
    expect(f.agents).toEqual([expect.objectContaining({ userId: adminId, closed: 1, accepted: 0 })]);
    // The other company has its own (empty) history.
    expect(cardsOf(await figures(otherAdmin))).toEqual({ created: 0, closed: 0, messagesIn: 0, messagesOut: 0 });

    // After the install, the domain events count what is new, once: history and events do not overlap.
    await sandbox(api, admin).say(wa, '51900000204', 'hola nuevo');
    await eventually(async () => {
      const want = await expected();
      return want.created === 4 && want.messagesIn === 5 && JSON.stringify(cardsOf(await figures(admin))) === JSON.stringify(want);
    }, 30_000);

    // Idempotent: a restart does not count the history again.
    const settled = cardsOf(await figures(admin));
    await server!.stop();
    await start(true);
    await new Promise((r) => setTimeout(r, 2000));
    expect(cardsOf(await figures(admin))).toEqual(settled);
    expect(cardsOf(await figures(admin))).toEqual(await expected());
  }, 240_000);

  it('resumes a company\'s backfill where it stopped, without counting a page twice', async () => {
    // A company whose backfill stopped after its tickets (cursor at the end of that phase): rewinding
    // only the messages phase must give the same figures as before, not double them.
    const settled = cardsOf(await figures(admin));
    const ticketsOnly = { ...settled, messagesIn: 0, messagesOut: 0 };
    await sql(`update dashboard_rollups set msgs_in = 0, msgs_out = 0, active_contacts = 0 where company_id = $1`, [companyId]);
    await sql(`delete from dashboard_contact_days where company_id = $1`, [companyId]);
    await sql(`update dashboard_backfills set phase = 'messages', cursor = 0, finished_at = null where company_id = $1`, [companyId]);
    // Rows changed behind the plugin's back: its answers are kept up to 2 s (cache/read-cache.ts), then read again.
    await eventually(async () => JSON.stringify(cardsOf(await figures(admin))) === JSON.stringify(ticketsOnly), 10_000);
    expect(cardsOf(await figures(admin))).toEqual(ticketsOnly);
    await server!.stop();
    await start(true);
    await eventually(async () => (await sql(`select phase from dashboard_backfills where company_id = $1`, [companyId]))[0]?.phase === 'done', 60_000);
    // Messages before the install come back from the history; the one after it came as an event (zeroed above).
    const f = cardsOf(await figures(admin));
    expect(f.created).toBe(settled.created);
    expect(f.messagesIn).toBe(settled.messagesIn - 1);
  }, 120_000);
});
