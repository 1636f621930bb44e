import type { Exec } from './ticket-dto-sql.js';

/**
 * The active (pending or open) ticket of a contact on a connection, created pending when there is
 * none. A unique index arbitrates races: of two workers creating it at once, one inserts and the other
 * reads the committed row. Shared by the inbound pipeline and the Messages port: one insert path.
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
    `insert into tickets (company_id, contact_id, whatsapp_id, status, is_group) values (?, ?, ?, 'pending', ?)
     on conflict (contact_id, whatsapp_id) where status in ('pending','open') do nothing returning ${list}`,
    [companyId, contactId, whatsappId, isGroup],
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
