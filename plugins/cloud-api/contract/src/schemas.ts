import { z } from 'zod';

/** The plugin's zod schemas, in a module of their own: the web imports only types from it, so its remote does not bundle zod. */
const digits = z.string().trim().regex(/^\d{5,30}$/, 'digits_only');

/** Configuring a Cloud API connection: secrets are write-only (never answered back). */
export const numberInputSchema = z.object({
  whatsappId: z.number().int().positive(),
  phoneNumberId: digits,
  wabaId: digits,
  accessToken: z.string().trim().min(10, 'too_short').max(1000, 'too_long'),
  appSecret: z.string().trim().min(8, 'too_short').max(200, 'too_long'),
});
export type NumberInput = z.infer<typeof numberInputSchema>;

/** Partial update: secrets left out keep their stored values. */
export const numberUpdateSchema = numberInputSchema.omit({ whatsappId: true }).partial();
export type NumberUpdate = z.infer<typeof numberUpdateSchema>;

export const numberSchema = z.object({
  id: z.number().int(),
  whatsappId: z.number().int(),
  phoneNumberId: z.string(),
  wabaId: z.string(),
  /** What Meta's webhook configuration asks for: the callback URL path and the verify token. */
  webhookPath: z.string(),
  verifyToken: z.string(),
  hasAccessToken: z.boolean(),
  hasAppSecret: z.boolean(),
  createdAt: z.string(),
});
export type CloudApiNumber = z.infer<typeof numberSchema>;

export const templateSchema = z.object({
  name: z.string(),
  language: z.string(),
  category: z.string(),
  status: z.string(),
  /** The body's text with {{1}}, {{2}}… placeholders, and how many parameters it takes. */
  body: z.string(),
  parameterCount: z.number().int(),
});
export type CloudApiTemplate = z.infer<typeof templateSchema>;

export const templateSendSchema = z.object({
  name: z.string().trim().min(1).max(512),
  language: z.string().trim().min(2).max(15),
  parameters: z.array(z.string().trim().min(1, 'required').max(1024, 'too_long')).max(20).default([]),
});
export type TemplateSend = z.infer<typeof templateSendSchema>;

/** The 24-hour customer-service window of a ticket's contact on its Cloud API connection. */
export const windowSchema = z.object({
  cloudApi: z.boolean(),
  open: z.boolean(),
  /** ISO time the window closes (null: never opened, or not a Cloud API ticket). */
  closesAt: z.string().nullable(),
});
export type CloudApiWindow = z.infer<typeof windowSchema>;

