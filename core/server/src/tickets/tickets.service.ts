import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { type OtherOpenTicket, type TicketDto, type TicketListQuery } from '@atende/core-contract';
import { AppError, type AuthUser } from '@atende/sdk-server';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { WhatsappSchema } from '../connections/whatsapp.entity.js';
import { ContactSchema } from '../contacts/contact.entity.js';
import { TicketSchema, type Ticket } from './ticket.entity.js';
import { QueueSchema } from '../queues/queue.entity.js';
import { UserSchema } from '../users/user.entity.js';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';
import { toTicketDtos } from './ticket-dto.js';
import { TicketLifecycle } from './ticket-lifecycle.js';
import { TICKET_PAGE_SIZE, ticketPageSql, ticketWhere } from './ticket-list-query.js';
import { maySeeTicket, viewerOf, type TicketViewer } from './ticket-visibility.js';
import { SessionCache } from '../auth/session-cache.js';
import { ticketRowDto } from './ticket-dto-sql.js';
import { DomainEventsService } from '../events/domain-events.service.js';
import type { Exec } from './ticket-dto-sql.js';
import { HandlerBindingsService } from '../inbound/handler-bindings.service.js';
import { NO_MARKER, type StoredMarker } from './ticket-marker.js';
import { plannedRows, preparedRows } from '../database/prepared.js';
import { keptCountSql } from './counts/ticket-counts.js';

type Status = 'pending' | 'open' | 'closed';

/** Tickets of the caller's company (tenant filter); agents see their queues' tickets (core-operations §6). */
@Injectable()
export class TicketsService {
  /** Days of the `date` and `updatedAt` filters are the company's days. */
  private readonly timeZone: string;

  constructor(
    private readonly em: EntityManager,
    private readonly realtime: RealtimeGateway,
    private readonly lifecycle: TicketLifecycle,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly events: DomainEventsService,
    private readonly sessions: SessionCache,
    private readonly bindings: HandlerBindingsService,
  ) {
    this.timeZone = config.BUSINESS_TIMEZONE;
  }

  /** The viewer for the lists (ticket-visibility.ts holds the one rule), from the session cache: no query when known. */
  async listViewer(user: AuthUser, showAll?: boolean): Promise<TicketViewer> {
    const known = await this.sessions.get(user.id);
    // A record of another company (never expected: the id came from this user's token) counts as no user.
    return viewerOf(user, showAll, known && known.companyId === user.companyId ? known : null);
  }

  /** Who may open tickets: `user` as a viewer without the lists' show-all switch. */
  viewer(user: AuthUser): Promise<TicketViewer> {
    return this.listViewer(user);
  }

  private exec(): Exec {
    return (sql, params) => this.em.getConnection().execute(sql, params);
  }

  /**
   * A page of 40 in (updated_at, id) order, one more fetched to know hasMore (no count of the whole
   * table per page). One query whatever the page holds (the viewer comes from the session cache); after a
   * `cursor` it starts where the last page ended, so a deep page costs what the first does.
   */
  async page(user: AuthUser, q: TicketListQuery) {
    const viewer = await this.listViewer(user, q.showAll);
    const { sql, params } = ticketPageSql(ticketWhere(viewer, q, this.timeZone), q, user.companyId);
    // A search's best plan depends on the term: planned each time (unnamed). Any other page is a prepared statement.
    const rows = q.searchParam ? await plannedRows(this.em, sql, params) : await preparedRows(this.em, sql, params);
    const page = rows.slice(0, TICKET_PAGE_SIZE);
    const hasMore = rows.length > TICKET_PAGE_SIZE;
    return { tickets: page.map(ticketRowDto), hasMore, nextCursor: hasMore ? (page[page.length - 1].cursor as string) : null };
  }

  /**
   * The header count of the waiting or in-progress list: same visibility and queue filter, summed over
   * the kept per-group totals (tickets/counts: a few rows, whatever the company's size), exact.
   */
  async count(user: AuthUser, q: { status: 'pending' | 'open'; queueIds?: number[]; showAll?: boolean }): Promise<{ count: number }> {
    const viewer = await this.listViewer(user, q.showAll);
    const { sql, params } = keptCountSql(ticketWhere(viewer, { status: q.status, queueIds: q.queueIds }, this.timeZone));
    const [row] = await preparedRows<{ count: number }>(this.em, sql, params);
    return { count: row.count };
  }

  /** 404 for other companies' ids (tenant filter); 403 ERR_NO_PERMISSION for another queue's ticket. */
  async get(user: AuthUser, where: { id: number } | { uuid: string }): Promise<Ticket> {
    const ticket = await this.em.findOne(TicketSchema, where);
    if (!ticket) throw AppError.notFound('ERR_NO_TICKET_FOUND');
    if (!(await maySeeTicket(this.exec(), await this.viewer(user), ticket.id))) throw AppError.forbidden();
    return ticket;
  }

  /** New ticket from the agent's side (core-operations §2 new-ticket modal). */
  async create(user: AuthUser, input: { contactId: number; queueId?: number | null; whatsappId?: number; userId?: number; status: 'open' | 'pending' }) {
    const contact = await this.em.findOne(ContactSchema, { id: input.contactId });
    if (!contact) throw AppError.notFound('ERR_NO_CONTACT_FOUND');
    const whatsapp = input.whatsappId
      ? await this.em.findOne(WhatsappSchema, { id: input.whatsappId })
      : await this.em.findOne(WhatsappSchema, { isDefault: true });
    if (!whatsapp) throw AppError.notFound(input.whatsappId ? 'ERR_NO_WAPP_FOUND' : 'ERR_NO_DEF_WAPP_FOUND');
    if (input.queueId && !(await this.em.findOne(QueueSchema, { id: input.queueId }))) throw AppError.notFound('ERR_NO_QUEUE_FOUND');
    // Every id is the caller's company's (tenant filter): a user of another company would get this one's messages.
    if (input.userId != null) await this.companyUser(input.userId);
    const existing = await this.em.findOne(TicketSchema, { contactId: contact.id, whatsappId: whatsapp.id, status: { $in: ['pending', 'open'] } });
    if (existing) {
      // The screen opens it, or names who has it (core-operations §8).
      const dto = await this.dto(existing);
      const ticket: OtherOpenTicket = {
        id: dto.id,
        uuid: dto.uuid,
        user: dto.user && { id: dto.user.id, name: dto.user.name },
        queue: dto.queue && { id: dto.queue.id, name: dto.queue.name },
      };
      throw new AppError('ERR_OTHER_OPEN_TICKET', 409, undefined, { ticket });
    }
    const ticket = this.em.create(TicketSchema, {
      companyId: user.companyId,
      contactId: contact.id,
      whatsappId: whatsapp.id,
      queueId: input.queueId ?? null,
      status: input.status,
      userId: input.status === 'open' ? (input.userId ?? user.id) : null,
      isGroup: contact.isGroup,
    });
    try {
      await this.em.flush();
    } catch (err) {
      if (err instanceof UniqueConstraintViolationException) throw AppError.conflict('ERR_OTHER_OPEN_TICKET');
      throw err;
    }
    this.events.ticketCreated(ticket);
    const dto = await this.dto(ticket);
    this.realtime.toTicketAudience(ticket, 'ticket', { action: 'update', ticket: dto });
    return dto;
  }

  /** A user of the caller's company (tenant filter), else 404 ERR_NO_USER_FOUND as for a missing one. */
  private async companyUser(id: number): Promise<void> {
    if (!(await this.em.findOne(UserSchema, { id }))) throw AppError.notFound('ERR_NO_USER_FOUND');
  }

  async remove(user: AuthUser, id: number): Promise<void> {
    const ticket = await this.get(user, { id });
    await this.em.remove(ticket).flush();
    this.realtime.toTicketAudience(ticket, 'ticket', { action: 'delete', ticketId: id });
  }

  async dto(ticket: Ticket): Promise<TicketDto> {
    return (await toTicketDtos(this.em, [ticket]))[0];
  }

  /** Transitions of core-operations §4: accept, return, resolve, reopen, transfer. */
  async update(
    user: AuthUser,
    id: number,
    input: { status?: Status; userId?: number | null; queueId?: number | null; whatsappId?: number; useIntegration?: boolean; promptId?: number | null; integrationId?: number | null },
  ): Promise<TicketDto> {
    const ticket = await this.get(user, { id });
    if (input.queueId !== undefined && input.queueId !== null && !(await this.em.findOne(QueueSchema, { id: input.queueId }))) {
      throw AppError.notFound('ERR_NO_QUEUE_FOUND');
    }
    if (input.userId != null) await this.companyUser(input.userId);
    if (input.whatsappId !== undefined && !(await this.em.findOne(WhatsappSchema, { id: input.whatsappId }))) {
      throw AppError.notFound('ERR_NO_WAPP_FOUND');
    }
    const { useIntegration, promptId, integrationId, ...change } = input;
    const marker = await this.markerOf(user.companyId, ticket, { useIntegration, promptId, integrationId });
    return this.lifecycle.transition(this.em, ticket, { ...change, marker }, user.id);
  }

  /**
   * The marker a PUT asks for (undefined: none asked, the transition clears it). `promptId`/`integrationId`
   * name a record of the plugin answering to that field, checked as a queue's binding is (400
   * ERR_VALIDATION `no_plugin`/`not_found`); `useIntegration` false turns the marker off.
   */
  private async markerOf(companyId: number, ticket: Ticket, input: { useIntegration?: boolean; promptId?: number | null; integrationId?: number | null }): Promise<StoredMarker | undefined> {
    if (input.useIntegration === undefined && input.promptId === undefined && input.integrationId === undefined) return undefined;
    if (input.useIntegration === false) return NO_MARKER;
    const current = { boundPlugin: ticket.automationPlugin ?? null, boundRef: ticket.automationRef ?? null };
    const bound = (await this.bindings.fromInput(companyId, { promptId: input.promptId, integrationId: input.integrationId }, current)) ?? current;
    return { useIntegration: input.useIntegration ?? bound.boundPlugin !== null, automationPlugin: bound.boundPlugin, automationRef: bound.boundRef };
  }
}
