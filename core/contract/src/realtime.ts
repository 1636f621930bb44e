/** Socket.io event names and room naming, shared by the gateway and the clients. */
export const SOCKET_EVENTS = {
  auth: 'auth',
  ticket: 'ticket',
  appMessage: 'appMessage',
  contact: 'contact',
  user: 'user',
  whatsapp: 'whatsapp',
  whatsappSession: 'whatsappSession',
  help: 'help',
} as const;

export const companyRoom = (companyId: number) => `company-${companyId}`;
export const userRoom = (userId: number) => `user-${userId}`;
/** Room for platform-wide events every signed-in user may see (help videos, announcements). */
export const PLATFORM_ROOM = 'platform';
