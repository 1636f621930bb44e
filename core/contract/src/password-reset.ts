import { z } from 'zod';
import { emailSchema, passwordSchema } from './common.js';

/** Password reset (core-operations §1). */

export const forgotPasswordParamSchema = emailSchema;
export const resetPasswordSchema = z.object({
  email: emailSchema,
  token: z.string().regex(/^\d{6}$/, 'invalid_code'),
  password: passwordSchema,
});
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;
export const RESET_CODE_TTL_MINUTES = 15;

export const forgotPasswordAnswerSchema = z.object({ sent: z.literal(true) });
export const resetPasswordAnswerSchema = z.object({ ok: z.literal(true) });
