import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENANT_PASSWORD, client, createDatabase, eventually, queryDb, sandbox, startServer, twoCompanies, unservedEndpoints, type RunningServer } from '@atende/sdk-server/testing';
import { DASHBOARD_ENDPOINTS, type DashboardFigures } from '@atende/plugin-dashboard-contract';
import { io, type Socket } from 'socket.io-client';
import { DashboardController } from '../src/dashboard.controller.js';
import { CrmController } from '../src/crm/crm.controller.js';

/**
 * The dashboard against the real kernel, PostgreSQL and Redis. A scripted day of tickets goes through
 * the sandbox and the API; the figures (kept by the plugin from domain events) must equal what SQL
 * over the kernel's raw tables says, in the company's time zone. Alone:
 * npx vitest run --config tooling/vitest.config.ts --project integration plugins/dashboard/server/test
 */
// An offset of 5:45: a day boundary computed in UTC (or in whole hours) would split the day elsewhere.
const TZ = 'Asia/Kathmandu';

describe('dashboard', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let api: ReturnType<typeof client>;
  let admin: string;
  let otherAdmin: string;
  let companyId: number;
  let adminId: number;
  let ventas: number;
  let soporte: number;
  let wa: number;
  const sql = (q: string, p: unknown[] = []) => queryDb(db.url, q, p);
  const figures = async (token: string, query = 'days=7') => {
    const r = await api.get(`/api/dashboard/figures?${query}`, token);
    expect(r.status).toBe(200);
    return r.body as DashboardFigures;
  };
  const ticketOf = async (number: string) =>
    eventually(async () => {
      const rows = await sql(`select t.id from tickets t join contacts c on c.id = t.contact_id where c.number = $1 and t.company_id = $2 order by t.id desc`, [number, companyId]);
      return rows[0]?.id as number | undefined;
    });

  beforeAll(async () => {
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url, env: { ATENDE_PLUGINS: '@atende/plugin-dashboard-server', BUSINESS_TIMEZONE: TZ } });
    api = client(server.url);
    ({ admin, otherAdmin, companyId } = await twoCompanies(api));
    // A second sign-in ends the first session: keep its token.
    const me = await api.login('admin@tienda.test', TENANT_PASSWORD);
    admin = me.token;
    adminId = me.user.id;
    ventas = (await api.post('/api/queue', { name: 'Ventas', color: '#e91e63' }, admin)).body.id;
    soporte = (await api.post('/api/queue', { name: 'Soporte', color: '#3f51b5' }, admin)).body.id;
    wa = await sandbox(api, admin).connect('Sandbox dashboard');
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  it('serves every endpoint its contract declares', () => {
    expect(unservedEndpoints([DashboardController, CrmController], { endpoints: DASHBOARD_ENDPOINTS })).toEqual([]);
  });

  it('after a scripted day, every figure equals what SQL over the raw tables says', async () => {
    const phone = sandbox(api, admin);
    const put = async (id: number, body: Record<string, unknown>) => expect((await api.put(`/api/tickets/${id}`, body, admin)).status).toBe(200);
    // A: queued to Ventas, accepted, answered, closed.
    await phone.say(wa, '5491100000101', 'hola A');
    const a = await ticketOf('5491100000101');
    await put(a, { queueId: ventas });
    await put(a, { status: 'open', userId: adminId });
    expect((await api.post(`/api/messages/${a}`, { body: 'Hola, te ayudo' }, admin)).status).toBeLessThan(300);
    // The agent's message leaves before the ticket closes, as it would for a person.
    await eventually(async () => (await phone.outbox(wa, '5491100000101')).some((m) => m.includes('Hola, te ayudo')));
    await put(a, { status: 'closed' });
    // B: Ventas, accepted, transferred to Soporte, closed, then reopened (stays open).
    await phone.say(wa, '5491100000102', 'hola B');
    const b = await ticketOf('5491100000102');
    await put(b, { queueId: ventas });
    await put(b, { status: 'open', userId: adminId });
    await put(b, { queueId: soporte });
    await put(b, { status: 'closed' });
    await put(b, { status: 'open', userId: adminId });
    // C: waits in Soporte. D: queueless, accepted.
    await phone.say(wa, '5491100000103', 'hola C');
    await put(await ticketOf('5491100000103'), { queueId: soporte });
    await phone.say(wa, '5491100000104', 'hola D');
    await put(await ticketOf('5491100000104'), { status: 'open', userId: adminId });
    await phone.say(wa, '5491100000104', 'otra cosa');
    // D is tagged: a qualified lead for the CRM.
    const vip = (await api.post('/api/tags', { name: 'VIP', color: '#ff0000' }, admin)).body;
    expect((await api.post('/api/tags/sync', { ticketId: await ticketOf('5491100000104'), tags: [{ id: vip.id }] }, admin)).status).toBeLessThan(300);

    // Independent figures, from the kernel's own rows, in the company's time zone.
    const today = (await sql(`select to_char((now() at time zone $1)::date, 'YYYY-MM-DD') d`, [TZ]))[0].d as string;
    const inPeriod = `(created_at at time zone '${TZ}')::date between ($1::date - 6) and $1::date and company_id = $2`;
    const count = async (q: string) => Number((await sql(q, [today, companyId]))[0].n);
    const expected = async () => ({
      waiting: await count(`select count(*) n from tickets where company_id = $2 and status = 'pending' and $1::text is not null`),
      attending: await count(`select count(*) n from tickets where company_id = $2 and status = 'open' and $1::text is not null`),
      created: await count(`select count(*) n from tickets where ${inPeriod}`),
      newContacts: await count(`select count(*) n from contacts where ${inPeriod}`),
      messagesIn: await count(`select count(*) n from messages where ${inPeriod} and not from_me`),
      messagesOut: await count(`select count(*) n from messages where ${inPeriod} and from_me`),
    });
    const want = await expected();
    expect(want).toMatchObject({ waiting: 1, attending: 2, created: 4, newContacts: 4, messagesIn: 5 });
    await eventually(async () => {
      const f = await figures(admin);
      const now = await expected();
      return f.cards.messagesOut === now.messagesOut && f.cards.created === now.created && f.cards.messagesIn === now.messagesIn && f.cards.closed === 2 ? f : null;
    });
    const f = await figures(admin);
    expect(f.period).toEqual({ from: (await sql(`select to_char($1::date - 6, 'YYYY-MM-DD') d`, [today]))[0].d, to: today, timeZone: TZ });
    expect(f.cards).toMatchObject({ ...(await expected()), accepted: 4, closed: 2, reopened: 1, transferred: 1 });
    // Tickets per day: the same days as SQL's grouping in the time zone.
    const perDay = await sql(`select to_char((created_at at time zone '${TZ}')::date, 'YYYY-MM-DD') d, count(*)::int n from tickets where company_id = $1 group by 1`, [companyId]);
    for (const { d, n } of perDay) expect(f.byDay.find((x) => x.day === d)?.created).toBe(n);
    expect(f.byDay.reduce((s, d) => s + d.created, 0)).toBe(4);
    const perHour = await sql(`select extract(hour from created_at at time zone '${TZ}')::int h, count(*)::int n from tickets where company_id = $1 group by 1`, [companyId]);
    for (const { h, n } of perHour) expect(f.byHour[h].created).toBe(n);
    // Averages: the wait lies between 0 and the time since the first ticket, handling likewise.
    const span = Number((await sql(`select extract(epoch from now() - min(created_at)) * 1000 ms from tickets where company_id = $1`, [companyId]))[0].ms);
    expect(f.cards.avgWaitMs).toBeGreaterThan(0);
    expect(f.cards.avgWaitMs).toBeLessThanOrEqual(span);
    expect(f.cards.avgHandleMs).toBeGreaterThan(0);
    // Per agent: the admin accepted four times (A, B, B reopened, D) and closed two; two open with them now.
    expect(f.agents).toEqual([expect.objectContaining({ userId: adminId, accepted: 4, closed: 2, attendingNow: 2 })]);
    // Per queue: B's closing counts where it was (Soporte), A's in Ventas.
    expect(f.queues.find((q) => q.queueId === ventas)).toMatchObject({ closed: 1 });
    expect(f.queues.find((q) => q.queueId === soporte)).toMatchObject({ closed: 1 });
    // Filters: one queue's waiting tickets, and another company's connection is refused.
    const soporteOnly = await figures(admin, `days=7&queueId=${soporte}`);
    expect(soporteOnly.cards.waiting).toBe(1);
    expect(soporteOnly.cards.newContacts).toBeNull();
    expect((await api.get(`/api/dashboard/figures?days=7&whatsappId=${wa}`, admin)).status).toBe(200);
    expect((await api.get(`/api/dashboard/figures?days=7&whatsappId=${wa}`, otherAdmin)).status).toBe(404);
  }, 120_000);

  it('answers the CRM metrics and analytics on the spec\'s paths, from the same day', async () => {
    const today = (await sql(`select to_char((now() at time zone $1)::date, 'YYYY-MM-DD') d`, [TZ]))[0].d as string;
    const q = `dateFrom=${today}&dateTo=${today}%2023:59:59`;
    const messages = Number((await sql(`select count(*) n from messages where company_id = $1`, [companyId]))[0].n);
    const m = await eventually(async () => {
      const r = await api.get(`/api/crm/metrics?${q}`, admin);
      expect(r.status).toBe(200);
      return r.body.data.leadMetrics.qualifiedLeads === 1 ? r.body : null;
    });
    expect(m.success).toBe(true);
    expect(m.data.conversationMetrics).toMatchObject({
      conversationsStarted: 4,
      conversationsCompleted: 2,
      // A was answered by the agent before closing; B was closed without an agent message.
      conversationsAbandoned: 1,
      totalMessages: messages,
      conversationFunnel: { initiated: 4, engaged: 3, qualified: 1, converted: 1 },
    });
    expect(m.data.conversationMetrics.averageResponseTime).toBeGreaterThanOrEqual(0);
    expect(m.data.leadMetrics).toEqual({ leadsCaptured: 4, conversionRate: 25, qualifiedLeads: 1, hotLeads: 0, newContacts: 4 });
    expect(m.data.businessMetrics).toEqual({ totalRevenue: 0, averageTicket: 0, totalTransactions: 0, revenueGrowth: 0 });

    const a = (await api.get(`/api/crm/analytics?${q}&whatsappId=${wa}`, admin)).body;
    expect(a.success).toBe(true);
    const contacts = Number((await sql(`select count(distinct contact_id) n from messages where company_id = $1 and not from_me`, [companyId]))[0].n);
    expect(a.analytics.dailyTrends).toEqual([{ date: today, tickets: 4, completed: 2, unique_contacts: contacts, total_messages: messages }]);
    expect(a.analytics.topPerformingChannels).toEqual([{ whatsappId: wa, name: 'Sandbox dashboard', tickets: 4, completed: 2, messages }]);
    expect(a.analytics.userEngagement).toMatchObject({ activeUsers: 1, topUsers: [expect.objectContaining({ userId: adminId, tickets: 4, completed: 2 })] });
    // The last 7 days of a longer period; another company's connection; a broken date.
    const week = (await api.get(`/api/crm/analytics?dateFrom=2026-01-01&dateTo=2026-01-31`, admin)).body.analytics.dailyTrends;
    expect(week.map((d: { date: string }) => d.date)).toEqual(['2026-01-25', '2026-01-26', '2026-01-27', '2026-01-28', '2026-01-29', '2026-01-30', '2026-01-31']);
    expect((await api.get(`/api/crm/metrics?whatsappId=${wa}`, otherAdmin)).status).toBe(404);
    expect((await api.get(`/api/crm/metrics?dateFrom=ayer&dateTo=hoy`, admin)).status).toBe(400);
  });

  it('keeps each company to its own figures', async () => {
    const f = await figures(otherAdmin);
    expect(f.cards).toMatchObject({ waiting: 0, attending: 0, created: 0, closed: 0, messagesIn: 0, messagesOut: 0, newContacts: 0 });
    expect(f.agents).toEqual([]);
    const crm = (await api.get('/api/crm/metrics', otherAdmin)).body.data;
    expect(crm.conversationMetrics).toMatchObject({ conversationsStarted: 0, totalMessages: 0 });
  });

  it('limits an admin who turns show-all off to their queues, and refuses agents', async () => {
    expect((await api.post('/api/users', { name: 'Bea', email: 'bea@tienda.test', password: TENANT_PASSWORD, profile: 'admin', queueIds: [soporte] }, admin)).status).toBe(201);
    expect((await api.post('/api/users', { name: 'Ana', email: 'ana@tienda.test', password: TENANT_PASSWORD, profile: 'user', queueIds: [ventas] }, admin)).status).toBe(201);
    const bea = (await api.login('bea@tienda.test', TENANT_PASSWORD)).token;
    const ana = (await api.login('ana@tienda.test', TENANT_PASSWORD)).token;
    const all = await figures(bea);
    const mine = await figures(bea, 'days=7&showAll=false');
    const soporteRows = Number(
      (await sql(`select count(*) n from tickets where company_id = $1 and queue_id = $2 and status = 'pending'`, [companyId, soporte]))[0].n,
    );
    expect(mine.cards.waiting).toBe(soporteRows);
    // Admins with show-all off see queueless tickets too (the kernel's rule), never Ventas.
    expect(mine.queues.map((q) => q.queueId).sort()).toEqual([null, soporte].sort());
    // A closed in Ventas (hidden), B in Soporte (hers).
    expect(all.cards.closed).toBe(2);
    expect(mine.cards.closed).toBe(1);
    expect(mine.cards.newContacts).toBeNull();
    expect((await api.get('/api/dashboard/figures', ana)).status).toBe(403);
    expect((await api.get('/api/dashboard/now', ana)).status).toBe(403);
    expect((await api.get('/api/crm/metrics', ana)).status).toBe(403);
  });

  it('validates the period', async () => {
    expect((await api.get('/api/dashboard/figures?days=8', admin)).status).toBe(400);
    expect((await api.get('/api/dashboard/figures?from=2026-02-01', admin)).status).toBe(400);
    expect((await api.get('/api/dashboard/figures?from=2026-02-10&to=2026-02-01', admin)).status).toBe(400);
    const custom = await figures(admin, 'from=2026-01-30&to=2026-02-02');
    expect(custom.byDay.map((d) => d.day)).toEqual(['2026-01-30', '2026-01-31', '2026-02-01', '2026-02-02']);
  });

  it('shows who is online now, live, within the company and the viewer\'s view', async () => {
    const connect = (token: string) =>
      new Promise<Socket>((resolve, reject) => {
        const s = io(server.url, { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: false });
        s.once('ready', () => resolve(s));
        s.once('connect_error', reject);
      });
    const ana = await api.login('ana@tienda.test', TENANT_PASSWORD);
    const bea = (await api.login('bea@tienda.test', TENANT_PASSWORD)).token;
    const anaRow = async (token: string, query?: string) => (await figures(token, query)).agents.find((a) => a.userId === ana.user.id);
    // The admin's screen hears the nudges (dashboard:view holders only).
    const screen = await connect(admin);
    const nudges: { event: string }[] = [];
    screen.on('dashboard:update', (p: { event: string }) => nudges.push(p));
    expect(await anaRow(admin)).toBeUndefined();
    const anaSocket = await connect(ana.token);
    const other = await connect(otherAdmin);
    try {
      await eventually(async () => nudges.some((n) => n.event === 'user.presence'));
      // Ana has no figures yet: she is listed because she is connected, for an admin seeing the whole company.
      expect(await anaRow(admin)).toMatchObject({ name: 'Ana', online: true, accepted: 0, closed: 0, attendingNow: 0 });
      // Bea with show-all off sees only her queues' figures: a connected agent of another queue is not hers to list.
      expect(await anaRow(bea, 'days=7&showAll=false')).toBeUndefined();
      // The other company's admin is connected too, and absent here; this company's admin is online.
      const f = await figures(admin);
      expect(f.agents.find((a) => a.userId === adminId)).toMatchObject({ online: true });
      const otherIds = (await sql(`select id from users where company_id <> $1`, [companyId])).map((r) => r.id as number);
      expect(f.agents.some((a) => otherIds.includes(a.userId))).toBe(false);
      // Ana leaves: offline at once, and the screen is told.
      const before = nudges.length;
      anaSocket.disconnect();
      await eventually(async () => (await anaRow(admin)) === undefined);
      await eventually(async () => nudges.length > before);
    } finally {
      anaSocket.disconnect();
      other.disconnect();
      screen.disconnect();
    }
    // Nobody connected: the admin keeps their row (figures of the day) but is offline.
    await eventually(async () => (await figures(admin)).agents.find((a) => a.userId === adminId)?.online === false);
  });
  it('counts a burst once per message: many events to a batch, several to a ticket (applied together, in order)', async () => {
    const phone = sandbox(api, admin);
    const before = (await figures(admin)).cards;
    const numbers = ['5491100000301', '5491100000302', '5491100000303'];
    await Promise.all(numbers.flatMap((n) => Array.from({ length: 8 }, (_, i) => phone.say(wa, n, `ráfaga ${i}`))));
    const want = before.messagesIn + numbers.length * 8;
    await eventually(async () => (await figures(admin)).cards.messagesIn === want);
    // Each ticket's own count of customer messages is the messages table's, and each contact is new once.
    const tickets = await sql(
      `select d.ticket_id, d.msgs_in from dashboard_tickets d join tickets t on t.id = d.ticket_id and t.company_id = d.company_id
       join contacts c on c.id = t.contact_id and c.company_id = t.company_id where d.company_id = $1 and c.number = any($2)`,
      [companyId, numbers],
    );
    expect(tickets).toHaveLength(numbers.length);
    for (const t of tickets) {
      const [{ n }] = await sql(`select count(*)::int n from messages where company_id = $1 and ticket_id = $2 and not from_me`, [companyId, t.ticket_id]);
      expect(t.msgs_in).toBe(n);
    }
    const after = (await figures(admin)).cards;
    expect(after.newContacts).toBe((before.newContacts ?? 0) + numbers.length);
    expect(after.created).toBe(before.created + numbers.length);
    // Nothing is counted twice later (a repeated delivery finds its event ids seen).
    await new Promise((r) => setTimeout(r, 1500));
    expect((await figures(admin)).cards.messagesIn).toBe(want);
  }, 60_000);
});
