import { describe, expect, it } from 'vitest';
import { TICKET_PAGE_SIZE, ticketPageSql, ticketWhere, type ListViewer } from './ticket-list-query.js';

const agent: ListViewer = { userId: 7, companyId: 3, queueIds: [1, 2], queueless: false };
const admin: ListViewer = { userId: 1, companyId: 3, queueIds: null, queueless: true };
const every = { status: 'open', queueIds: [4], tags: [5, 6], users: [7], date: '2026-03-01', updatedAt: '2026-03-02', withUnreadMessages: true } as const;

/** Placeholders and values must line up: MikroORM binds `?` in order (an array is one value). */
const placeholders = (sql: string) => sql.split('?').length - 1;

describe('ticket list SQL', () => {
  it('binds one value per placeholder, with and without search, for every filter', () => {
    for (const viewer of [agent, admin]) {
      for (const filters of [{}, every]) {
        for (const searchParam of [undefined, 'ab', 'hello']) {
          for (const cursor of [undefined, '1767225600123456.42']) {
            const part = ticketPageSql(ticketWhere(viewer, filters, 'America/Lima'), { pageNumber: 3, searchParam, cursor }, viewer.companyId);
            expect(placeholders(part.sql)).toBe(part.params.length);
          }
        }
      }
    }
  });

  it('scopes to the company and, for agents, to their queues, own and (when allowed) queueless tickets', () => {
    const where = ticketWhere(agent, {}, 'UTC');
    expect(where.sql).toBe('t.company_id = ? and (t.queue_id = any(array[?]::int[]) or t.user_id = ?)');
    expect(where.params).toEqual([3, [1, 2], 7]);
    expect(ticketWhere({ ...agent, queueless: true }, {}, 'UTC').sql).toContain('or t.queue_id is null');
    expect(ticketWhere(admin, {}, 'UTC').sql).toBe('t.company_id = ?');
  });

  it('keeps queueless waiting tickets beside the filtered queues for a viewer allowed them (allTicket), only in the waiting list', () => {
    const allowed = { ...agent, queueless: true };
    expect(ticketWhere(allowed, { status: 'pending', queueIds: [1] }, 'UTC').sql).toContain('(t.queue_id = any(array[?]::int[]) or t.queue_id is null)');
    expect(ticketWhere(allowed, { status: 'open', queueIds: [1] }, 'UTC').sql).not.toMatch(/any\(array\[\?\]::int\[\]\) or t.queue_id is null\)$/);
    expect(ticketWhere(agent, { status: 'pending', queueIds: [1] }, 'UTC').sql.match(/queue_id is null/g)).toBeNull();
    // An admin showing everything filters strictly: the filter is what they asked for.
    expect(ticketWhere(admin, { status: 'pending', queueIds: [1] }, 'UTC').sql).not.toContain('queue_id is null');
  });

  it('fetches one ticket more than a page, from the page’s offset; the limit is a literal, the offset only past page 1', () => {
    const part = ticketPageSql(ticketWhere(admin, {}, 'UTC'), { pageNumber: 3 }, 3);
    expect(part.sql).toContain(`limit ${TICKET_PAGE_SIZE + 1} offset ?`);
    expect(part.params.at(-1)).toBe(2 * TICKET_PAGE_SIZE);
    // Page 1 has no value-dependent LIMIT/OFFSET: its prepared statement's generic plan walks the index.
    const first = ticketPageSql(ticketWhere(admin, { status: 'open' }, 'UTC'), { pageNumber: 1 }, 3);
    expect(first.sql).toMatch(new RegExp(`limit ${TICKET_PAGE_SIZE + 1}\\)`));
    expect(first.sql).not.toContain('offset');
    expect(first.params).toEqual([3, 'open']);
  });

  it('after a cursor, starts right after that row in list order, without an offset (page 200 costs page 1)', () => {
    const part = ticketPageSql(ticketWhere(admin, { status: 'open' }, 'UTC'), { pageNumber: 200, cursor: '1767225600123456.42' }, 3);
    expect(part.sql).toContain(`(t.updated_at, t.id) < (timestamptz 'epoch' + ?::bigint * interval '1 microsecond', ?::int)`);
    expect(part.sql).not.toContain('offset');
    expect(part.params.slice(-2)).toEqual(['1767225600123456', 42]);
    expect(part.params).toContain('1767225600123456');
    expect(part.params).toContain(42);
  });

  it('searches message text only from 3 characters, and escapes LIKE wildcards', () => {
    const short = ticketPageSql(ticketWhere(admin, {}, 'UTC'), { pageNumber: 1, searchParam: 'ab' }, 3);
    expect(short.sql).not.toContain('from messages');
    const long = ticketPageSql(ticketWhere(admin, {}, 'UTC'), { pageNumber: 1, searchParam: '100%' }, 3);
    expect(long.sql).toContain('from messages m where m.ticket_id = t.id and m.body ilike ?');
    expect(long.params).toContain('%100\\%%');
  });
});
