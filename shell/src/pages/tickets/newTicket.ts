import type { TicketDto } from '@atende/core-contract';
import { ApiError } from '@atende/sdk-web';

/** What a 409 ERR_OTHER_OPEN_TICKET means for this user: open the ticket, or say who has it. */
export function otherOpenTicket(err: unknown, myId: number | undefined): { ticket: TicketDto; ownedByOther: boolean } | null {
  if (!(err instanceof ApiError) || err.code !== 'ERR_OTHER_OPEN_TICKET') return null;
  const ticket = (err.details as { ticket?: TicketDto } | undefined)?.ticket;
  if (!ticket?.uuid) return null;
  return { ticket, ownedByOther: ticket.userId !== null && ticket.userId !== myId };
}
