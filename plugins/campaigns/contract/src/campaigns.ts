import { z } from 'zod';
import {
  CAMPAIGN_MAX_CONTACTS,
  CAMPAIGN_MESSAGE_MAX,
  CAMPAIGN_NAME_MAX,
  CAMPAIGN_NAME_MIN,
  CAMPAIGN_STATUSES,
  CAMPAIGN_INTERVAL_MAX,
  CAMPAIGN_LONGER_AFTER_MAX,
  CAMPAIGN_VARIABLES_MAX,
} from './limits.js';
import { CAMPAIGN_SETTING_KEYS } from './settings-records.js';

// Campaigns and campaign settings (automation-productivity §3, §4, §5, §7).

/** Empty strings and "none" become null (§5: "empty strings become null; tag choices labelled none become null"). */
const nullableId = z.preprocess((v) => (v === '' || v === 'none' || v === 0 || v === undefined ? null : v), z.coerce.number('invalid').int().positive().max(2_147_483_647).nullable());
const emptyToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const message = z.preprocess(emptyToNull, z.string().max(CAMPAIGN_MESSAGE_MAX, 'too_long').nullable());
/** Whether `YYYY-MM-DD HH:mm:ss` names a real moment of the calendar (2026-02-31 or 24:00:00 do not). */
export function isCalendarTime(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d, h, mi, se] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const t = new Date(Date.UTC(y, mo - 1, d, h, mi, se));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d && t.getUTCHours() === h && t.getUTCMinutes() === mi && t.getUTCSeconds() === se;
}
/** `YYYY-MM-DD HH:mm:ss`, the server's wall time (see the README). */
export const SCHEDULED_AT_PATTERN = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const scheduledAt = z.preprocess(
  emptyToNull,
  z
    .string()
    .regex(SCHEDULED_AT_PATTERN, 'invalid_date')
    // Only a well-formed text is checked against the calendar (one issue per bad value).
    .refine((s) => !SCHEDULED_AT_PATTERN.test(s) || isCalendarTime(s), 'invalid_date')
    .nullable(),
);

export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const campaignProgressSchema = z.object({
  /** Recipients of the campaign (rows of its send log). */
  total: z.number().int(),
  /** Recipients not (yet) known to be off WhatsApp: total minus those failed as invalid numbers. */
  valid: z.number().int(),
  pending: z.number().int(),
  /** Handed to the connection's outbound queue, waiting for its answer. */
  sent: z.number().int(),
  delivered: z.number().int(),
  read: z.number().int(),
  failed: z.number().int(),
});
export type CampaignProgress = z.infer<typeof campaignProgressSchema>;

export const campaignSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  message1: z.string().nullable(),
  message2: z.string().nullable(),
  message3: z.string().nullable(),
  message4: z.string().nullable(),
  message5: z.string().nullable(),
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  recipientType: z.enum(['tags', 'contacts']),
  tagId: z.number().int().nullable(),
  contactListId: z.number().int().nullable(),
  contactList: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  addTagId: z.number().int().nullable(),
  removeTagId: z.number().int().nullable(),
  whatsappId: z.number().int().nullable(),
  whatsapp: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  scheduleType: z.enum(['now', 'schedule']).nullable(),
  confirmNow: z.string().nullable(),
  scheduledAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  maxContacts: z.number().int().nullable(),
  companyId: z.number().int(),
  progress: campaignProgressSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Campaign = z.infer<typeof campaignSchema>;

const campaignFields = {
  name: z.string('required').trim().min(CAMPAIGN_NAME_MIN, 'too_short').max(CAMPAIGN_NAME_MAX, 'too_long'),
  message1: message,
  message2: message,
  message3: message,
  message4: message,
  message5: message,
  recipientType: z.enum(['tags', 'contacts'], 'invalid'),
  tagId: nullableId,
  contactListId: nullableId,
  addTagId: nullableId,
  removeTagId: nullableId,
  whatsappId: nullableId,
  /** null: a draft (INATIVA); now: starts at once; schedule: PROGRAMADA until scheduledAt. */
  scheduleType: z.preprocess(emptyToNull, z.enum(['now', 'schedule'], 'invalid').nullable()),
  /** Set by the server to the moment "send now" was saved; whatever is sent is ignored. */
  confirmNow: z.unknown().optional(),
  scheduledAt,
  /** 1–10000; empty or null means every contact. */
  maxContacts: z.preprocess(
    // Only whole digits count as a number: "12abc" stays a string and is refused.
    (v) => (v === '' || v === undefined ? null : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z.number('invalid').int('invalid').min(1, 'too_small').max(CAMPAIGN_MAX_CONTACTS, 'too_big').nullable(),
  ),
};

export const campaignInputSchema = z.object({
  ...campaignFields,
  message1: campaignFields.message1.default(null),
  message2: campaignFields.message2.default(null),
  message3: campaignFields.message3.default(null),
  message4: campaignFields.message4.default(null),
  message5: campaignFields.message5.default(null),
  recipientType: campaignFields.recipientType.default('contacts'),
  tagId: campaignFields.tagId.default(null),
  contactListId: campaignFields.contactListId.default(null),
  addTagId: campaignFields.addTagId.default(null),
  removeTagId: campaignFields.removeTagId.default(null),
  whatsappId: campaignFields.whatsappId.default(null),
  scheduleType: campaignFields.scheduleType.default(null),
  scheduledAt: campaignFields.scheduledAt.default(null),
  maxContacts: campaignFields.maxContacts.default(null),
});
export type CampaignInput = z.input<typeof campaignInputSchema>;
/** PUT: partial, only what is sent changes. */
export const campaignUpdateSchema = z.object(campaignFields).partial();
export type CampaignUpdate = z.input<typeof campaignUpdateSchema>;

export const campaignQuerySchema = z.object({
  searchParam: z.string().trim().max(100).default(''),
  pageNumber: z.coerce.number().int().min(1).max(10000).default(1),
});
export const campaignPageSchema = z.object({ records: z.array(campaignSchema), count: z.number().int(), hasMore: z.boolean() });
export type CampaignPage = z.infer<typeof campaignPageSchema>;

export const campaignVariableSchema = z.object({
  key: z.string().trim().min(1, 'required').max(50, 'too_long').regex(/^[^{}\s]+$/, 'invalid'),
  value: z.string().max(1000, 'too_long'),
});
export type CampaignVariable = z.infer<typeof campaignVariableSchema>;

/** Seconds (decimals allowed, so tests can pace in milliseconds); the screen offers the spec's options. */
const seconds = z.number('invalid').min(0, 'too_small').max(CAMPAIGN_INTERVAL_MAX, 'too_big');
export const campaignSettingsSchema = z.object({
  messageInterval: seconds,
  longerIntervalAfter: z.number('invalid').int('invalid').min(0, 'too_small').max(CAMPAIGN_LONGER_AFTER_MAX, 'too_big'),
  greaterInterval: seconds,
  variables: z.array(campaignVariableSchema).max(CAMPAIGN_VARIABLES_MAX, 'too_many'),
});
export type CampaignSettings = z.infer<typeof campaignSettingsSchema>;
/** POST /campaign-settings `{ settings }`: partial; duplicated variable keys keep the first. */
export const campaignSettingsInputSchema = z.object({ settings: campaignSettingsSchema.partial() });
export type CampaignSettingsInput = z.infer<typeof campaignSettingsInputSchema>;
/** What GET and POST /campaign-settings answer: one record per key, `value` the JSON text (settings-records.ts). */
export const campaignSettingRecordsSchema = z.array(z.object({ key: z.enum(CAMPAIGN_SETTING_KEYS), value: z.string() }));

/** The dashboard card (issue 32): campaign messages the channel accepted today, in the company's time zone. */
export const campaignsSentTodaySchema = z.object({ day: z.string(), sent: z.number().int().nonnegative() });
export type CampaignsSentToday = z.infer<typeof campaignsSentTodaySchema>;
