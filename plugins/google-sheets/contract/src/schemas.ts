import { z } from 'zod';

/** Query of GET …/google-sheets/auth: the integration the tokens are for (or only the company, §7). */
export const authQuerySchema = z.object({
  integrationId: z.coerce.number().int().positive().optional(),
  integrationName: z.string().trim().max(100).optional(),
  companyId: z.coerce.number().int().positive().optional(),
});
export const authUrlSchema = z.object({ authUrl: z.string() });

/** The callback page hands Google's answer to the server (public: the signed `state` names company and user). */
export const callbackBodySchema = z.object({
  state: z.string().min(1).max(2000),
  code: z.string().min(1).max(2000).optional(),
  error: z.string().max(200).optional(),
});
export const callbackResultSchema = z.object({ ok: z.literal(true), authIntegrationId: z.number().int().nullable() });

export const authStatusSchema = z.object({
  isAuthenticated: z.boolean(),
  authIntegrationId: z.number().int().nullable(),
  integrationName: z.string().nullable(),
  /** True when this check had to refresh the access token (and stored the new one). */
  tokensRefreshed: z.boolean(),
});

export const disconnectBodySchema = z.object({ companyId: z.coerce.number().int().positive().optional() }).optional();
export const disconnectResultSchema = z.object({ disconnected: z.boolean() });

export const sheetsQuerySchema = z.object({
  spreadsheetId: z.string().trim().min(1).max(200),
  companyId: z.coerce.number().int().positive().optional(),
});
export const sheetSchema = z.object({ id: z.number().int(), name: z.string(), title: z.string() });
export const sheetsListSchema = z.object({ sheets: z.array(sheetSchema) });

export type AuthStatus = z.infer<typeof authStatusSchema>;
export type Sheet = z.infer<typeof sheetSchema>;
