import { CAMPAIGN_EDIT_MARGIN_MS, fromWallTime, wallTime, type Campaign, type CampaignEvent, type CampaignProgressEvent, type CampaignStatus } from '@atende/plugin-campaigns-contract';

// Pure helpers of the campaigns screens (unit-tested in campaigns.test.ts).

export const reportPath = (id: number) => `/campaign/${id}/report`;

/** §4: what the form lets the user change (`timeZone`: the company's, in which scheduledAt is written). */
export function formMode(c: Pick<Campaign, 'status' | 'scheduledAt'> | null, timeZone: string, now = Date.now()): 'all' | 'messages' | 'none' {
  if (!c || c.status === 'INATIVA') return 'all';
  const at = fromWallTime(c.scheduledAt, timeZone);
  if (c.status === 'PROGRAMADA' && at && at.getTime() - now > CAMPAIGN_EDIT_MARGIN_MS) return 'all';
  if (c.status === 'CANCELADA') return 'messages';
  return 'none';
}

/** A live event applied to the loaded rows (new ones on top, only when they match the search). */
export function applyCampaignEvent(rows: Campaign[], e: CampaignEvent, searchParam = ''): Campaign[] {
  if (e.action === 'delete') return rows.filter((r) => r.id !== e.id);
  const i = rows.findIndex((r) => r.id === e.record.id);
  if (i >= 0) return rows.map((r) => (r.id === e.record.id ? e.record : r));
  if (e.action === 'create' && (!searchParam || e.record.name.toLowerCase().includes(searchParam.toLowerCase()))) return [e.record, ...rows];
  return rows;
}

/** Progress applied to a loaded campaign. */
export function applyProgress<T extends Pick<Campaign, 'id' | 'status' | 'progress' | 'completedAt'>>(c: T, e: CampaignProgressEvent): T {
  return c.id === e.campaignId ? { ...c, status: e.status, progress: e.progress, completedAt: e.completedAt } : c;
}

/** Delivered of valid, 0–100. */
export function percent(p: Campaign['progress']): number {
  return p.valid ? Math.min(100, Math.round((p.delivered / p.valid) * 100)) : 0;
}

export const STATUS_COLORS: Record<CampaignStatus, string> = {
  INATIVA: 'default',
  PROGRAMADA: 'blue',
  EM_ANDAMENTO: 'processing',
  CANCELADA: 'error',
  FINALIZADA: 'success',
};

/** `datetime-local` value → `YYYY-MM-DD HH:mm:ss` (§5), and back. */
export const toScheduledAt = (local: string): string | null => (local ? `${local.replace('T', ' ').slice(0, 16)}:00` : null);
export const toLocalInput = (scheduledAt: string | null): string => (scheduledAt ? scheduledAt.replace(' ', 'T').slice(0, 16) : '');
/** Two hours from now as the company's wall clock reads it (the field is in the company's zone, not the browser's). */
export const defaultLocalInput = (timeZone: string, now = new Date(Date.now() + 2 * 60 * 60 * 1000)) => toLocalInput(wallTime(now, timeZone));

/**
 * How many contacts a "send now" reaches, for its confirmation: the list's valid contacts, capped by the
 * campaign's maximum; null when the recipients are a tag (the count is the server's to make at send time).
 */
export function recipientCount(listCount: number | null | undefined, maxContacts: number | null | undefined): number | null {
  if (listCount === null || listCount === undefined) return null;
  return maxContacts ? Math.min(listCount, maxContacts) : listCount;
}

/** A message variant "filled" for its tab's mark: any non-blank text. */
export const filled = (text: string | null | undefined) => !!text?.trim();

/** The preview's text: the variant with {name} and {number} as a sample contact would get them. */
export const previewText = (text: string, sample: { name: string; number: string }) => text.replaceAll('{name}', sample.name).replaceAll('{number}', sample.number);

/** Whether the campaign's file shows as an image in the preview (by MIME type, or by the stored file's extension). */
export const isImage = (typeOrPath: string | null | undefined) => !!typeOrPath && (/^image\//.test(typeOrPath) || /\.(png|jpe?g)$/i.test(typeOrPath));

/** The server calls the campaign dialog's save makes (CampaignDialog.tsx), injected so their order can be tested. */
export interface CampaignSaveCalls<C> {
  create(body: object): Promise<C>;
  update(id: number, body: object): Promise<C>;
  upload(id: number): Promise<C>;
  removeMedia(id: number): Promise<C>;
}

/**
 * Saves the dialog. Editing with a new file (or dropping it): the file first, while the campaign is still
 * editable, then the fields; saved the other way round, a schedule ("now", or within the hour) could start
 * the campaign, or lock it, before its file is there. A new campaign with a file that is to send is saved
 * as a draft, gets the file, then its schedule.
 */
export async function saveCampaign<C extends { id: number }>(
  o: { record: { id: number; mediaPath: string | null } | null; hasFile: boolean; dropMedia: boolean; body: object; full: { scheduleType: string | null; scheduledAt: string | null } },
  calls: CampaignSaveCalls<C>,
): Promise<C> {
  if (o.record) {
    if (o.hasFile) await calls.upload(o.record.id);
    else if (o.dropMedia && o.record.mediaPath) await calls.removeMedia(o.record.id);
    return calls.update(o.record.id, o.body);
  }
  const startsNow = o.hasFile && o.full.scheduleType !== null;
  let saved = await calls.create(startsNow ? { ...o.full, scheduleType: null, scheduledAt: null } : o.full);
  if (o.hasFile) {
    saved = await calls.upload(saved.id);
    if (startsNow) saved = await calls.update(saved.id, { scheduleType: o.full.scheduleType, scheduledAt: o.full.scheduledAt });
  }
  return saved;
}
