import { z } from 'zod';
import { emailSchema, passwordSchema } from './common.js';

/** Users (core-operations §3, §5). */

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
  /** The user's company (core-operations §3's user shape). */
  companyId: z.number().int(),
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
