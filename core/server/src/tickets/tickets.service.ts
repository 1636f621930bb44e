import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { can, type TicketDto } from '@atende/core-contract';
import { AppError, type AuthUser, containsPattern } from '@atende/sdk-server';
import { ContactSchema, TicketSchema, WhatsappSchema, type Ticket } from '../database/channel-entities.js';
import { QueueSchema, UserQueueSchema, UserSchema } from '../database/entities.js';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';
import { toTicketDtos } from './ticket-dto.js';
import { TicketAutomationService } from './ticket-automation.service.js';

const PAGE_SIZE = 40;

type Status = 'pending' | 'open' | 'closed';

/** Tickets of the caller's company (tenant filter); agents see their queues' tickets (core-operations §6). */
@Injectable()
export class TicketsService {
  constructor(
    private readonly em: EntityManager,
    private readonly realtime: RealtimeGateway,
    private readonly automation: TicketAutomationService,
  ) {}

  /** The visibility condition for a user: everything for admins; own queues, own tickets, and queueless when allowed. */
  async visibility(user: AuthUser): Promise<object> {
    if (can(user, 'tickets-manager:showall')) return {};
    const queueIds = (await this.em.find(UserQueueSchema, { userId: user.id })).map((l) => l.queueId);
    const me = await this.em.findOneOrFail(UserSchema, { id: user.id });
    return {
      $or: [
        { queueId: { $in: queueIds.length ? queueIds : [-1] } },
        { userId: user.id },
        ...(me.allTicket === 'enabled' ? [{ queueId: null }] : []),
      ],
    };
  }

  /**
   * Ordered by (updated_at, id) on an index, one row more than the page to know hasMore (no count of
   * the whole table per page). Admins see every ticket unless they narrow by queueIds (the shell's
   * show-all switch sends their own queues when off); agents see what `visibility` allows.
   */
  async page(
    user: AuthUser,
    q: { status?: Status; pageNumber: number; searchParam: string; queueIds?: number[]; withUnreadMessages: boolean },
  ) {
    const filters: object[] = [await this.visibility(user)];
    if (q.status) filters.push({ status: q.status });
    if (q.queueIds?.length) filters.push({ queueId: { $in: q.queueIds } });
    if (q.withUnreadMessages) filters.push({ unreadMessages: { $gt: 0 } });
    if (q.searchParam) {
      const like = containsPattern(q.searchParam);
      const contacts = await this.em.find(ContactSchema, { $or: [{ name: { $ilike: like } }, { number: { $like: like } }] }, { fields: ['id'], limit: 1000 });
      filters.push({ contactId: { $in: contacts.length ? contacts.map((c) => c.id) : [-1] } });
    }
    const where = { $and: filters };
    const pageNumber = q.pageNumber;
    const rows = await this.em.find(TicketSchema, where, {
      orderBy: { updatedAt: 'desc', id: 'desc' },
      limit: PAGE_SIZE + 1,
      offset: (pageNumber - 1) * PAGE_SIZE,
    });
    return { tickets: await toTicketDtos(this.em, rows.slice(0, PAGE_SIZE)), hasMore: rows.length > PAGE_SIZE };
  }

  /** 404 for other companies' ids (tenant filter); 403 ERR_NO_PERMISSION for another queue's ticket. */
  async get(user: AuthUser, where: { id: number } | { uuid: string }): Promise<Ticket> {
    const ticket = await this.em.findOne(TicketSchema, where);
    if (!ticket) throw AppError.notFound('ERR_NO_TICKET_FOUND');
    if (!(await this.em.findOne(TicketSchema, { id: ticket.id, ...(await this.visibility(user)) }))) throw AppError.forbidden();
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
    const existing = await this.em.findOne(TicketSchema, { contactId: contact.id, whatsappId: whatsapp.id, status: { $in: ['pending', 'open'] } });
    if (existing) {
      // The screen opens it, or names who has it (core-operations §8).
      throw new AppError('ERR_OTHER_OPEN_TICKET', 409, undefined, { ticket: await this.dto(existing) });
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
    const dto = await this.dto(ticket);
    this.realtime.toTicketAudience(ticket, 'ticket', { action: 'update', ticket: dto });
    return dto;
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
  async update(user: AuthUser, id: number, input: { status?: Status; userId?: number | null; queueId?: number | null }): Promise<TicketDto> {
    const ticket = await this.get(user, { id });
    if (input.queueId !== undefined && input.queueId !== null && !(await this.em.findOne(QueueSchema, { id: input.queueId }))) {
      throw AppError.notFound('ERR_NO_QUEUE_FOUND');
    }
    if (input.userId != null && !(await this.em.findOne(UserSchema, { id: input.userId }))) throw AppError.notFound('ERR_NO_USER_FOUND');
    const before = { ...ticket };
    let after: (() => Promise<void>) | null = null;
    if (input.queueId !== undefined && input.status === undefined) {
      // Transfer: to a queue only → back to pending for that queue; with a user → theirs.
      ticket.queueId = input.queueId;
      ticket.userId = input.userId ?? null;
      ticket.status = input.userId ? 'open' : 'pending';
      after = () => this.automation.onTransferred(ticket);
    } else if (input.status === 'open') {
      if (before.status === 'pending') after = () => this.automation.onAccepted(ticket, ticket.userId!);
      ticket.status = 'open';
      ticket.userId = input.userId ?? user.id;
    } else if (input.status === 'pending') {
      ticket.status = 'pending';
      ticket.userId = null;
      ticket.chatbot = false; // returning or closing turns the bot off (core-operations §4)
    } else if (input.status === 'closed') {
      if (before.status !== 'closed') after = () => this.automation.onResolved(ticket);
      ticket.status = 'closed';
      ticket.userId = user.id;
      ticket.chatbot = false;
    }
    try {
      await this.em.flush();
    } catch (err) {
      if (err instanceof UniqueConstraintViolationException) throw AppError.conflict('ERR_OTHER_OPEN_TICKET');
      throw err;
    }
    if (after) await after();
    const dto = await this.dto(ticket);
    // Tell both the old and the new audience (a transfer moves the ticket between queues).
    this.realtime.toTicketAudience(before, 'ticket', { action: 'update', ticket: dto });
    this.realtime.toTicketAudience(ticket, 'ticket', { action: 'update', ticket: dto });
    return dto;
  }
}
