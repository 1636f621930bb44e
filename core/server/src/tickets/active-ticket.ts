import type { Exec } from './ticket-dto-sql.js';

/**
 * The queue a new ticket of the connection starts in: the connection's only queue, none when it has
 * none or several (the queue bot's menu picks one then). A subquery of the insert: no round trip, and
 * it reads the queues as they are when the ticket is created (issue 27 item 11).
 */
export const SOLE_QUEUE_SQL = `select min(q.id) from whatsapp_queues wq join queues q on q.id = wq.queue_id and q.company_id = ?
                         where wq.whatsapp_id = ? having count(*) = 1`;

/**
 * The active (pending or open) ticket of a contact on a connection, created pending when there is
 * none, already in the connection's queue when it has exactly one: so the queue's agents see it and
 * may accept it from the first moment, and `ticket.created` names the queue. A unique index
 * arbitrates races: of two workers creating it at once, one inserts and the other reads the committed
 * row. Shared by the inbound pipeline and the Messages and Tickets ports: one insert path.
 */
export async function activeTicket(
  exec: Exec,
  companyId: number,
  contactId: number,
  whatsappId: number,
  isGroup: boolean,
  columns: readonly string[],
): Promise<{ ticket: Record<string, unknown>; created: boolean }> {
  const list = columns.join(', ');
  const [row] = await exec(
    `insert into tickets (company_id, contact_id, whatsapp_id, status, is_group, queue_id) values (?, ?, ?, 'pending', ?, (${SOLE_QUEUE_SQL}))
     on conflict (contact_id, whatsapp_id) where status in ('pending','open') do nothing returning ${list}`,
    [companyId, contactId, whatsappId, isGroup, companyId, whatsappId],
  );
  if (row) return { ticket: row, created: true };
  // Another worker created it a moment ago; its row is committed and visible now.
  const [other] = await exec(`select ${list} from tickets where company_id = ? and contact_id = ? and whatsapp_id = ? and status in ('pending','open')`, [
    companyId,
    contactId,
    whatsappId,
  ]);
  return { ticket: other, created: false };
}
