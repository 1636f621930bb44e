import type { Connection, SessionUser } from '@atende/core-contract';
import { signedInAs } from '../../testing.js';

export { fakeSocket, wrap } from '../../testing.js';

/** Shared by this area's component tests (never imported by the app). */

export function setUpShell(profile: SessionUser['profile'] = 'admin') {
  return signedInAs({ profile });
}

let nextId = 1;
export function connection(over: Partial<Connection> = {}): Connection {
  const id = over.id ?? nextId++;
  return {
    id,
    name: `Conexión ${id}`,
    provider: 'baileys',
    status: 'CONNECTED',
    statusReason: null,
    qrcode: '',
    token: '',
    retries: 0,
    number: null,
    isDefault: false,
    greetingMessage: '',
    complationMessage: '',
    outOfHoursMessage: '',
    ratingMessage: '',
    expiresInactiveMessage: '',
    expiresTicket: 0,
    timeUseBotQueues: 0,
    maxUseBotQueues: 3,
    transferQueueId: null,
    timeToTransfer: 0,
    integrationId: null,
    promptId: null,
    queues: [],
    updatedAt: '2026-11-23T10:05:00.000Z',
    ...over,
  };
}
