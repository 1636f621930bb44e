import type { EntityManager } from '@mikro-orm/core';
import { fromWallTime as fromWallTimeIn, wallTime as wallTimeIn, type Campaign, type CampaignProgress } from '@atende/plugin-campaigns-contract';
import { q, type CampaignRow } from './sql.js';

/** The company's time zone (BUSINESS_TIMEZONE, as the kernel counts days and the session tells the browser). */
export const businessZone = () => process.env.BUSINESS_TIMEZONE || 'America/Lima';
export const wallTime = (d: Date | null, timeZone = businessZone()) => wallTimeIn(d, timeZone);
export const fromWallTime = (s: string | null, timeZone = businessZone()) => fromWallTimeIn(s, timeZone);

export const EMPTY_PROGRESS: CampaignProgress = { total: 0, valid: 0, pending: 0, sent: 0, delivered: 0, read: 0, failed: 0 };

/** Counts of the send logs of these campaigns, by state (one statement, carrying the company). */
export async function progressOf(em: EntityManager, companyId: number, ids: number[]): Promise<Map<number, CampaignProgress>> {
  if (!ids.length) return new Map();
  const rows = await q<{ id: number; total: number; pending: number; sent: number; delivered: number; read: number; failed: number; invalid: number }>(
    em,
    `select campaign_id as id, count(*)::int as total,
            count(*) filter (where status = 'pending')::int as pending,
            count(*) filter (where status = 'sent')::int as sent,
            count(*) filter (where status = 'delivered')::int as delivered,
            count(*) filter (where read_at is not null)::int as read,
            count(*) filter (where status = 'failed')::int as failed,
            count(*) filter (where status = 'failed' and error = 'invalid_number')::int as invalid
       from campaign_shipping where company_id = ? and campaign_id in (${ids.map(() => '?').join(', ')})
      group by campaign_id`,
    [companyId, ...ids],
  );
  return new Map(rows.map((r) => [r.id, { total: r.total, valid: r.total - r.invalid, pending: r.pending, sent: r.sent, delivered: r.delivered, read: r.read, failed: r.failed }]));
}

export function toDto(row: CampaignRow, names: { list?: string | null; whatsapp?: string | null }, progress: CampaignProgress = EMPTY_PROGRESS): Campaign {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    message1: row.message1,
    message2: row.message2,
    message3: row.message3,
    message4: row.message4,
    message5: row.message5,
    mediaPath: row.media_path,
    mediaName: row.media_name,
    recipientType: row.recipient_type,
    tagId: row.tag_id,
    contactListId: row.contact_list_id,
    contactList: row.contact_list_id && names.list != null ? { id: row.contact_list_id, name: names.list } : null,
    addTagId: row.add_tag_id,
    removeTagId: row.remove_tag_id,
    whatsappId: row.whatsapp_id,
    whatsapp: row.whatsapp_id && names.whatsapp != null ? { id: row.whatsapp_id, name: names.whatsapp } : null,
    scheduleType: row.schedule_type,
    confirmNow: row.confirm_now ? new Date(row.confirm_now).toISOString() : null,
    scheduledAt: wallTime(row.scheduled_at ? new Date(row.scheduled_at) : null),
    completedAt: row.completed_at ? new Date(row.completed_at).toISOString() : null,
    maxContacts: row.max_contacts,
    companyId: row.company_id,
    progress,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}
