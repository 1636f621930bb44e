import type { SessionUser, TicketDto } from '@atende/core-contract';
import { signedInAs } from '../../testing.js';
import type { TicketListFilter } from './ticketListState.js';

export { fakeSocket, wrap } from '../../testing.js';

/** Shared by this area's tests (never imported by the app). */

let nextId = 1;
export function ticket(over: Partial<TicketDto> = {}): TicketDto {
  const id = over.id ?? nextId++;
  return {
    id,
    uuid: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    status: 'pending',
    contactId: id + 1000,
    contact: { id: over.contactId ?? id + 1000, name: `Cliente ${id}`, number: `5190000${String(id).padStart(4, '0')}`, profilePicUrl: '' },
    whatsappId: 1,
    queueId: 11,
    queue: { id: 11, name: 'Ventas', color: '#E91E63' },
    userId: null,
    user: null,
    unreadMessages: 0,
    lastMessage: 'Hola',
    isGroup: false,
    tags: [],
    useIntegration: false,
    promptId: null,
    integrationId: null,
    updatedAt: '2026-11-23T10:05:00.000Z',
    createdAt: '2026-11-23T10:00:00.000Z',
    ...over,
  };
}

export function filter(over: Partial<TicketListFilter> = {}): TicketListFilter {
  return {
    status: 'pending',
    queueIds: null,
    tagIds: [],
    searching: false,
    viewer: { id: 1, seesAll: false, queueIds: [11], allTicket: false },
    ...over,
  };
}

export function setUpShell(over: Partial<SessionUser> = {}) {
  return signedInAs({ allTicket: 'desabled', queues: [{ id: 11, name: 'Ventas', color: '#E91E63' }], ...over });
}

