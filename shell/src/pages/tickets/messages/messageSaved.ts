import { createEvent } from 'effector';
import type { MessageDto } from '@atende/core-contract';

/**
 * A message this tab just sent or edited, as the server answered it. The list shows it at once even
 * when the socket is down; the live `appMessage` event for the same id then only replaces it.
 */
export const messageSaved = createEvent<MessageDto>();
