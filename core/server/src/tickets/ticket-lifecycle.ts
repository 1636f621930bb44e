import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { DomainEventMap, TicketDto } from '@atende/core-contract';
import { AppError } from '@atende/sdk-server';
import { type Ticket } from './ticket.entity.js';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';
import { DomainEventsService } from '../events/domain-events.service.js';
import { TicketAutomationService } from './ticket-automation.service.js';
import { toTicketDtos } from './ticket-dto.js';
import { NO_MARKER, type StoredMarker } from './ticket-marker.js';

export type TicketStatus = 'open' | 'pending' | 'closed';

/** A change asked of a ticket: the screen's accept/return/resolve/reopen/transfer, or a plugin's. */
export interface TicketTransition {
  status?: TicketStatus;
  userId?: number | null;
  queueId?: number | null;
  whatsappId?: number;
  /** The automation marker to leave on the ticket (PUT /tickets/{id} with useIntegration/promptId/integrationId); cleared otherwise. */
  marker?: StoredMarker;
}

/**
 * Ticket transitions of core-operations §4 in one place (issue 11 item 3): accept, return, resolve,
 * reopen, transfer. Whoever changes a ticket's status, queue, user or connection (an agent through
 * the API, a plugin through the Tickets port) goes through here, so the same rules apply, the
 * automatic messages go out, and `ticket.updated` and the realtime updates follow every change.
 * Ids in the transition must already be checked against the ticket's company by the caller.
 */
@Injectable()
export class TicketLifecycle {
  constructor(
    private readonly realtime: RealtimeGateway,
    private readonly automation: TicketAutomationService,
    private readonly events: DomainEventsService,
  ) {}

  /** `actorUserId`: who acts (an agent), or null for a plugin or the system. */
  async transition(em: EntityManager, ticket: Ticket, input: TicketTransition, actorUserId: number | null): Promise<TicketDto> {
    const before = { ...ticket };
    let after: (() => Promise<void>) | null = null;
    // Any change made here (an agent accepting, returning, transferring or resolving; a plugin; a timer)
    // takes the ticket out of the inbound chain's hands: whoever held it lets go (issue 11 item 2).
    ticket.holder = null;
    ticket.holderState = null;
    ticket.heldUntil = null;
    // Likewise its automation marker (core-operations §4: "closing or returning turns off integration,
    // prompt and integration id"; accepting or transferring hands it to a person too), unless the
    // change sets one itself.
    const marker = input.marker ?? NO_MARKER;
    ticket.useIntegration = marker.useIntegration;
    ticket.automationPlugin = marker.automationPlugin;
    ticket.automationRef = marker.automationRef;
    // A transfer carries the queue or the connection, with or without the screen's `status` (closing is never one).
    const transfer = (input.queueId !== undefined || input.whatsappId !== undefined) && input.status !== 'closed';
    if (transfer) {
      // To a queue only → back to pending for that queue; with a user → theirs (core-operations §4).
      if (input.queueId !== undefined) ticket.queueId = input.queueId;
      if (input.whatsappId !== undefined) ticket.whatsappId = input.whatsappId;
      ticket.userId = input.userId ?? null;
      ticket.status = input.userId ? 'open' : 'pending';
      after = () => this.automation.onTransferred(em, ticket);
    } else if (input.status === 'open') {
      ticket.status = 'open';
      ticket.userId = input.userId ?? actorUserId;
      if (before.status === 'pending' && ticket.userId != null) {
        const userId = ticket.userId;
        after = () => this.automation.onAccepted(em, ticket, userId);
      }
    } else if (input.status === 'pending') {
      ticket.status = 'pending';
      ticket.userId = null;
    } else if (input.status === 'closed') {
      if (before.status !== 'closed') after = () => this.automation.onResolved(em, ticket);
      ticket.status = 'closed';
      ticket.userId = actorUserId;
    }
    try {
      await em.flush();
    } catch (err) {
      if (err instanceof UniqueConstraintViolationException) throw AppError.conflict('ERR_OTHER_OPEN_TICKET');
      throw err;
    }
    this.announce(before, ticket);
    if (after) await after();
    const [dto] = await toTicketDtos(em, [ticket]);
    // Tell both the old and the new audience (a transfer moves the ticket between queues).
    this.realtime.toTicketAudience(before, 'ticket', { action: 'update', ticket: dto });
    this.realtime.toTicketAudience(ticket, 'ticket', { action: 'update', ticket: dto });
    if ((before.queueId ?? null) !== (ticket.queueId ?? null) || (before.userId ?? null) !== (ticket.userId ?? null)) {
      void this.realtime.recheckTicketRoom(ticket.id).catch(() => undefined);
    }
    return dto;
  }

  /** ticket.updated with the status, queue, user and connection changes (nothing when none changed). */
  private announce(before: Pick<Ticket, 'status' | 'queueId' | 'userId' | 'whatsappId'>, after: Ticket): void {
    const changes: DomainEventMap['ticket.updated']['changes'] = {};
    if (before.status !== after.status) changes.status = { before: before.status, after: after.status };
    if ((before.queueId ?? null) !== (after.queueId ?? null)) changes.queueId = { before: before.queueId ?? null, after: after.queueId ?? null };
    if ((before.userId ?? null) !== (after.userId ?? null)) changes.userId = { before: before.userId ?? null, after: after.userId ?? null };
    if (before.whatsappId !== after.whatsappId) changes.whatsappId = { before: before.whatsappId, after: after.whatsappId };
    if (Object.keys(changes).length) this.events.emit('ticket.updated', after.companyId, { ticketId: after.id, changes });
  }
}
