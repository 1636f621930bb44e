import { z } from 'zod';
import { RECURRENCES, emailSchema, pageQuerySchema, passwordSchema, phoneSchema, scheduleEntrySchema, weeklySchedulesSchema } from './common.js';
import { partialUpdate } from './partial-update.js';

/** Companies (commercial-admin §4–§7). */

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
  /** AI credits (commercial-admin: Company.creditos). */
  creditos: z.number().int(),
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
  // Credits are numeric, minimum 0 (commercial-admin §5); the shape of every validation error.
  creditos: z.coerce.number({ error: 'invalid_value' }).int('invalid_value').min(0, 'min_zero').max(1_000_000_000, 'invalid_value').default(0),
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
    creditos: z.coerce.number({ error: 'invalid_value' }).int('invalid_value').min(0, 'min_zero').max(1_000_000_000, 'invalid_value'),
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

export const signupAnswerSchema = z.object({ id: z.number().int(), name: z.string() });
