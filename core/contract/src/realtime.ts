/** Socket.io event names and room naming, shared by the gateway and the clients. */
export const SOCKET_EVENTS = {
  auth: 'auth',
  ticket: 'ticket',
  appMessage: 'appMessage',
  /**
   * Contacts, to the company: {action: create|update, contact}, {action: delete, contactId}, or
   * {action: reload} when many changed at once (.xlsx or phone-book import): lists read their page again.
   */
  contact: 'contact',
  user: 'user',
  whatsapp: 'whatsapp',
  whatsappSession: 'whatsappSession',
  help: 'help',
  settings: 'settings',
  queue: 'queue',
  company: 'company',
  plan: 'plan',
  /** Quick replies: {action: create|update|delete, record} to the owner (personal) or the company (geral). */
  quickmessage: 'quickmessage',
} as const;

/**
 * `auth` event actions sent to a user's sockets: `replaced` (signed in elsewhere; the shell shows the
 * "accessed elsewhere" message, clears storage and reloads after 1 s), `revoked` (password changed,
 * user disabled or deleted), `expired` / `invalid` (bad token at connection).
 */
export type AuthEventAction = 'replaced' | 'revoked' | 'expired' | 'invalid';
/** Client → server heartbeat every 5 minutes (core-operations §4). */
export const USER_STATUS_EVENT = 'userStatus';

export const companyRoom = (companyId: number) => `company-${companyId}`;
export const userRoom = (userId: number) => `user-${userId}`;
/** Users of a company who may link numbers: the only ones sent QR and pairing codes. */
export const linkersRoom = (companyId: number) => `linkers-${companyId}`;
/** Room for platform-wide events every signed-in user may see (help videos, announcements). */
export const PLATFORM_ROOM = 'platform';
/** Super users only: platform administration (companies, plans) is nobody else's business. */
export const SUPER_ROOM = 'platform-super';
