import type { Schedule, ScheduleStatus } from '@atende/plugin-schedules-contract';
import type { ScheduleRow } from './schedule.entity.js';

/** The API's shape: the image by this plugin's own route, never the Media port's url. */
export const toDto = (s: ScheduleRow, contact: { id: number; name: string; number: string } | null): Schedule => ({
  id: s.id,
  body: s.body,
  sendAt: s.sendAt.toISOString(),
  sentAt: s.sentAt ? s.sentAt.toISOString() : null,
  status: s.status as ScheduleStatus,
  error: s.error ?? null,
  contactId: s.contactId,
  // A contact is deleted with its schedules (foreign key), so it is missing only in a race.
  contact: contact ? { id: contact.id, name: contact.name, number: contact.number } : { id: s.contactId, name: '', number: '' },
  userId: s.userId ?? null,
  whatsappId: s.whatsappId ?? null,
  ticketId: s.ticketId ?? null,
  mediaPath: s.mediaUrl ? `/schedules/${s.id}/media` : null,
  mediaName: s.mediaName ?? null,
  createdAt: s.createdAt.toISOString(),
  updatedAt: s.updatedAt.toISOString(),
});
