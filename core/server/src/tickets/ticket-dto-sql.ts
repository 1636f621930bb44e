import type { TicketDto } from '@atende/core-contract';
import type { TicketSummary } from '@atende/sdk-server';
import { markerFields } from './ticket-marker.js';

/** Runs one statement on the caller's connection (or transaction) and returns its rows. */
export type Exec = (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

const iso = (v: unknown) => (v instanceof Date ? v : new Date(v as string)).toISOString();

/**
 * Tickets of one company with everything their DTO shows (contact, queue, user, tags), in ONE query:
 * the inbound hot path's version of toTicketDtos (ticket-dto.ts), which needs five. It returns the raw
 * ticket row too, for callers that go on working with the ticket. Same shape as ticketSchema
 * (engine-rules.test.ts compares the realtime payload with GET /api/tickets/{id}).
 */
export async function loadTickets(exec: Exec, companyId: number, ids: number[]): Promise<{ row: Record<string, unknown>; dto: TicketDto }[]> {
  if (!ids.length) return [];
  const rows = await exec(
    `select t.*, c.name as contact_name, c.number as contact_number, c.profile_pic_url as contact_pic,
            q.name as queue_name, q.color as queue_color, u.name as user_name,
            ${tagListSql('t')} as tag_list
       from tickets t
       join contacts c on c.id = t.contact_id and c.company_id = t.company_id
       left join queues q on q.id = t.queue_id and q.company_id = t.company_id
       left join users u on u.id = t.user_id and u.company_id = t.company_id
      where t.company_id = ? and t.id in (${ids.map(() => '?').join(', ')})`,
    [companyId, ...ids],
  );
  return rows.map((r) => ({ row: r, dto: ticketRowDto(r) }));
}

/**
 * A ticket row (`tickets.*`, an inbound select or a list page; the marker columns use_integration,
 * automation_plugin, automation_ref included) joined with contact_name, contact_number, contact_pic, queue_name,
 * queue_color, user_name and tag_list (json), as the API shows it.
 */
export function ticketRowDto(r: Record<string, unknown>): TicketDto {
  return {
    id: r.id as number,
    uuid: r.uuid as string,
    status: r.status as TicketDto['status'],
    contactId: r.contact_id as number,
    contact: { id: r.contact_id as number, name: r.contact_name as string, number: r.contact_number as string, profilePicUrl: r.contact_pic as string },
    whatsappId: r.whatsapp_id as number,
    queueId: (r.queue_id as number | null) ?? null,
    queue: r.queue_id != null ? { id: r.queue_id as number, name: r.queue_name as string, color: r.queue_color as string } : null,
    userId: (r.user_id as number | null) ?? null,
    user: r.user_id != null ? { id: r.user_id as number, name: r.user_name as string } : null,
    unreadMessages: r.unread_messages as number,
    lastMessage: r.last_message as string,
    isGroup: r.is_group as boolean,
    tags: (typeof r.tag_list === 'string' ? JSON.parse(r.tag_list) : r.tag_list) as TicketDto['tags'],
    ...markerFields(r.use_integration, r.automation_plugin, r.automation_ref),
    updatedAt: iso(r.updated_at),
    createdAt: iso(r.created_at),
  };
}

/** The tags of ticket `<alias>.id` as a json list, for the selects above, the inbound fast path and the list pages. */
export const tagListSql = (alias: string) =>
  `coalesce((select json_agg(json_build_object('id', g.id, 'name', g.name, 'color', g.color) order by g.id)
              from ticket_tags tt join tags g on g.id = tt.tag_id and g.company_id = ${alias}.company_id where tt.ticket_id = ${alias}.id), '[]'::json)`;

/** A `tickets` row as the SDK's TicketSummary (the ports and the inbound chain). */
export function ticketSummaryOf(r: Record<string, unknown>): TicketSummary {
  return {
    id: r.id as number,
    status: r.status as TicketSummary['status'],
    queueId: (r.queue_id as number | null) ?? null,
    userId: (r.user_id as number | null) ?? null,
    contactId: r.contact_id as number,
    whatsappId: r.whatsapp_id as number,
  };
}
