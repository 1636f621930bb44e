import { can } from '@atende/core-contract';
import { AppError, type AuthUser } from '@atende/sdk-server';
import type { Exec } from './ticket-dto-sql.js';

/**
 * Who may see which tickets (core-operations §6), in ONE place (issue 11 item 3): the ticket lists and
 * their counts, opening a ticket (HTTP and the realtime `joinChatBox`), the conversation's sibling
 * tickets, the notes, and the Tickets port all resolve the viewer here and filter with `visibleSql`.
 *
 * `queueIds` null means no condition (an admin seeing everything). Otherwise: tickets of these queues,
 * the viewer's own tickets, and queueless ones when `queueless` (agents: their allTicket setting;
 * admins with show-all off: always).
 */
export interface TicketViewer {
  userId: number;
  companyId: number;
  queueIds: number[] | null;
  queueless: boolean;
}

/** Raw SQL with `?` placeholders (MikroORM's `execute` binds them; arrays expand to `a, b, c`). */
export interface SqlPart {
  sql: string;
  params: unknown[];
}

/**
 * The viewer for `user`, in one query (none for an admin seeing everything). `showAll` is the lists'
 * switch: admins see every ticket unless they turn it off; for agents it means nothing (show-all is
 * admin-only). Opening a ticket uses the default: an admin may open any.
 */
export async function ticketViewer(exec: Exec, user: AuthUser, showAll?: boolean): Promise<TicketViewer> {
  if (seesEverything(user, showAll)) return viewerOf(user, showAll, null);
  const [row] = await exec(
    `select u.all_ticket, coalesce(array_agg(q.id) filter (where q.id is not null), '{}') as queue_ids
       from users u
       left join user_queues uq on uq.user_id = u.id
       left join queues q on q.id = uq.queue_id and q.company_id = u.company_id
      where u.id = ? and u.company_id = ?
      group by u.id`,
    [user.id, user.companyId],
  );
  return viewerOf(user, showAll, row ? { allTicket: row.all_ticket === 'enabled', queueIds: row.queue_ids as number[] } : null);
}

const seesEverything = (user: AuthUser, showAll?: boolean) => can(user, 'tickets-manager:showall') && showAll !== false;

/**
 * The same viewer from what is already known of the user (the session cache holds allTicket and the
 * queues): no query. `known` null for a user that no longer exists.
 */
export function viewerOf(user: AuthUser, showAll: boolean | undefined, known: { allTicket: boolean; queueIds: number[] } | null): TicketViewer {
  if (seesEverything(user, showAll)) return { userId: user.id, companyId: user.companyId, queueIds: null, queueless: true };
  if (!known) throw new AppError('ERR_INVALID_TOKEN', 401); // the user was deleted since the token was issued
  return { userId: user.id, companyId: user.companyId, queueIds: known.queueIds, queueless: can(user, 'tickets-manager:showall') || known.allTicket };
}

/** The condition on tickets alias `t` (always with the company). `array[?]::int[]` stays valid for an empty list. */
export function visibleSql(viewer: TicketViewer, t = 't'): SqlPart {
  if (!viewer.queueIds) return { sql: `${t}.company_id = ?`, params: [viewer.companyId] };
  return {
    sql: `${t}.company_id = ? and (${t}.queue_id = any(array[?]::int[]) or ${t}.user_id = ?${viewer.queueless ? ` or ${t}.queue_id is null` : ''})`,
    params: [viewer.companyId, viewer.queueIds, viewer.userId],
  };
}

/** Whether the viewer may see the ticket (false for another company's or a missing one). */
export async function maySeeTicket(exec: Exec, viewer: TicketViewer, ticketId: number): Promise<boolean> {
  const visible = visibleSql(viewer);
  return (await exec(`select 1 from tickets t where t.id = ? and ${visible.sql}`, [ticketId, ...visible.params])).length > 0;
}

/** The ids of a contact's tickets the viewer may see (on one connection when given). */
export async function visibleTicketIds(exec: Exec, viewer: TicketViewer, contactId: number, whatsappId?: number): Promise<number[]> {
  const visible = visibleSql(viewer);
  const rows = await exec(`select t.id from tickets t where t.contact_id = ?${whatsappId != null ? ' and t.whatsapp_id = ?' : ''} and ${visible.sql}`, [
    contactId,
    ...(whatsappId != null ? [whatsappId] : []),
    ...visible.params,
  ]);
  return rows.map((r) => r.id as number);
}
