import type { TicketListQuery } from '@atende/core-contract';
import { containsPattern } from '@atende/sdk-server';
import { tagListSql } from './ticket-dto-sql.js';
import { visibleSql, type SqlPart, type TicketViewer } from './ticket-visibility.js';

/** Tickets per page of GET /tickets (the reference client's page size). */
export const TICKET_PAGE_SIZE = 40;
/** Shortest search term that also looks in message text (pg_trgm indexes trigrams). */
export const MESSAGE_SEARCH_MIN = 3;

/** Who is looking (see ticket-visibility.ts: the one visibility rule). */
export type ListViewer = TicketViewer;
export type { SqlPart };

/**
 * The WHERE clause (alias `t` = tickets) shared by the list and the count. Every condition is on a
 * column the list indexes carry (tickets_list_cover / tickets_all_cover, core_0007_search), so the page
 * walk reads the index only; the tags filter adds a probe of ticket_tags per ticket walked.
 */
export function ticketWhere(
  viewer: ListViewer,
  q: Partial<Pick<TicketListQuery, 'status' | 'queueIds' | 'tags' | 'users' | 'date' | 'updatedAt' | 'withUnreadMessages'>>,
  timeZone: string,
): SqlPart {
  const visible = visibleSql(viewer);
  const where: string[] = [visible.sql];
  const params: unknown[] = [...visible.params];
  const add = (sql: string, ...p: unknown[]) => {
    where.push(sql);
    params.push(...p);
  };
  if (q.status) add('t.status = ?', q.status);
  if (q.queueIds) {
    // A user allowed queueless tickets (allTicket enabled, or an admin with show-all off) finds the waiting
    // ones beside those of the queues they filter by: nobody else would pick them up (issue 9 item 18).
    const withQueueless = viewer.queueIds !== null && viewer.queueless && q.status === 'pending';
    add(`(t.queue_id = any(array[?]::int[])${withQueueless ? ' or t.queue_id is null' : ''})`, q.queueIds);
  }
  if (q.users) add('t.user_id = any(array[?]::int[])', q.users);
  if (q.tags) add('exists (select 1 from ticket_tags tt where tt.ticket_id = t.id and tt.tag_id = any(array[?]::int[]))', q.tags);
  // A day in the company's time zone: [midnight, next midnight) there, as timestamptz bounds (index ranges).
  if (q.date) add('t.created_at >= (?::date)::timestamp at time zone ? and t.created_at < (?::date + 1)::timestamp at time zone ?', q.date, timeZone, q.date, timeZone);
  if (q.updatedAt) add('t.updated_at >= (?::date)::timestamp at time zone ? and t.updated_at < (?::date + 1)::timestamp at time zone ?', q.updatedAt, timeZone, q.updatedAt, timeZone);
  if (q.withUnreadMessages) add('t.unread_messages > 0');
  return { sql: where.join(' and '), params };
}

/**
 * One statement for a whole page: the CTE finds the page's tickets (LIMIT counts tickets: no join
 * multiplies rows there), one more than the page to know hasMore; the outer query adds contact, queue,
 * user and tags (aggregated per ticket) to those 41 at most.
 *
 * A search is a UNION of two ordered, limited branches rather than one OR: each branch then gets its own
 * plan. For a common word the message branch walks the tickets in list order and probes each one's
 * messages (messages_ticket_index) until the page is full; for a rare word or none it asks the trigram
 * index (messages_body_trgm) first. An OR forces both to be computed in full: every message containing
 * "hello" (20,000 of 1,000,000) was read for one page, and a search without hits walked every ticket.
 */
export function ticketPageSql(filtered: SqlPart, q: { pageNumber: number; searchParam?: string; cursor?: string }, companyId: number): SqlPart {
  // A cursor continues after the last ticket shown, on the same index order: no OFFSET rows to walk.
  const after = q.cursor ? cursorSql(q.cursor) : null;
  const where = after ? { sql: `${filtered.sql} and ${after.sql}`, params: [...filtered.params, ...after.params] } : filtered;
  const offset = after ? 0 : (q.pageNumber - 1) * TICKET_PAGE_SIZE;
  const take = TICKET_PAGE_SIZE + 1;
  let page: SqlPart;
  if (!q.searchParam) {
    // LIMIT is a literal and OFFSET appears only past page 1: the text then has no value-dependent part,
    // so a prepared statement's generic plan walks the index as a custom plan does (database/prepared.ts).
    page = {
      sql: `select t.id, t.updated_at from tickets t where ${where.sql} order by t.updated_at desc, t.id desc limit ${take}${offset ? ' offset ?' : ''}`,
      params: offset ? [...where.params, offset] : where.params,
    };
  } else {
    const like = containsPattern(q.searchParam);
    const byContact = `
      (select t.id, t.updated_at from tickets t
        where ${where.sql}
          and t.contact_id in (select c.id from contacts c where c.company_id = ? and (c.name ilike ? or c.number like ?))
        order by t.updated_at desc, t.id desc limit ?)`;
    const byMessage = `
      (select t.id, t.updated_at from tickets t
        where ${where.sql}
          and exists (select 1 from messages m where m.ticket_id = t.id and m.body ilike ?)
        order by t.updated_at desc, t.id desc limit ?)`;
    // Trigrams need 3 characters: a shorter term would read every message, so it matches contacts only.
    const withMessages = q.searchParam.length >= MESSAGE_SEARCH_MIN;
    page = {
      sql: `
        select found.id, found.updated_at from (${byContact}${withMessages ? ` union ${byMessage}` : ''}) found
        order by found.updated_at desc, found.id desc limit ? offset ?`,
      params: [
        ...where.params, companyId, like, like, offset + take,
        ...(withMessages ? [...where.params, like, offset + take] : []),
        take,
        offset,
      ],
    };
  }
  return {
    sql: `
      with page as (${page.sql})
      select ${DTO_COLUMNS},
             ${CURSOR_OF_ROW} as cursor
        from page p
        join tickets t on t.id = p.id
        ${DTO_JOINS}
       order by p.updated_at desc, p.id desc`,
    params: page.params,
  };
}

/**
 * What ticketRowDto (ticket-dto-sql.ts) reads, as explicit columns of tickets `t` (no `t.*`: these
 * statements are prepared, see database/prepared.ts), and the joins they need.
 */
const DTO_COLUMNS = `t.id, t.uuid, t.status, t.contact_id, t.whatsapp_id, t.queue_id, t.user_id, t.unread_messages,
             t.last_message, t.is_group, t.created_at, t.updated_at, t.use_integration, t.automation_plugin, t.automation_ref,
             c.name as contact_name, c.number as contact_number, c.profile_pic_url as contact_pic,
             q.name as queue_name, q.color as queue_color, u.name as user_name,
             ${tagListSql('t')} as tag_list`;
const DTO_JOINS = `join contacts c on c.id = t.contact_id and c.company_id = t.company_id
        left join queues q on q.id = t.queue_id and q.company_id = t.company_id
        left join users u on u.id = t.user_id and u.company_id = t.company_id`;

/** One ticket of the company with its DTO's columns (the conversation page); no row for another company's id. */
export function ticketByIdSql(companyId: number, id: number): SqlPart {
  return { sql: `select ${DTO_COLUMNS} from tickets t ${DTO_JOINS} where t.company_id = ? and t.id = ?`, params: [companyId, id] };
}

/** The cursor of a row: its updated_at in microseconds since 1970 (exact: numeric epoch) and its id. */
export const CURSOR_OF_ROW = `(extract(epoch from t.updated_at) * 1000000)::bigint::text || '.' || t.id`;

/** Rows after the cursor in list order (updated_at desc, id desc): a row comparison the list indexes answer. */
export function cursorSql(cursor: string): SqlPart {
  const [micros, id] = cursor.split('.');
  return { sql: `(t.updated_at, t.id) < (timestamptz 'epoch' + ?::bigint * interval '1 microsecond', ?::int)`, params: [micros, Number(id)] };
}
