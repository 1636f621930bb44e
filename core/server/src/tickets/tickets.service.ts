import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { can, type TicketDto } from '@atende/core-contract';
import { AppError, type AuthUser } from '@atende/sdk-server';
import { TicketSchema, type Ticket } from '../database/channel-entities.js';
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

  /** Keyset-friendly: ordered by (updated_at, id) on an index, one row more than the page to know hasMore. */
  async page(user: AuthUser, status: Status | undefined, pageNumber: number) {
    const where = { ...(status ? { status } : {}), ...(await this.visibility(user)) };
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
    } else if (input.status === 'closed') {
      if (before.status !== 'closed') after = () => this.automation.onResolved(ticket);
      ticket.status = 'closed';
      ticket.userId = user.id;
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
