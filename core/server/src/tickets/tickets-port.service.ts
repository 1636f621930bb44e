import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { AppError, type AuthUser, type TicketQuery, type TicketSummary, type Tickets } from '@atende/sdk-server';
import { TagSchema } from './tag.entity.js';
import { TicketSchema, type Ticket } from './ticket.entity.js';
import { QueueSchema } from '../queues/queue.entity.js';
import { UserSchema } from '../users/user.entity.js';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';
import { DomainEventsService } from '../events/domain-events.service.js';
import { tenantEm } from '../tenancy/tenant-filter.js';
import { TicketLifecycle } from './ticket-lifecycle.js';
import { toTicketDtos } from './ticket-dto.js';
import { ticketSummaryOf, type Exec } from './ticket-dto-sql.js';
import { ticketWhere } from './ticket-list-query.js';
import { ticketViewer, type TicketViewer } from './ticket-visibility.js';
import { outsideChain } from '../inbound/chain-scope.js';
import { ContactSchema } from '../contacts/contact.entity.js';
import { WhatsappSchema } from '../connections/whatsapp.entity.js';
import { activeTicket } from './active-ticket.js';

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
  ) {}

  async get(companyId: number, ticketId: number): Promise<TicketSummary | null> {
    const t = await tenantEm(this.orm, companyId).findOne(TicketSchema, { id: ticketId });
    return t ? summary(t) : null;
  }

  async find(companyId: number, query: TicketQuery): Promise<TicketSummary[]> {
    const em = tenantEm(this.orm, companyId);
    const exec: Exec = (sql, params) => em.getConnection().execute(sql, params);
    let viewer: TicketViewer = { userId: 0, companyId, queueIds: null, queueless: true };
    if (query.viewerUserId !== undefined) {
      const user = await em.findOne(UserSchema, { id: query.viewerUserId });
      if (!user) throw AppError.notFound('ERR_NO_USER_FOUND');
      viewer = await ticketViewer(exec, { id: user.id, companyId, profile: user.profile as AuthUser['profile'], super: user.super });
    }
    // No date filters here, so the time zone the list needs for them plays no part.
    const where = ticketWhere(viewer, { status: query.status, queueIds: query.queueIds }, 'UTC');
    const limit = Math.min(Math.max(Math.trunc(query.limit ?? 50), 1), 200);
    const rows = await exec(
      `select t.id, t.status, t.queue_id, t.user_id, t.contact_id, t.whatsapp_id from tickets t
        where ${where.sql}${query.contactId !== undefined ? ' and t.contact_id = ?' : ''}
        order by t.updated_at desc, t.id desc limit ?`,
      [...where.params, ...(query.contactId !== undefined ? [query.contactId] : []), limit],
    );
    return rows.map(ticketSummaryOf);
  }

  async openFor(companyId: number, at: { contactId: number; whatsappId: number }): Promise<{ ticket: TicketSummary; created: boolean }> {
    outsideChain('Tickets.openFor');
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
    const em = tenantEm(this.orm, companyId);
    const ticket = await this.ticket(em, ticketId);
    if (change.queueId != null && !(await em.findOne(QueueSchema, { id: change.queueId }))) throw AppError.notFound('ERR_NO_QUEUE_FOUND');
    if (change.userId != null && !(await em.findOne(UserSchema, { id: change.userId }))) throw AppError.notFound('ERR_NO_USER_FOUND');
    if (change.status === 'open' && change.userId == null) throw AppError.validation([{ path: 'userId', message: 'required' }]);
    await this.lifecycle.transition(em, ticket, change, null);
    return summary(ticket);
  }

  async tag(companyId: number, ticketId: number, tagIds: number[]): Promise<void> {
    outsideChain('Tickets.tag');
    await this.retag(companyId, ticketId, tagIds, 'add');
  }

  async untag(companyId: number, ticketId: number, tagIds: number[]): Promise<void> {
    outsideChain('Tickets.untag');
    await this.retag(companyId, ticketId, tagIds, 'remove');
  }

  private async retag(companyId: number, ticketId: number, tagIds: number[], how: 'add' | 'remove'): Promise<void> {
    const em = tenantEm(this.orm, companyId);
    const ticket = await this.ticket(em, ticketId);
    const ids = [...new Set(tagIds)];
    if (!ids.length) return;
    if ((await em.count(TagSchema, { id: { $in: ids } })) !== ids.length) throw AppError.notFound();
    const run = em.getConnection();
    if (how === 'add') {
      await run.execute(`insert into ticket_tags (ticket_id, tag_id) select ?, t::int from jsonb_array_elements_text(?::jsonb) as x(t) on conflict do nothing`, [
        ticket.id,
        JSON.stringify(ids.map(String)),
      ]);
    } else {
      await run.execute(`delete from ticket_tags where ticket_id = ? and tag_id in (select jsonb_array_elements_text(?::jsonb)::int)`, [ticket.id, JSON.stringify(ids.map(String))]);
    }
    const [{ tag_ids }] = await run.execute(`select coalesce(array_agg(tag_id order by tag_id), '{}') as tag_ids from ticket_tags where ticket_id = ?`, [ticket.id]);
    this.events.emit('ticket.tagged', companyId, { ticketId: ticket.id, tagIds: (tag_ids as number[]).map(Number) });
    const [dto] = await toTicketDtos(em, [ticket]);
    this.realtime.toTicketAudience(ticket, 'ticket', { action: 'update', ticket: dto });
  }

  private async ticket(em: ReturnType<typeof tenantEm>, id: number): Promise<Ticket> {
    const t = await em.findOne(TicketSchema, { id });
    if (!t) throw AppError.notFound('ERR_NO_TICKET_FOUND');
    return t;
  }
}
