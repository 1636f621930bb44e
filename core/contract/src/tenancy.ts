import { z } from 'zod';
import { partialUpdate } from './partial-update.js';
import { PLAN_FLAGS } from './plans.js';
import { can, type PermissionSubject } from './permissions.js';

/** Shapes of the tenancy and administration API (core-operations §3–§7, commercial-admin §3–§7). */

// ---------- shared pieces

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

// ---------- plans

const flagsShape = Object.fromEntries(PLAN_FLAGS.map((f) => [f, z.boolean()])) as Record<(typeof PLAN_FLAGS)[number], z.ZodBoolean>;
export const planFlagsSchema = z.object(flagsShape);

export const planSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  value: z.number(),
  users: z.number().int(),
  connections: z.number().int(),
  queues: z.number().int(),
  ...flagsShape,
});
export type Plan = z.infer<typeof planSchema>;

export const planInputSchema = z.object({
  name: z.string().trim().min(2, 'too_short').max(100, 'too_long'),
  value: z.coerce.number().min(0).max(1_000_000),
  users: z.coerce.number().int().min(0).max(100000),
  connections: z.coerce.number().int().min(0).max(100000),
  queues: z.coerce.number().int().min(0).max(100000),
  // The form offers every flag enabled by default (commercial-admin §3).
  ...(Object.fromEntries(PLAN_FLAGS.map((f) => [f, z.boolean().default(true)])) as Record<(typeof PLAN_FLAGS)[number], z.ZodDefault<z.ZodBoolean>>),
});
export const planUpdateSchema = partialUpdate(planInputSchema);
export type PlanInput = z.input<typeof planInputSchema>;

// ---------- companies

export const EXPIRY_FILTERS = ['all', 'active', 'expiringSoon', 'recentlyExpired', 'expired'] as const;
export type ExpiryFilter = (typeof EXPIRY_FILTERS)[number];

export const companySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  status: z.boolean(),
  planId: z.number().int().nullable(),
  plan: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  dueDate: z.string().nullable(),
  recurrence: z.enum(RECURRENCES),
  campaignsEnabled: z.boolean(),
  trialExpiration: z.string().nullable(),
  coins: z.number().int(),
  referralCode: z.string(),
  isPlatform: z.boolean(),
  schedules: z.array(scheduleEntrySchema),
  createdAt: z.string(),
});
export type Company = z.infer<typeof companySchema>;

const dateInput = z.coerce.date({ error: 'invalid_date' });

export const companyCreateSchema = z.object({
  name: z.string().trim().min(2, 'too_short').max(120, 'too_long'),
  email: emailSchema,
  phone: phoneSchema.optional().nullable(),
  password: passwordSchema,
  planId: z.number().int().positive(),
  dueDate: dateInput.optional().nullable(),
  recurrence: z.enum(RECURRENCES).default('MENSAL'),
  status: z.boolean().default(true),
  campaignsEnabled: z.boolean().default(true),
});
export type CompanyCreate = z.input<typeof companyCreateSchema>;

/** PUT /companies/{id}: partial, every field optional. */
export const companyUpdateSchema = partialUpdate(
  z.object({
    name: z.string().trim().min(2, 'too_short').max(120, 'too_long'),
    email: emailSchema,
    phone: phoneSchema.nullable(),
    planId: z.number().int().positive(),
    dueDate: dateInput.nullable(),
    recurrence: z.enum(RECURRENCES),
    status: z.boolean(),
    campaignsEnabled: z.boolean(),
    coins: z.coerce.number().int().min(0).max(100_000_000),
  }),
);
export type CompanyUpdate = z.input<typeof companyUpdateSchema>;

export const companyListQuerySchema = pageQuerySchema.extend({ expiry: z.enum(EXPIRY_FILTERS).default('all') });
export const companyPageSchema = z.object({ companies: z.array(companySchema), count: z.number().int(), hasMore: z.boolean() });

export const companySchedulesSchema = z.object({ schedules: weeklySchedulesSchema });

/** Public sign-up (POST /api/companies/cadastro). */
export const signupSchema = z.object({
  name: z.string().trim().min(2, 'too_short').max(50, 'too_long'),
  email: emailSchema,
  phone: phoneSchema,
  password: passwordSchema,
  planId: z.number().int().positive(),
  referralCode: z.string().trim().max(40).optional().nullable(),
  language: z.enum(['es', 'pt', 'en']).optional(),
});
export type SignupInput = z.input<typeof signupSchema>;

// ---------- users

export const ALL_TICKET = ['enabled', 'desabled'] as const; // the spec's spelling
export const MANAGED_PROFILES = ['admin', 'user', 'supervisor'] as const;

export const queueRefSchema = z.object({ id: z.number().int(), name: z.string(), color: z.string() });

export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  profile: z.enum(['admin', 'user', 'supervisor', 'super']),
  super: z.boolean(),
  enabled: z.boolean(),
  allTicket: z.enum(ALL_TICKET),
  whatsappId: z.number().int().nullable(),
  queues: z.array(queueRefSchema),
  language: z.enum(['es', 'pt', 'en']).nullable(),
  online: z.boolean(),
  lastSeenAt: z.string().nullable(),
  createdAt: z.string(),
});
export type UserDto = z.infer<typeof userSchema>;

export const userCreateSchema = z.object({
  name: z.string().trim().min(2, 'too_short').max(50, 'too_long'),
  email: emailSchema,
  password: passwordSchema,
  profile: z.enum(MANAGED_PROFILES).default('user'),
  allTicket: z.enum(ALL_TICKET).default('desabled'),
  whatsappId: z.number().int().positive().nullable().default(null),
  queueIds: z.array(z.number().int().positive()).max(500).default([]),
  enabled: z.boolean().default(true),
});
export type UserCreate = z.input<typeof userCreateSchema>;

/** Absent fields keep their value; an empty or absent password keeps the current one. */
/**
 * PUT /users/{id} is partial: an omitted field keeps its value. Users changing their OWN password or
 * e-mail confirm with `currentPassword` (a stolen session alone cannot take the account over).
 */
export const userUpdateSchema = z.object({
  name: z.string().trim().min(2, 'too_short').max(50, 'too_long').optional(),
  email: emailSchema.optional(),
  password: z.union([passwordSchema, z.literal('')]).optional(),
  currentPassword: z.string().max(128).optional(),
  profile: z.enum(MANAGED_PROFILES).optional(),
  allTicket: z.enum(ALL_TICKET).optional(),
  whatsappId: z.number().int().positive().nullable().optional(),
  queueIds: z.array(z.number().int().positive()).max(500).optional(),
  enabled: z.boolean().optional(),
});
export type UserUpdate = z.input<typeof userUpdateSchema>;

export const userPageSchema = z.object({ users: z.array(userSchema), count: z.number().int(), hasMore: z.boolean() });
export const userOptionSchema = z.object({ id: z.number().int(), name: z.string() });

// ---------- queues (the kernel's; screens arrive with the agents' workspace)

export const queueSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  greetingMessage: z.string(),
  outOfHoursMessage: z.string(),
  orderQueue: z.number().int().nullable(),
  schedules: z.array(scheduleEntrySchema),
});
export type Queue = z.infer<typeof queueSchema>;
export const queueInputSchema = z.object({
  name: z.string().trim().min(2, 'too_short').max(50, 'too_long'),
  color: z.string().trim().min(3, 'too_short').max(9, 'too_long'),
  greetingMessage: z.string().max(5000).default(''),
  outOfHoursMessage: z.string().max(5000).default(''),
  orderQueue: z.number().int().min(0).max(10000).nullable().default(null),
  schedules: z.array(scheduleEntrySchema).max(7).default([]),
});
export type QueueInput = z.input<typeof queueInputSchema>;
export const queueUpdateSchema = partialUpdate(queueInputSchema);

// ---------- settings

/** Company options (core-operations §3) with their allowed values; the first value is the default. */
export const COMPANY_SETTINGS = {
  userRating: ['disabled', 'enabled'],
  scheduleType: ['disabled', 'queue', 'company'],
  CheckMsgIsGroup: ['enabled', 'disabled'],
  call: ['disabled', 'enabled'],
  chatBotType: ['text'],
  sendGreetingAccepted: ['disabled', 'enabled'],
  sendMsgTransfTicket: ['disabled', 'enabled'],
  sendGreetingMessageOneQueues: ['disabled', 'enabled'],
  /** Not in the spec's list (issue 10 item 8): agents reading a conversation send WhatsApp read receipts. Off by default. */
  sendReadReceipts: ['disabled', 'enabled'],
  userCreation: ['enabled', 'disabled'],
  initialSideMenu: ['open', 'closed'],
  asaas: null, // free text: payment token
} as const satisfies Record<string, readonly string[] | null>;
export type CompanySettingKey = keyof typeof COMPANY_SETTINGS;
/**
 * Options only those who may change settings read (issue 9 item 22): `asaas` is the company's payment
 * API token, a credential, not something an agent's browser should ever hold.
 */
export const SECRET_COMPANY_SETTINGS: readonly CompanySettingKey[] = ['asaas'];
/** The company options a user may read: every one for who may write settings, the non-secret ones for the rest. */
export const readableCompanySettings = (user: PermissionSubject): CompanySettingKey[] =>
  COMPANY_SETTING_KEYS.filter((k) => !SECRET_COMPANY_SETTINGS.includes(k) || can(user, 'settings:write'));
export const COMPANY_SETTING_KEYS = Object.keys(COMPANY_SETTINGS) as CompanySettingKey[];
export const companySettingDefault = (key: CompanySettingKey): string => COMPANY_SETTINGS[key]?.[0] ?? '';

/** Platform-wide settings (super user): whether public sign-up is open. */
export const GLOBAL_SETTINGS = { allowSignup: ['enabled', 'disabled'] } as const satisfies Record<string, readonly string[] | null>;
export type GlobalSettingKey = keyof typeof GLOBAL_SETTINGS;

export const settingSchema = z.object({ key: z.string(), value: z.string() });
export const settingUpdateSchema = z.object({ value: z.string().max(2000) });

/** Validates a value for a key of a settings table; null when fine, else an error code. */
export function settingValueError(table: Record<string, readonly string[] | null>, key: string, value: string): string | null {
  if (!(key in table)) return 'unknown_setting';
  const allowed = table[key];
  if (allowed && !allowed.includes(value)) return 'invalid_value';
  return null;
}

// ---------- password reset

export const forgotPasswordParamSchema = emailSchema;
export const resetPasswordSchema = z.object({
  email: emailSchema,
  token: z.string().regex(/^\d{6}$/, 'invalid_code'),
  password: passwordSchema,
});
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;
export const RESET_CODE_TTL_MINUTES = 15;
