import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { WhatsappSchema } from '../connections/whatsapp.entity.js';
import { ContactSchema } from '../contacts/contact.entity.js';
import { type Ticket } from './ticket.entity.js';
import { QueueSchema } from '../queues/queue.entity.js';
import { SettingSchema } from '../settings/setting.entity.js';
import { UserSchema } from '../users/user.entity.js';
import { OutboundService } from '../messages/outbound.service.js';
import { holdTicket } from '../inbound/ticket-holder.js';
import { RATING_HOLDER, RATING_HOLD_MS, type RatingState } from '../inbound/handlers/rating.handler.js';
import type { Exec } from './ticket-dto-sql.js';

export const DEFAULT_RATING_MESSAGE = 'Por favor, califique nuestra atención respondiendo con un número del 1 al 5.';

/**
 * Automatic messages around ticket transitions (core-operations §3 settings): completion and rating
 * request on resolve, the agent's greeting on accept (sendGreetingAccepted), and the transfer notice
 * (sendMsgTransfTicket). Runs in the tenant scope of the EntityManager it is given (a request's, or
 * a company's outside requests).
 */
@Injectable()
export class TicketAutomationService {
  constructor(private readonly outbound: OutboundService) {}

  private async enabled(em: EntityManager, key: string): Promise<boolean> {
    return (await em.findOne(SettingSchema, { key }))?.value === 'enabled';
  }

  async onResolved(em: EntityManager, ticket: Ticket): Promise<void> {
    if (ticket.isGroup) return;
    const w = await em.findOneOrFail(WhatsappSchema, { id: ticket.whatsappId });
    if (w.status !== 'CONNECTED') return;
    if (w.complationMessage.trim()) await this.outbound.queueText(ticket, w.complationMessage, null);
    if (await this.enabled(em, 'userRating')) {
      // The closed ticket is held by the rating handler for a day: the customer's next message goes
      // there first and, if 1–5, is their rating of this ticket (see inbound/handlers/rating.handler.ts).
      // The request row and the hold commit together, and before the question goes out: a quick "5"
      // always finds them.
      await em.transactional(async (tx) => {
        const exec: Exec = (sql, params) => tx.getConnection().execute(sql, params, 'all', tx.getTransactionContext());
        const [rating] = await exec(`insert into ticket_ratings (company_id, ticket_id, contact_id, whatsapp_id, user_id) values (?, ?, ?, ?, ?) returning id`, [
          ticket.companyId,
          ticket.id,
          ticket.contactId,
          ticket.whatsappId,
          ticket.userId ?? null,
        ]);
        await holdTicket(exec, ticket.companyId, ticket.id, RATING_HOLDER, { ratingId: rating.id as number } satisfies RatingState, RATING_HOLD_MS);
      });
      await this.outbound.queueText(ticket, w.ratingMessage.trim() || DEFAULT_RATING_MESSAGE, null);
    }
  }

  async onAccepted(em: EntityManager, ticket: Ticket, userId: number): Promise<void> {
    if (ticket.isGroup || !(await this.enabled(em, 'sendGreetingAccepted'))) return;
    const [contact, user] = await Promise.all([em.findOneOrFail(ContactSchema, { id: ticket.contactId }), em.findOneOrFail(UserSchema, { id: userId })]);
    await this.outbound.queueText(ticket, `¡Hola *${contact.name}*! Mi nombre es *${user.name}* y ahora le atenderé.`, userId);
  }

  async onTransferred(em: EntityManager, ticket: Ticket): Promise<void> {
    if (ticket.isGroup || !(await this.enabled(em, 'sendMsgTransfTicket'))) return;
    const queue = ticket.queueId ? await em.findOne(QueueSchema, { id: ticket.queueId }) : null;
    const user = ticket.userId ? await em.findOne(UserSchema, { id: ticket.userId }) : null;
    const to = [queue && `la cola *${queue.name}*`, user && `*${user.name}*`].filter(Boolean).join(' y ');
    if (to) await this.outbound.queueText(ticket, `Su atención fue transferida a ${to}. En breve le atenderán.`, null);
  }
}
