import { z } from 'zod';
import { LANGUAGES } from './languages.js';

export const PROFILES = ['admin', 'user', 'supervisor', 'super'] as const;
export const profileSchema = z.enum(PROFILES);
export type Profile = z.infer<typeof profileSchema>;

export const languageSchema = z.enum(LANGUAGES);

export const loginRequestSchema = z.object({
  email: z.string().trim().toLowerCase().email().max(254),
  password: z.string().min(1).max(200),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const companySummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  dueDate: z.string().nullable(),
  /** End of the sign-up trial (null for companies not made by sign-up): the subscription page counts its days. */
  trialExpiration: z.string().nullable(),
  /** The company's (billing) e-mail, shown read-only on the subscription page. */
  email: z.string().nullable(),
  /** True when dueDate has passed: only billing routes answer (402 ERR_SUBSCRIPTION_EXPIRED elsewhere). */
  expired: z.boolean(),
  settings: z.array(z.object({ key: z.string(), value: z.string() })),
  // The spec's flags and the features installed plugins declare (issue 29 item 3).
  planFlags: z.record(z.string(), z.boolean()),
  /** The IANA time zone the company's days are counted in (BUSINESS_TIMEZONE): date filters default to its today. */
  timeZone: z.string(),
});

export const sessionUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  profile: profileSchema,
  super: z.boolean(),
  language: languageSchema.nullable(),
  allTicket: z.enum(['enabled', 'desabled']),
  whatsappId: z.number().int().nullable(),
  queues: z.array(z.object({ id: z.number().int(), name: z.string(), color: z.string() })),
  companyId: z.number().int(),
  company: companySummarySchema,
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const authResponseSchema = z.object({ token: z.string(), user: sessionUserSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

/** Claims carried by the short-lived access token. */
export interface AccessTokenClaims {
  sub: string;
  companyId: number;
  profile: Profile;
  super: boolean;
  tokenVersion: number;
  /** Expiry (unix seconds): sockets opened with the token end then. */
  exp: number;
}
