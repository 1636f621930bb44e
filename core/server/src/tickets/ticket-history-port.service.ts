import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { AppError, type HistoricMessage, type HistoricTicket, type HistoryPage, type HistoryQuery, type TicketHistory } from '@atende/sdk-server';
import { tenantEm } from '../tenancy/tenant-filter.js';

type Row = Record<string, unknown>;
const iso = (v: unknown) => new Date(v as string).toISOString();
const idOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/**
 * The SDK's TICKET_HISTORY port: a company's tickets and messages created before a moment, a page at a
 * time in id order (keyset: a deep page costs what the first does). Every statement carries the company.
 */
@Injectable()
export class TicketHistoryPortService implements TicketHistory {
  constructor(private readonly orm: MikroORM) {}

  async tickets(companyId: number, query: HistoryQuery): Promise<HistoryPage<HistoricTicket>> {
    const { before, after, limit } = pageOf(query);
    const rows = (await tenantEm(this.orm, companyId)
      .getConnection()
      .execute(
        `select id, status, queue_id, user_id, contact_id, whatsapp_id, created_at, updated_at from tickets
          where company_id = ? and created_at < ?::timestamptz and id > ? order by id limit ?`,
        [companyId, before, after, limit],
      )) as Row[];
    return pageFrom(rows, limit, (r) => ({
      id: Number(r.id),
      status: r.status as HistoricTicket['status'],
      queueId: idOrNull(r.queue_id),
      userId: idOrNull(r.user_id),
      contactId: Number(r.contact_id),
      whatsappId: Number(r.whatsapp_id),
      createdAt: iso(r.created_at),
      updatedAt: iso(r.updated_at),
    }));
  }

  async messages(companyId: number, query: HistoryQuery): Promise<HistoryPage<HistoricMessage>> {
    const { before, after, limit } = pageOf(query);
    const rows = (await tenantEm(this.orm, companyId)
      .getConnection()
      .execute(
        `select m.id, m.ticket_id, m.whatsapp_id, m.contact_id, m.from_me, m.created_at, t.queue_id, t.user_id
           from messages m join tickets t on t.id = m.ticket_id and t.company_id = m.company_id
          where m.company_id = ? and m.created_at < ?::timestamptz and m.id > ? order by m.id limit ?`,
        [companyId, before, after, limit],
      )) as Row[];
    return pageFrom(rows, limit, (r) => ({
      id: Number(r.id),
      ticketId: Number(r.ticket_id),
      whatsappId: Number(r.whatsapp_id),
      contactId: idOrNull(r.contact_id),
      fromMe: r.from_me === true,
      createdAt: iso(r.created_at),
      queueId: idOrNull(r.queue_id),
      userId: idOrNull(r.user_id),
    }));
  }
}

function pageOf(query: HistoryQuery) {
  const before = new Date(query.before);
  if (Number.isNaN(before.getTime())) throw AppError.validation([{ path: 'before', message: 'invalid_date' }]);
  const after = query.after ?? 0;
  if (!Number.isInteger(after) || after < 0) throw AppError.validation([{ path: 'after', message: 'invalid_cursor' }]);
  const limit = Math.min(Math.max(Math.trunc(query.limit ?? 500), 1), 2000);
  return { before: before.toISOString(), after, limit };
}

function pageFrom<T extends { id: number }>(rows: Row[], limit: number, map: (r: Row) => T): HistoryPage<T> {
  const out = rows.map(map);
  return { rows: out, cursor: out.length === limit ? out[out.length - 1].id : null };
}
