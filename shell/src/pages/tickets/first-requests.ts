import { QUEUE_ENDPOINTS, TAG_ENDPOINTS, TICKET_ENDPOINTS, can, type SessionUser } from '@atende/core-contract';
import { prefetch } from '@atende/sdk-web';
import { ticketQuery } from './ticketQuery.js';

/** Admins see every ticket by default, others their queues (TicketsManager's show-all switch starts on). */
export const SHOW_ALL_PERMISSION = 'tickets-manager:showall';

/**
 * The GETs the tickets screen makes when it first shows with its default filters (TicketsManager and its
 * two open-tab lists, TicketList): each list's first page, the two header counts, the tags, and for an
 * admin the company's queues. Same paths and queries, in the same order of keys, so the screen takes
 * their answers (first-requests.test.tsx checks that it asks for nothing twice).
 */
export function firstTicketRequests(user: SessionUser): [string, Record<string, string | number | undefined>?][] {
  const isAdmin = can(user, SHOW_ALL_PERMISSION);
  const base = { queueIds: null, tagIds: [], showAll: isAdmin };
  return [
    [TICKET_ENDPOINTS.page.path, { ...ticketQuery({ ...base, status: 'open' }), pageNumber: 1 }],
    [TICKET_ENDPOINTS.page.path, { ...ticketQuery({ ...base, status: 'pending' }), pageNumber: 1 }],
    [TICKET_ENDPOINTS.count.path, ticketQuery({ ...base, status: 'pending' })],
    [TICKET_ENDPOINTS.count.path, ticketQuery({ ...base, status: 'open' })],
    [TAG_ENDPOINTS.list.path],
    ...(isAdmin ? [[QUEUE_ENDPOINTS.list.path] as [string]] : []),
  ];
}

/**
 * Starts the tickets screen's first requests as soon as the session's user is known, while the screen's
 * code downloads and the layout renders (issue 37 item 4: the lists were asked for only once the screen
 * had rendered, ~0.5 s after /auth/me answered on a first visit).
 */
export function prefetchTicketsScreen(user: SessionUser): void {
  for (const [path, query] of firstTicketRequests(user)) prefetch(path, query);
}
