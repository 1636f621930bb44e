import { z } from 'zod';

/** Shapes several resources share: passwords, e-mails, phones, ids and pages, recurrences, weekly schedules. */

/** New passwords: 8–128 characters with a digit, a lowercase and an uppercase letter (one policy everywhere). */
export const passwordSchema = z
  .string()
  .min(8, 'password_too_short')
  .max(128, 'password_too_long')
  .regex(/\d/, 'password_needs_digit')
  .regex(/[a-z]/, 'password_needs_lowercase')
  .regex(/[A-Z]/, 'password_needs_uppercase');

export const emailSchema = z.string().trim().toLowerCase().email('invalid_email').max(254);
/** Digits only, as the masked input sends them (up to 11 in the sign-up form; 8–15 accepted). */
export const phoneSchema = z
  .string()
  .transform((s) => s.replace(/\D/g, ''))
  .pipe(z.string().min(8, 'phone_too_short').max(15, 'phone_too_long'));
export const idParamSchema = z.coerce.number().int().positive();
export const pageQuerySchema = z.object({
  searchParam: z.string().trim().max(100).default(''),
  pageNumber: z.coerce.number().int().min(1).max(100000).default(1),
});

export const RECURRENCES = ['MENSAL', 'BIMESTRAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL'] as const;
export type Recurrence = (typeof RECURRENCES)[number];
/** Months the Expire button (and a renewal) advances the due date by (commercial-admin §4). */
export const RECURRENCE_MONTHS: Record<Recurrence, number> = { MENSAL: 1, BIMESTRAL: 2, TRIMESTRAL: 3, SEMESTRAL: 6, ANUAL: 12 };

export const WEEKDAYS_EN = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'invalid_time');
export const scheduleEntrySchema = z.object({
  weekday: z.string().trim().min(1).max(20),
  weekdayEn: z.enum(WEEKDAYS_EN),
  startTime: hhmm,
  endTime: hhmm,
});
export type ScheduleEntry = z.infer<typeof scheduleEntrySchema>;
/** Monday to Sunday, each day once. */
export const weeklySchedulesSchema = z
  .array(scheduleEntrySchema)
  .length(7, 'seven_days')
  .refine((days) => new Set(days.map((d) => d.weekdayEn)).size === 7, 'each_day_once');

/** Default hours (core-operations §9): Mon–Fri 08–18, Sat 08–12, Sun closed (00:00–00:00). */
export const DEFAULT_SCHEDULES: ScheduleEntry[] = WEEKDAYS_EN.map((weekdayEn, i) => ({
  weekday: ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo'][i],
  weekdayEn,
  startTime: i < 6 ? '08:00' : '00:00',
  endTime: i < 5 ? '18:00' : i === 5 ? '12:00' : '00:00',
}));

/**
 * A connection's or queue's binding to a plugin's record (issue 11 item 2): the specification's
 * `promptId` (the AI plugin's prompts) or `integrationId` (queue integrations); at most one is set.
 * The server checks the record exists in the company and that its plugin is on the company's plan.
 */
export const handlerBindingInput = {
  promptId: z.number().int().positive().nullable().default(null),
  integrationId: z.number().int().positive().nullable().default(null),
  /** Binding fields other plugins declare (`flowId`), by name: the same rules as the spec's two (issue 29 item 3). */
  bindings: z.record(z.string().regex(/^[a-z][A-Za-z0-9]*Id$/, 'invalid_field'), z.number().int().positive().nullable()).optional(),
};
export const handlerBindingOutput = {
  promptId: z.number().int().nullable(),
  integrationId: z.number().int().nullable(),
  /** Every declared binding field beyond the spec's two (null when not bound to it); absent when no plugin declares one. */
  bindings: z.record(z.string(), z.number().int().nullable()).optional(),
};

/** A multipart body (files and fields), sent as the browser's `FormData`. */
export const formDataBody = z.custom<FormData>((v) => typeof FormData !== 'undefined' && v instanceof FormData, 'multipart_expected');
/** A file answer (exports, media behind the bearer token). */
export const blobResponse = z.custom<Blob>((v) => typeof Blob !== 'undefined' && v instanceof Blob);
