import type { MessageDto, TicketDto } from '@atende/core-contract';
import { signedInAs } from '../../../testing.js';

export { fakeSocket, wrap } from '../../../testing.js';

/** Shared by this folder's component tests (never imported by the app). */

export const ME = 1;

export function setUpShell() {
  return signedInAs({ id: ME });
}

export function ticket(over: Partial<TicketDto> = {}): TicketDto {
  return {
    id: 2,
    uuid: '00000000-0000-4000-8000-000000000002',
    status: 'open',
    contactId: 7,
    contact: { id: 7, name: 'Carla', number: '51999000111', profilePicUrl: '' },
    whatsappId: 3,
    queueId: null,
    queue: null,
    userId: ME,
    user: { id: ME, name: 'Ana' },
    unreadMessages: 0,
    lastMessage: '',
    isGroup: false,
    tags: [],
    useIntegration: false,
    promptId: null,
    integrationId: null,
    updatedAt: '2026-11-23T10:00:00.000Z',
    createdAt: '2026-11-20T10:00:00.000Z',
    ...over,
  };
}

export function message(id: number, over: Partial<MessageDto> = {}): MessageDto {
  return {
    id,
    ticketId: 2,
    body: `mensaje ${id}`,
    fromMe: false,
    read: true,
    mediaType: 'chat',
    mediaUrl: null,
    ack: 0,
    isDeleted: false,
    isEdited: false,
    quotedMsgId: null,
    quotedMsg: null,
    mediaName: null,
    sendError: null,
    userId: null,
    simulated: false,
    participant: null,
    createdAt: '2026-11-23T10:00:00.000Z',
    ...over,
  };
}
