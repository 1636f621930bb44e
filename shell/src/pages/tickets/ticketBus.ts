import { createEvent } from 'effector';
import type { TicketDto } from '@atende/core-contract';

/**
 * A ticket this browser just changed (accept, resolve, transfer… answered by the API). Every list applies
 * it at once instead of waiting for the socket, which may come later or, for a ticket leaving the
 * user's queues, never.
 */
export const ticketChangedHere = createEvent<TicketDto>();
