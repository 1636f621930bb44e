import { z } from 'zod';

// Apart from index.ts (as in the helps and announcements contracts): the web remote uses these as
// types only, so it does not bundle zod.

/** pending → sent, or → failed (with the reason) once retries are spent; editing a failed one makes it pending again. */
export const SCHEDULE_STATUSES = ['pending', 'sent', 'failed'] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

export const scheduleSchema = z.object({
  id: z.number().int(),
  body: z.string(),
  /** ISO instant the message leaves at. */
  sendAt: z.string(),
  sentAt: z.string().nullable(),
  status: z.enum(SCHEDULE_STATUSES),
  /** Why the last attempt failed (a kernel error code or a short reason), null otherwise. */
  error: z.string().nullable(),
  contactId: z.number().int(),
  contact: z.object({ id: z.number().int(), name: z.string(), number: z.string() }),
  userId: z.number().int().nullable(),
  /** The connection it went out through (set when sent). */
  whatsappId: z.number().int().nullable(),
  ticketId: z.number().int().nullable(),
  /** Where the image is read (`/schedules/{id}/media`, behind sign-in), or null without one. */
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Schedule = z.infer<typeof scheduleSchema>;

/** Body at least 5 characters (automation-productivity §4), up to WhatsApp's practical 4096. */
const bodySchema = z.string().trim().min(5, 'too_short').max(4096, 'too_long');
const contactIdSchema = z.number({ error: 'required' }).int('invalid').positive('invalid').max(2_147_483_647, 'invalid');
/** An ISO 8601 instant with its offset (`2026-05-01T10:00:00-05:00` or `…Z`); it must not be in the past (a minute of slack for clocks). */
const sendAtSchema = z
  .string({ error: 'required' })
  .refine((s) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(s) && !Number.isNaN(Date.parse(s)), 'invalid_date')
  .transform((s) => new Date(s))
  .refine((d) => d.getTime() > Date.now() - 60_000, 'in_past');

export const scheduleInputSchema = z.object({ body: bodySchema, contactId: contactIdSchema, sendAt: sendAtSchema });
/** PUT: partial, an omitted field keeps its value. */
export const scheduleUpdateSchema = z.object({ body: bodySchema.optional(), contactId: contactIdSchema.optional(), sendAt: sendAtSchema.optional() });
export type ScheduleInput = z.input<typeof scheduleInputSchema>;
export type ScheduleUpdate = z.output<typeof scheduleUpdateSchema>;

const instant = z
  .string()
  .refine((s) => !Number.isNaN(Date.parse(s)), 'invalid_date')
  .transform((s) => new Date(s));

/**
 * The spec's searchParam and pageNumber; `from`/`to` (ISO instants, optional) narrow to the sendAt
 * range a calendar view shows, and `contactId` to one contact's schedules.
 */
export const scheduleListQuerySchema = z.object({
  searchParam: z.string().trim().max(100).default(''),
  pageNumber: z.coerce.number().int().min(1).max(10000).default(1),
  from: instant.optional(),
  to: instant.optional(),
  contactId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

export const schedulePageSchema = z.object({ schedules: z.array(scheduleSchema), count: z.number().int(), hasMore: z.boolean() });
export type SchedulePage = z.infer<typeof schedulePageSchema>;
