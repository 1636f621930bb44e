import { createEvent } from 'effector';
import type { MessageDto, TicketNoteDto } from '@atende/core-contract';

/**
 * A message this tab just sent or edited, as the server answered it. The list shows it at once even
 * when the socket is down; the live `appMessage` event for the same id then only replaces it.
 */
export const messageSaved = createEvent<MessageDto>();

/** An internal note this tab just added (the input's note mode or the contact drawer): the timeline shows it at once. */
export const noteSaved = createEvent<TicketNoteDto>();
/** A note deleted in this tab (contact drawer): the timeline drops it. */
export const noteRemoved = createEvent<number>();
