import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { AppError, CONNECTIONS, TICKETS, USERS, type Connections, type Tickets, type Users } from '@atende/sdk-server';
import type { CrmAnalytics, CrmMetrics, CrmQuery } from '@atende/plugin-dashboard-contract';
import { daysOf, periodOf } from '../figures/period.js';
import { addDays } from '../rollup/local-time.js';

type Row = Record<string, unknown>;
const n = (v: unknown) => Number(v ?? 0);
const pct = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 100 : 0);

/**
 * The CRM dashboard's figures (commercial-admin §7–§8), from the same rollups as the main dashboard.
 * Every figure is defined in plugins/dashboard/README.md ("CRM metrics"); revenue is 0 until a plugin
 * records sales. Admins only (`dashboard:view`), who see every ticket: no visibility filter here.
 */
@Injectable()
export class CrmService {
  constructor(
    private readonly em: EntityManager,
    @Inject(TICKETS) private readonly tickets: Tickets,
    @Inject(USERS) private readonly users: Users,
    @Inject(CONNECTIONS) private readonly connections: Connections,
  ) {}

  private async scope(companyId: number, query: CrmQuery) {
    if (query.whatsappId && !(await this.connections.get(companyId, query.whatsappId))) throw AppError.notFound('ERR_NO_WAPP_FOUND');
    const timeZone = await this.tickets.timeZone(companyId);
    const period = periodOf(query.dateFrom && query.dateTo ? { from: query.dateFrom, to: query.dateTo } : { days: 7 }, timeZone);
    const sql = ['r.company_id = ?', 'r.day between ?::date and ?::date'];
    const params: unknown[] = [companyId, period.from, period.to];
    if (query.whatsappId) {
      sql.push('r.whatsapp_id = ?');
      params.push(query.whatsappId);
    }
    return { period, where: { sql: sql.join(' and '), params } };
  }

  private exec(sql: string, params: unknown[]): Promise<Row[]> {
    return this.em.getConnection().execute(sql, params) as Promise<Row[]>;
  }

  async metrics(companyId: number, query: CrmQuery): Promise<CrmMetrics> {
    const { where } = await this.scope(companyId, query);
    const [t] = await this.exec(
      `select sum(created) created, sum(wait_n) engaged, sum(closed) closed, sum(abandoned) abandoned, sum(reply_ms) reply_ms, sum(reply_n) reply_n,
              sum(msgs_in) + sum(msgs_out) messages, sum(qualified) qualified, sum(hot) hot, sum(new_contacts) new_contacts
         from dashboard_rollups r where ${where.sql}`,
      where.params,
    );
    const started = n(t?.created);
    const completed = n(t?.closed);
    const abandoned = n(t?.abandoned);
    const converted = Math.max(0, completed - abandoned);
    // Contacts are no connection's: with a connection filter, the leads captured are that connection's new tickets.
    const newContacts = query.whatsappId ? started : n(t?.new_contacts);
    return {
      conversationMetrics: {
        conversationsStarted: started,
        conversationsCompleted: completed,
        conversationsAbandoned: abandoned,
        averageResponseTime: n(t?.reply_n) > 0 ? Math.round(n(t?.reply_ms) / n(t?.reply_n) / 1000) : 0,
        totalMessages: n(t?.messages),
        conversationFunnel: { initiated: started, engaged: n(t?.engaged), qualified: n(t?.qualified), converted },
      },
      leadMetrics: { leadsCaptured: newContacts, conversionRate: pct(converted, started), qualifiedLeads: n(t?.qualified), hotLeads: n(t?.hot), newContacts },
      businessMetrics: { totalRevenue: 0, averageTicket: 0, totalTransactions: 0, revenueGrowth: 0 },
    };
  }

  async analytics(companyId: number, query: CrmQuery): Promise<CrmAnalytics> {
    const { period, where } = await this.scope(companyId, query);
    const lastFrom = [period.from, addDays(period.to, -6)].sort()[1];
    const [daily, channels, users] = await Promise.all([
      this.exec(
        `select to_char(day, 'YYYY-MM-DD') as day, sum(created) created, sum(closed) closed, sum(active_contacts) contacts, sum(msgs_in) + sum(msgs_out) messages
           from dashboard_rollups r where ${where.sql} and r.day >= ?::date group by day`,
        [...where.params, lastFrom],
      ),
      this.exec(
        `select whatsapp_id, sum(created) created, sum(closed) closed, sum(msgs_in) + sum(msgs_out) messages
           from dashboard_rollups r where ${where.sql} and r.whatsapp_id <> 0 group by whatsapp_id order by 2 desc, 1 limit 10`,
        where.params,
      ),
      this.exec(
        `select user_id, sum(accepted) accepted, sum(closed) closed from dashboard_rollups r where ${where.sql} and r.user_id <> 0
          group by user_id having sum(accepted) + sum(closed) > 0 order by 2 desc, 1`,
        where.params,
      ),
    ]);
    const perDay = new Map(daily.map((d) => [String(d.day), d]));
    const names = new Map((await this.connections.list(companyId)).map((c) => [c.id, c.name]));
    const people = new Map((await this.users.list(companyId, users.map((u) => n(u.user_id)))).map((u) => [u.id, u.name]));
    const active = users.filter((u) => people.has(n(u.user_id)));
    const attended = active.reduce((s, u) => s + n(u.accepted), 0);
    return {
      dailyTrends: daysOf(lastFrom, period.to).map((date) => {
        const d = perDay.get(date);
        return { date, tickets: n(d?.created), completed: n(d?.closed), unique_contacts: n(d?.contacts), total_messages: n(d?.messages) };
      }),
      topPerformingChannels: channels
        .filter((c) => names.has(n(c.whatsapp_id)))
        .map((c) => ({ whatsappId: n(c.whatsapp_id), name: names.get(n(c.whatsapp_id)) ?? '', tickets: n(c.created), completed: n(c.closed), messages: n(c.messages) })),
      userEngagement: {
        activeUsers: active.length,
        averageTicketsPerUser: active.length ? Math.round((attended / active.length) * 100) / 100 : 0,
        topUsers: active.slice(0, 10).map((u) => ({ userId: n(u.user_id), name: people.get(n(u.user_id)) ?? '', tickets: n(u.accepted), completed: n(u.closed) })),
      },
    };
  }
}
