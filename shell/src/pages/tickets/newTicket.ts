import type { OtherOpenTicket } from '@atende/core-contract';
import { ApiError } from '@atende/sdk-web';

/** What a 409 ERR_OTHER_OPEN_TICKET means for this user: open the ticket, or say who has it. */
export function otherOpenTicket(err: unknown, myId: number | undefined): { ticket: OtherOpenTicket; ownedByOther: boolean } | null {
  if (!(err instanceof ApiError) || err.code !== 'ERR_OTHER_OPEN_TICKET') return null;
  const ticket = (err.details as { ticket?: OtherOpenTicket } | undefined)?.ticket;
  if (!ticket?.uuid) return null;
  return { ticket, ownedByOther: ticket.user !== null && ticket.user.id !== myId };
}
