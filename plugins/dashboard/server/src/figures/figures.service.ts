import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { AppError, CONNECTIONS, PRESENCE, TICKETS, USERS, type Connections, type Presence, type TicketQuery, type Tickets, type TicketVisibility, type Users } from '@atende/sdk-server';
import type { DashboardFigures, DashboardNow, DashboardQuery } from '@atende/plugin-dashboard-contract';
import { daysOf, periodOf } from './period.js';

type Row = Record<string, unknown>;
const n = (v: unknown) => Number(v ?? 0);
const avg = (sum: unknown, count: unknown) => (n(count) > 0 ? Math.round(n(sum) / n(count)) : null);

/**
 * The dashboard's figures: sums over the plugin's rollups (never the kernel's tables) for the period,
 * under the viewer's visibility rule and the filters, plus the kernel's counts of tickets waiting and
 * being attended right now (TICKETS.count, one indexed count each).
 */
@Injectable()
export class FiguresService {
  constructor(
    private readonly em: EntityManager,
    @Inject(TICKETS) private readonly tickets: Tickets,
    @Inject(USERS) private readonly users: Users,
    @Inject(CONNECTIONS) private readonly connections: Connections,
    @Inject(PRESENCE) private readonly presence: Presence,
  ) {}

  async now(companyId: number, userId: number, query: DashboardQuery): Promise<DashboardNow> {
    await this.checkFilters(companyId, query);
    const base: TicketQuery = { viewerUserId: userId, showAll: query.showAll, whatsappId: query.whatsappId, queueIds: query.queueId ? [query.queueId] : undefined };
    const [waiting, attending] = await Promise.all([this.tickets.count(companyId, { ...base, status: 'pending' }), this.tickets.count(companyId, { ...base, status: 'open' })]);
    return { waiting, attending };
  }

  async figures(companyId: number, userId: number, query: DashboardQuery): Promise<DashboardFigures> {
    const [timeZone, viewer] = await Promise.all([this.tickets.timeZone(companyId), this.tickets.viewer(companyId, userId, { showAll: query.showAll })]);
    const period = periodOf(query, timeZone);
    const nowCounts = this.now(companyId, userId, query);
    const where = rowsWhere(companyId, period, viewer, query);
    const exec = (sql: string, params: unknown[]) => this.em.getConnection().execute(sql, params) as Promise<Row[]>;
    const sums = `sum(created) created, sum(accepted) accepted, sum(closed) closed, sum(wait_ms) wait_ms, sum(wait_n) wait_n, sum(handle_ms) handle_ms, sum(handle_n) handle_n`;
    // One scan of the period's rows for every grouping the page shows (totals, agents, queues, days, hours).
    const [now, attendingByAgent, grouped, contacts, online] = await Promise.all([
      nowCounts,
      this.attendingByAgent(companyId, viewer, query),
      exec(
        `select grouping(user_id, queue_id, day, hour) as g, user_id, queue_id, to_char(day, 'YYYY-MM-DD') as day, hour, ${sums},
                sum(reopened) reopened, sum(transferred) transferred, sum(msgs_in) msgs_in, sum(msgs_out) msgs_out
           from dashboard_rollups r where ${where.sql}
          group by grouping sets ((), (user_id), (queue_id), (day), (hour))`,
        where.params,
      ),
      // Contacts belong to no queue nor connection: counted for a viewer seeing everything, without filters.
      viewer.queueIds === null && !query.queueId && !query.whatsappId
        ? exec(`select coalesce(sum(new_contacts), 0) n from dashboard_rollups where company_id = ? and day between ?::date and ?::date`, [companyId, period.from, period.to])
        : Promise.resolve(null),
      this.presence.online(companyId).then((ids) => new Set(ids)),
    ]);
    // grouping() sets a bit per column left out, in the order named: user 8, queue 4, day 2, hour 1.
    const only = (kept: number) => grouped.filter((r) => n(r.g) === 15 - kept);
    const total = grouped.find((r) => n(r.g) === 15);
    const active = only(8).filter((r) => n(r.user_id) !== 0);
    // Agents with no figures in the period still belong in the table when they hold tickets now or,
    // for a viewer who sees the whole company without filters, when they are connected.
    const listed = new Set(active.map((a) => n(a.user_id)));
    const wholeCompany = viewer.queueIds === null && !query.queueId && !query.whatsappId;
    const agents: Row[] = [...active];
    for (const id of [...attendingByAgent.keys(), ...(wholeCompany ? online : [])]) {
      if (listed.has(id)) continue;
      listed.add(id);
      agents.push({ user_id: id });
    }
    const queues = only(4).sort((a, b) => n(a.queue_id) - n(b.queue_id));
    const byDay = only(2);
    const byHour = only(1);
    const agentIds = agents.map((a) => n(a.user_id));
    const names = new Map((await this.users.list(companyId, agentIds)).map((u) => [u.id, u.name]));
    const perDay = new Map(byDay.map((d) => [String(d.day), d]));
    const perHour = new Map(byHour.map((h) => [n(h.hour), h]));
    return {
      period: { ...period, timeZone },
      cards: {
        ...now,
        created: n(total?.created),
        accepted: n(total?.accepted),
        closed: n(total?.closed),
        reopened: n(total?.reopened),
        transferred: n(total?.transferred),
        newContacts: contacts ? n(contacts[0]?.n) : null,
        avgWaitMs: avg(total?.wait_ms, total?.wait_n),
        avgHandleMs: avg(total?.handle_ms, total?.handle_n),
        messagesIn: n(total?.msgs_in),
        messagesOut: n(total?.msgs_out),
      },
      agents: agents
        // A deleted user's rows stay in the rollups but leave the table (USERS answers the company's users only).
        .filter((a) => names.has(n(a.user_id)))
        .map((a) => ({
          userId: n(a.user_id),
          name: names.get(n(a.user_id)) ?? '',
          accepted: n(a.accepted),
          closed: n(a.closed),
          avgHandleMs: avg(a.handle_ms, a.handle_n),
          attendingNow: attendingByAgent.get(n(a.user_id)) ?? 0,
          online: online.has(n(a.user_id)),
        }))
        .sort((a, b) => b.closed - a.closed || a.name.localeCompare(b.name)),
      queues: queues
        .filter((q) => n(q.created) + n(q.accepted) + n(q.closed) > 0)
        .map((q) => ({
          queueId: n(q.queue_id) || null,
          created: n(q.created),
          accepted: n(q.accepted),
          closed: n(q.closed),
          avgWaitMs: avg(q.wait_ms, q.wait_n),
          avgHandleMs: avg(q.handle_ms, q.handle_n),
        })),
      byDay: daysOf(period.from, period.to).map((day) => ({ day, created: n(perDay.get(day)?.created), closed: n(perDay.get(day)?.closed) })),
      byHour: Array.from({ length: 24 }, (_, hour) => ({ hour, created: n(perHour.get(hour)?.created) })),
    };
  }

  /** Tickets open with each agent now, from the plugin's ticket states (kept by the same events). */
  private async attendingByAgent(companyId: number, viewer: TicketVisibility, query: DashboardQuery): Promise<Map<number, number>> {
    const vis = visibility(viewer, 't');
    const rows = (await this.em.getConnection().execute(
      `select user_id, count(*)::int n from dashboard_tickets t
        where t.company_id = ? and t.status = 'open' and t.user_id is not null and ${vis.sql}
          ${query.whatsappId ? 'and t.whatsapp_id = ?' : ''} ${query.queueId ? 'and t.queue_id = ?' : ''}
        group by user_id`,
      [companyId, ...vis.params, ...(query.whatsappId ? [query.whatsappId] : []), ...(query.queueId ? [query.queueId] : [])],
    )) as Row[];
    return new Map(rows.map((r) => [n(r.user_id), n(r.n)]));
  }

  /** A connection filter must be the company's (404 otherwise); a queue the viewer may not see: 403. */
  private async checkFilters(companyId: number, query: DashboardQuery): Promise<void> {
    if (query.whatsappId && !(await this.connections.get(companyId, query.whatsappId))) throw AppError.notFound('ERR_NO_WAPP_FOUND');
  }
}

/** The rollup rows (alias `r`) of the period the viewer may see, with the filters. */
function rowsWhere(companyId: number, period: { from: string; to: string }, viewer: TicketVisibility, query: DashboardQuery) {
  const sql = ['r.company_id = ?', 'r.day between ?::date and ?::date'];
  const params: unknown[] = [companyId, period.from, period.to];
  const vis = visibility(viewer, 'r', true);
  sql.push(vis.sql);
  params.push(...vis.params);
  if (query.whatsappId) {
    sql.push('r.whatsapp_id = ?');
    params.push(query.whatsappId);
  } else {
    sql.push('r.whatsapp_id <> 0'); // rows of contacts (no connection) hold only new_contacts
  }
  if (query.queueId) {
    sql.push('r.queue_id = ?');
    params.push(query.queueId);
  }
  return { sql: sql.join(' and '), params };
}

/**
 * The kernel's visibility rule (TICKETS.viewer) on rows keyed by queue and user: the viewer's queues,
 * their own tickets, queueless ones when allowed. `zeroIsNone`: rollups store "no queue" as 0.
 */
function visibility(viewer: TicketVisibility, t: string, zeroIsNone = false) {
  if (viewer.queueIds === null) return { sql: 'true', params: [] as unknown[] };
  const none = zeroIsNone ? `${t}.queue_id = 0` : `${t}.queue_id is null`;
  return {
    sql: `(${t}.queue_id = any(array[?]::int[]) or ${t}.user_id = ?${viewer.queueless ? ` or ${none}` : ''})`,
    params: [viewer.queueIds.length ? viewer.queueIds : [-1], viewer.userId] as unknown[],
  };
}
