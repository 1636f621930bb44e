import type { BulkRecipient } from '@atende/sdk-server';

/** A recipient `Messages.sendToNumbers` accepted: its position in the call, digits, name and the rows to store. */
export interface BulkPlanned {
  index: number;
  number: string;
  name: string;
  correlationId: string;
  /** One row, or two for a voice note with text (the text first: a voice note carries no caption). */
  rows: { body: string; media: boolean }[];
}

const NUMBER = /^\d{8,15}$/;

/**
 * Checks each recipient of a bulk send as `sendToNumber` checks one (digits 8–15, a text or the media,
 * 4096 characters, a correlation id of 1–100) and plans the rows it stores. Pure: the port's unit test
 * covers it. `errors[i]` is set for each refused recipient; the others are in `planned`, in call order.
 */
export function planBulkSend(
  recipients: readonly BulkRecipient[],
  media: 'audio' | 'other' | null,
): { planned: BulkPlanned[]; errors: Map<number, string> } {
  const planned: BulkPlanned[] = [];
  const errors = new Map<number, string>();
  recipients.forEach((r, index) => {
    const number = String(r.number ?? '').replace(/\D/g, '');
    const body = r.body ?? '';
    const correlationId = r.correlationId ?? '';
    if (!NUMBER.test(number)) return void errors.set(index, 'invalid_number');
    if (!body.trim() && !media) return void errors.set(index, 'required');
    if (body.length > 4096 || correlationId.length > 100) return void errors.set(index, 'too_long');
    if (!correlationId) return void errors.set(index, 'correlation_id_required');
    const rows =
      media === 'audio' ? [...(body.trim() ? [{ body, media: false }] : []), { body: '', media: true }] : [{ body, media: media !== null }];
    planned.push({ index, number, name: r.name?.trim().slice(0, 100) || number, correlationId, rows });
  });
  return { planned, errors };
}

/* The rows of each statement are ONE parameter, a JSON array read by `json_to_recordset`: MikroORM
 * inlines parameters, and a JS array would be spread into a list. */

/**
 * Contacts of a bulk send, in one statement: created with their name when new, otherwise only touched
 * (the same upsert as `sendToNumber`: an existing contact keeps its name). One row per number, in
 * number order, so concurrent statements lock contacts in one order.
 */
export const BULK_CONTACTS_SQL = `insert into contacts (company_id, name, number, is_group, whatsapp_id)
  select ?, name, number, false, ? from (
    select distinct on (number) number, name from json_to_recordset(?::json) as i(number text, name text) order by number
  ) x order by number
  on conflict (company_id, number) do update set updated_at = now()
  returning id, number, is_group, (xmax = 0) as inserted`;

/**
 * The active (pending or open) tickets missing for these contacts on the connection, created pending
 * in the connection's sole queue (as `activeTicket` does, one statement for all); the unique index of
 * active tickets settles a race with another path creating one at the same moment.
 */
export const bulkTicketsSql = (soleQueueSql: string) => `insert into tickets (company_id, contact_id, whatsapp_id, status, is_group, queue_id)
  select ?, c.id, ?, 'pending', c.is_group, (${soleQueueSql})
    from json_to_recordset(?::json) as c(id int, is_group boolean)
   where not exists (select 1 from tickets t where t.company_id = ? and t.contact_id = c.id and t.whatsapp_id = ? and t.status in ('pending', 'open'))
   order by c.id
  on conflict (contact_id, whatsapp_id) where status in ('pending','open') do nothing
  returning id`;

/** The messages of a bulk send, one statement, in the order given (ids ascend with it). */
export const BULK_MESSAGES_SQL = `insert into messages (company_id, ticket_id, contact_id, whatsapp_id, body, from_me, read, ack, media_type, media_url, media_name, source, correlation_id)
  select ?, i.ticket_id, i.contact_id, ?, i.body, true, true, 0, i.media_type, i.media_url, i.media_name, ?, i.correlation_id
    from json_to_recordset(?::json) as i(ord int, ticket_id int, contact_id int, body text, media_type text, media_url text, media_name text, correlation_id text)
   order by i.ord
  returning id, ticket_id, correlation_id, body, media_type, media_name`;

/** Each ticket's last message (the last one stored for it in the call). */
export const BULK_LAST_MESSAGE_SQL = `update tickets t set last_message = x.preview, updated_at = now()
  from json_to_recordset(?::json) as x(id int, preview text)
 where t.id = x.id and t.company_id = ?`;
