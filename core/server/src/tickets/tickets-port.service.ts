import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { AppError, containsPattern, HANDLER_BINDINGS, type AuthUser, type TicketMarker, type TicketDetail, type TicketPage, type TicketQuery, type TicketSummary, type Tickets, type TicketVisibility } from '@atende/sdk-server';
import { TagSchema } from './tag.entity.js';
import { TicketNoteSchema } from './ticket-note.entity.js';
import { TicketSchema, type Ticket } from './ticket.entity.js';
import { QueueSchema } from '../queues/queue.entity.js';
import { UserSchema } from '../users/user.entity.js';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';
import { DomainEventsService } from '../events/domain-events.service.js';
import { tenantEm } from '../tenancy/tenant-filter.js';
import { TicketLifecycle } from './ticket-lifecycle.js';
import { toTicketDtos } from './ticket-dto.js';
import { loadTickets, ticketSummaryOf, type Exec } from './ticket-dto-sql.js';
import { CURSOR_OF_ROW, cursorSql, ticketWhere, type SqlPart } from './ticket-list-query.js';
import { tagListSql } from './ticket-dto-sql.js';
import { viewerOf, type TicketViewer } from './ticket-visibility.js';
import { SessionCache } from '../auth/session-cache.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { notObserving, outsideChain } from '../inbound/chain-scope.js';
import { ContactSchema } from '../contacts/contact.entity.js';
import { WhatsappSchema } from '../connections/whatsapp.entity.js';
import { activeTicket } from './active-ticket.js';
import { heldSql } from '../inbound/ticket-holder.js';

const summary = (t: Ticket): TicketSummary => ({
  id: t.id,
  status: t.status as TicketSummary['status'],
  queueId: t.queueId ?? null,
  userId: t.userId ?? null,
  contactId: t.contactId,
  whatsappId: t.whatsappId,
});

/** The SDK's Tickets port: tenant-scoped reads, and changes through the one TicketLifecycle. */
@Injectable()
export class TicketsPortService implements Tickets {
  constructor(
    private readonly orm: MikroORM,
    private readonly lifecycle: TicketLifecycle,
    private readonly realtime: RealtimeGateway,
    private readonly events: DomainEventsService,
    private readonly sessions: SessionCache,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.timeZone_ = config.BUSINESS_TIMEZONE;
  }

  /** Days of `createdBetween` are the company's days. */
  private readonly timeZone_: string;

  async get(companyId: number, ticketId: number): Promise<TicketSummary | null> {
    const t = await tenantEm(this.orm, companyId).findOne(TicketSchema, { id: ticketId });
    return t ? summary(t) : null;
  }

  async find(companyId: number, query: TicketQuery): Promise<TicketSummary[]> {
    const em = tenantEm(this.orm, companyId);
    const where = await this.where(companyId, query);
    const rows = await em.getConnection().execute(
      `select t.id, t.status, t.queue_id, t.user_id, t.contact_id, t.whatsapp_id from tickets t
        where ${where.sql} order by t.updated_at desc, t.id desc limit ?`,
      [...where.params, pageSize(query.limit)],
    );
    return rows.map(ticketSummaryOf);
  }

  async count(companyId: number, query: TicketQuery): Promise<number> {
    const em = tenantEm(this.orm, companyId);
    const where = await this.where(companyId, query);
    const [row] = await em.getConnection().execute(`select count(*)::int as n from tickets t where ${where.sql}`, where.params);
    return Number(row?.n ?? 0);
  }

  async viewer(companyId: number, userId: number, options: { showAll?: boolean } = {}): Promise<TicketVisibility> {
    const v = await this.viewerFor(companyId, userId, options.showAll);
    return { userId: v.userId, queueIds: v.queueIds, queueless: v.queueless };
  }

  async timeZone(_companyId: number): Promise<string> {
    // One zone for the platform today (BUSINESS_TIMEZONE); the company id is there for a per-company one.
    return this.timeZone_;
  }

  async page(companyId: number, query: TicketQuery & { after?: string }): Promise<TicketPage> {
    const em = tenantEm(this.orm, companyId);
    let where = await this.where(companyId, query);
    if (query.after !== undefined) {
      if (!/^\d{1,19}\.\d{1,10}$/.test(query.after)) throw AppError.validation([{ path: 'after', message: 'invalid_cursor' }]);
      const after = cursorSql(query.after);
      where = { sql: `${where.sql} and ${after.sql}`, params: [...where.params, ...after.params] };
    }
    const limit = pageSize(query.limit);
    // The CTE picks the page's ids on the list order first (LIMIT counts tickets), one more to know hasMore.
    const rows = await em.getConnection().execute(
      `with page as (select t.id, t.updated_at from tickets t where ${where.sql} order by t.updated_at desc, t.id desc limit ?)
       select t.id, t.uuid, t.status, t.queue_id, t.user_id, t.contact_id, t.whatsapp_id, t.last_message, t.unread_messages,
              t.created_at, t.updated_at, c.name as contact_name, c.number as contact_number, c.profile_pic_url as contact_pic,
              ${tagListSql('t')} as tag_list, ${CURSOR_OF_ROW} as cursor
         from page p
         join tickets t on t.id = p.id
         join contacts c on c.id = t.contact_id and c.company_id = t.company_id
        order by p.updated_at desc, p.id desc`,
      [...where.params, limit + 1],
    );
    const tickets = rows.slice(0, limit);
    const hasMore = rows.length > limit;
    return { tickets: tickets.map(detailOf), hasMore, cursor: hasMore ? (tickets[tickets.length - 1].cursor as string) : null };
  }

  /** The one visibility rule for a user of the company. */
  private async viewerFor(companyId: number, userId: number, showAll: boolean | undefined): Promise<TicketViewer> {
    // The session cache knows the user's profile and queues: no query for a signed-in user.
    const known = await this.sessions.get(userId);
    if (!known || known.companyId !== companyId) throw AppError.notFound('ERR_NO_USER_FOUND');
    return viewerOf({ id: known.id, companyId, profile: known.profile, super: known.super } as AuthUser, showAll, known);
  }

  /** The WHERE of `find` and `page` (alias `t`): the one visibility rule for a viewer, then the filters. */
  private async where(companyId: number, query: TicketQuery): Promise<SqlPart> {
    let viewer: TicketViewer = { userId: 0, companyId, queueIds: null, queueless: true };
    if (query.viewerUserId !== undefined) viewer = await this.viewerFor(companyId, query.viewerUserId, query.showAll);
    const single = typeof query.status === 'string' ? query.status : undefined;
    const base = ticketWhere(viewer, { status: single, queueIds: query.queueIds }, this.timeZone_);
    const sql = [base.sql];
    const params = [...base.params];
    const add = (part: string, ...p: unknown[]) => {
      sql.push(part);
      params.push(...p);
    };
    if (Array.isArray(query.status)) add('t.status = any(array[?]::text[])', query.status.length ? query.status : ['']);
    if (query.contactId !== undefined) add('t.contact_id = ?', query.contactId);
    if (query.ids) add('t.id = any(array[?]::int[])', query.ids.length ? query.ids : [0]);
    if (query.whatsappId !== undefined) add('t.whatsapp_id = ?', query.whatsappId);
    if (query.createdBetween) {
      const { from, to } = query.createdBetween;
      if (!realDay(from) || !realDay(to)) throw AppError.validation([{ path: 'createdBetween', message: 'invalid_date' }]);
      // [from's midnight, the day after to's midnight) in the company's time zone: index ranges on created_at.
      add('t.created_at >= (?::date)::timestamp at time zone ? and t.created_at < (?::date + 1)::timestamp at time zone ?', from, this.timeZone_, to, this.timeZone_);
    }
    if (query.contactNumber) add('t.contact_id in (select c.id from contacts c where c.company_id = ? and c.number like ?)', companyId, containsPattern(query.contactNumber));
    if (query.tags?.any) add('exists (select 1 from ticket_tags tt where tt.ticket_id = t.id and tt.tag_id = any(array[?]::int[]))', query.tags.any.length ? query.tags.any : [0]);
    if (query.tags?.none?.length) add('not exists (select 1 from ticket_tags tt where tt.ticket_id = t.id and tt.tag_id = any(array[?]::int[]))', query.tags.none);
    return { sql: sql.join(' and '), params };
  }

  async openFor(companyId: number, at: { contactId: number; whatsappId: number }): Promise<{ ticket: TicketSummary; created: boolean }> {
    outsideChain('Tickets.openFor');
    notObserving('Tickets.openFor');
    const em = tenantEm(this.orm, companyId);
    const contact = await em.findOne(ContactSchema, { id: at.contactId });
    if (!contact) throw AppError.notFound('ERR_NO_CONTACT_FOUND');
    if (!(await em.findOne(WhatsappSchema, { id: at.whatsappId }))) throw AppError.notFound('ERR_NO_WAPP_FOUND');
    const exec: Exec = (sql, params) => em.getConnection().execute(sql, params);
    const { ticket: row, created } = await activeTicket(exec, companyId, contact.id, at.whatsappId, contact.isGroup, ['id']);
    const ticket = await em.findOneOrFail(TicketSchema, { id: row.id as number });
    if (created) {
      this.events.ticketCreated(ticket);
      const [dto] = await toTicketDtos(em, [ticket]);
      this.realtime.toTicketAudience(ticket, 'ticket', { action: 'update', ticket: dto });
    }
    return { ticket: summary(ticket), created };
  }

  async transition(companyId: number, ticketId: number, change: { status?: 'open' | 'pending' | 'closed'; queueId?: number | null; userId?: number | null }): Promise<TicketSummary> {
    outsideChain('Tickets.transition');
    notObserving('Tickets.transition');
    const em = tenantEm(this.orm, companyId);
    const ticket = await this.ticket(em, ticketId);
    if (change.queueId != null && !(await em.findOne(QueueSchema, { id: change.queueId }))) throw AppError.notFound('ERR_NO_QUEUE_FOUND');
    if (change.userId != null && !(await em.findOne(UserSchema, { id: change.userId }))) throw AppError.notFound('ERR_NO_USER_FOUND');
    if (change.status === 'open' && change.userId == null) throw AppError.validation([{ path: 'userId', message: 'required' }]);
    await this.lifecycle.transition(em, ticket, change, null);
    return summary(ticket);
  }

  async note(companyId: number, ticketId: number, text: string): Promise<{ noteId: number }> {
    outsideChain('Tickets.note');
    const body = String(text ?? '').trim();
    if (!body) throw AppError.validation([{ path: 'note', message: 'required' }]);
    const em = tenantEm(this.orm, companyId);
    const ticket = await em.findOne(TicketSchema, { id: ticketId });
    if (!ticket) throw AppError.notFound('ERR_NO_TICKET_FOUND');
    const note = em.create(TicketNoteSchema, { companyId, ticketId, contactId: ticket.contactId, userId: null, note: body.slice(0, 5000) });
    await em.flush();
    return { noteId: note.id };
  }

  async tag(companyId: number, ticketId: number, tagIds: number[]): Promise<void> {
    outsideChain('Tickets.tag');
    await this.retagOne(companyId, ticketId, tagIds, 'add');
  }

  async untag(companyId: number, ticketId: number, tagIds: number[]): Promise<void> {
    outsideChain('Tickets.untag');
    await this.retagOne(companyId, ticketId, tagIds, 'remove');
  }

  async retag(companyId: number, ticketId: number, change: { add?: number[]; remove?: number[] }): Promise<number[]> {
    outsideChain('Tickets.retag');
    const add = [...new Set(change.add ?? [])];
    const addSet = new Set(add);
    const remove = [...new Set(change.remove ?? [])].filter((id) => !addSet.has(id));
    return this.changeTags(companyId, ticketId, add, remove);
  }

  private async retagOne(companyId: number, ticketId: number, tagIds: number[], how: 'add' | 'remove'): Promise<void> {
    const ids = [...new Set(tagIds)];
    if (!ids.length) {
      // Nothing to change, but the ticket must still be the company's.
      await this.ticket(tenantEm(this.orm, companyId), ticketId);
      return;
    }
    await this.changeTags(companyId, ticketId, how === 'add' ? ids : [], how === 'remove' ? ids : []);
  }

  /** Both changes in one transaction, then one event and one realtime update (after the commit). */
  private async changeTags(companyId: number, ticketId: number, add: number[], remove: number[]): Promise<number[]> {
    const em = tenantEm(this.orm, companyId);
    const ticket = await this.ticket(em, ticketId);
    const all = [...add, ...remove];
    if (all.length && (await em.count(TagSchema, { id: { $in: all } })) !== new Set(all).size) throw AppError.notFound();
    const tagIds = await em.transactional(async (tx) => {
      const run = (sql: string, params: unknown[]) => tx.getConnection().execute(sql, params, 'all', tx.getTransactionContext());
      if (remove.length) await run(`delete from ticket_tags where ticket_id = ? and tag_id = any(array[?]::int[])`, [ticket.id, remove]);
      if (add.length) await run(`insert into ticket_tags (ticket_id, tag_id) select ?, unnest(array[?]::int[]) on conflict do nothing`, [ticket.id, add]);
      const [{ tag_ids }] = await run(`select coalesce(array_agg(tag_id order by tag_id), '{}') as tag_ids from ticket_tags where ticket_id = ?`, [ticket.id]);
      return (tag_ids as number[]).map(Number);
    });
    if (all.length) {
      this.events.emit('ticket.tagged', companyId, { ticketId: ticket.id, tagIds });
      const [dto] = await toTicketDtos(em, [ticket]);
      this.realtime.toTicketAudience(ticket, 'ticket', { action: 'update', ticket: dto });
    }
    return tagIds;
  }

  async mark(companyId: number, ticketId: number, marker: TicketMarker | null, options: { heldBy?: string } = {}): Promise<boolean> {
    outsideChain('Tickets.mark');
    notObserving('Tickets.mark');
    const em = tenantEm(this.orm, companyId);
    await this.ticket(em, ticketId);
    if (marker) {
      const target = HANDLER_BINDINGS.get(marker.plugin);
      if (!target) throw new Error(`Tickets.mark: plugin "${marker.plugin}" registers no HANDLER_BINDINGS target.`);
      // The same checks as a queue's binding: a plugin the plan has, a record of this company.
      if (!Number.isInteger(marker.ref) || !(await this.events.allowed(marker.plugin, companyId)) || !(await target.exists(companyId, marker.ref))) throw AppError.notFound();
    }
    const exec: Exec = (sql, params) => em.getConnection().execute(sql, params);
    // One conditional update: with `heldBy`, a ticket an agent took a moment ago is not marked again;
    // clearing an unmarked ticket changes nothing (and tells nobody).
    const only = [options.heldBy ? `and t.holder = ? and ${heldSql('t')}` : '', marker ? '' : 'and (t.use_integration or t.automation_plugin is not null)'].join(' ');
    const rows = await exec(
      `update tickets t set use_integration = ?, automation_plugin = ?, automation_ref = ?
        where t.id = ? and t.company_id = ? ${only} returning t.id`,
      [!!marker, marker?.plugin ?? null, marker?.ref ?? null, ticketId, companyId, ...(options.heldBy ? [options.heldBy] : [])],
    );
    if (!rows.length) return false;
    const [loaded] = await loadTickets(exec, companyId, [ticketId]);
    const row = loaded.row;
    this.realtime.toTicketAudience({ id: ticketId, companyId, queueId: row.queue_id as number | null, userId: row.user_id as number | null }, 'ticket', { action: 'update', ticket: loaded.dto });
    return true;
  }

  private async ticket(em: ReturnType<typeof tenantEm>, id: number): Promise<Ticket> {
    const t = await em.findOne(TicketSchema, { id });
    if (!t) throw AppError.notFound('ERR_NO_TICKET_FOUND');
    return t;
  }
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar day that exists (2026-02-30 does not): the database would answer a bad one with an error, a 500. */
const realDay = (day: string) => {
  const at = DAY.test(day) ? Date.parse(`${day}T00:00:00Z`) : NaN;
  return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === day;
};
const pageSize = (limit: number | undefined) => Math.min(Math.max(Math.trunc(limit ?? 50), 1), 200);

function detailOf(r: Record<string, unknown>): TicketDetail {
  const iso = (v: unknown) => (v instanceof Date ? v : new Date(v as string)).toISOString();
  return {
    ...ticketSummaryOf(r),
    uuid: r.uuid as string,
    lastMessage: (r.last_message as string | null) ?? '',
    unreadMessages: r.unread_messages as number,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    contact: { id: r.contact_id as number, name: r.contact_name as string, number: r.contact_number as string, profilePicUrl: (r.contact_pic as string | null) ?? '' },
    tags: (typeof r.tag_list === 'string' ? JSON.parse(r.tag_list) : r.tag_list) as TicketDetail['tags'],
  };
}
