import type { TicketDto } from '@atende/core-contract';

/** Query of GET /api/tickets and /api/tickets/count; array filters travel as JSON-array strings. */
export function ticketQuery(p: {
  status?: TicketDto['status'];
  searchParam?: string;
  queueIds: number[] | null;
  tagIds: number[];
  showAll: boolean;
}): Record<string, string | undefined> {
  return {
    status: p.status,
    searchParam: p.searchParam || undefined,
    queueIds: p.queueIds ? JSON.stringify(p.queueIds) : undefined,
    tags: p.tagIds.length ? JSON.stringify(p.tagIds) : undefined,
    showAll: p.showAll ? 'true' : 'false',
  };
}
