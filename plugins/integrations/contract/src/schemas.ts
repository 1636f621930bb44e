import { z } from 'zod';

const id = z.coerce.number().int().positive().max(2_147_483_647);
const text = (max: number) => z.string().max(max, 'too_long');
const optText = (max: number) => text(max).nullable().optional();

export const shopifyOptionSchema = z.object({
  id: z.union([z.string().max(64), z.number().int()]).optional(),
  keywords: text(500).optional().default(''),
  compareVariable: text(100).optional().default(''),
  image: optText(500),
  description: optText(2000),
  flowId: id.nullable().optional(),
});

/**
 * The spec's queue integration (§4), every field. `jsonContent` is a secret for Dialogflow (the service
 * account) and Shopify (the access token): stored encrypted and answered as `"***"` when set. Sheets fields
 * are kept for the google-sheets plugin's `googlesheets-auth` type; the tokens are never answered.
 */
export const integrationSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  name: z.string(),
  projectName: z.string().nullable(),
  jsonContent: z.string().nullable(),
  language: z.string().nullable(),
  urlN8N: z.string().nullable(),
  urlShopify: z.string().nullable(),
  messageTemplate: z.string().nullable(),
  whatsappId: z.number().int().nullable(),
  flowId: z.number().int().nullable(),
  typebotDelayMessage: z.number().int(),
  typebotExpires: z.number().int(),
  typebotKeywordFinish: z.string().nullable(),
  typebotKeywordRestart: z.string().nullable(),
  typebotRestartMessage: z.string().nullable(),
  typebotSlug: z.string().nullable(),
  typebotUnknownMessage: z.string().nullable(),
  imageCaption: z.string().nullable(),
  imagePath: z.string().nullable(),
  shopifyOptions: z.array(shopifyOptionSchema),
  spreadsheetId: z.string().nullable(),
  googleSheetsAccessToken: z.string().nullable(),
  googleSheetsRefreshToken: z.string().nullable(),
  googleSheetsSpreadsheetId: z.string().nullable(),
  googleSheetsSheetName: z.string().nullable(),
  campo1: z.string().nullable(),
  campo2: z.string().nullable(),
  campo3: z.string().nullable(),
  selectedSheet: z.string().nullable(),
  field1: z.string().nullable(),
  field2: z.string().nullable(),
  field3: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Integration = z.infer<typeof integrationSchema>;

/** The fields a save may carry (every one optional but `type` and `name` on create; see the type's own schema too). */
const fieldsShape = {
  projectName: optText(200),
  jsonContent: optText(20_000),
  language: optText(20),
  urlN8N: optText(2000),
  urlShopify: optText(500),
  messageTemplate: optText(4000),
  whatsappId: id.nullable().optional(),
  flowId: id.nullable().optional(),
  typebotDelayMessage: z.coerce.number().int().min(0, 'too_small').max(60_000, 'too_big').optional(),
  typebotExpires: z.coerce.number().int().min(0, 'too_small').max(100_000, 'too_big').optional(),
  typebotKeywordFinish: optText(100),
  typebotKeywordRestart: optText(100),
  typebotRestartMessage: optText(1000),
  typebotSlug: optText(200),
  typebotUnknownMessage: optText(1000),
  imageCaption: optText(1000),
  shopifyOptions: z.array(shopifyOptionSchema).max(50).optional(),
  spreadsheetId: optText(200),
  googleSheetsSpreadsheetId: optText(200),
  googleSheetsSheetName: optText(200),
  campo1: optText(50),
  campo2: optText(50),
  campo3: optText(50),
  selectedSheet: optText(200),
  field1: optText(50),
  field2: optText(50),
  field3: optText(50),
  isActive: z.boolean().optional(),
};

/** Name 2 to 50 (§5: 'Too Short!', 'Too Long!', 'Required' — the web shows those; the server answers the codes). */
export const integrationNameSchema = z.string({ error: 'required' }).trim().min(1, 'required').min(2, 'too_short').max(50, 'too_long');
export const integrationTypeSchema = z.string({ error: 'required' }).trim().min(1, 'required').max(50).regex(/^[a-z0-9][a-z0-9-]*$/, 'invalid_type');

export const integrationInputSchema = z.object({ type: integrationTypeSchema, name: integrationNameSchema, ...fieldsShape });
export type IntegrationInput = z.infer<typeof integrationInputSchema>;
/** Partial: only the fields sent change (the type may not change). */
export const integrationUpdateSchema = z.object({ name: integrationNameSchema.optional(), ...fieldsShape });
export type IntegrationUpdate = z.infer<typeof integrationUpdateSchema>;

export const integrationListQuerySchema = z.object({
  searchParam: z.string().trim().max(200).optional().default(''),
  pageNumber: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  /** `googlesheets` answers the `googlesheets-auth` integrations (§7, for the flow builder). */
  type: z.string().trim().max(50).optional(),
});
export const integrationPageSchema = z.object({ queueIntegrations: z.array(integrationSchema), count: z.number().int(), hasMore: z.boolean() });
export type IntegrationPage = z.infer<typeof integrationPageSchema>;

/** POST /queueIntegration/testSession (§7): a Dialogflow agent's credentials tried before saving. */
export const testSessionSchema = z.object({
  type: z.string().trim().max(50).optional().default('dialogflow'),
  projectName: z.string({ error: 'required' }).trim().min(1, 'required').max(200),
  jsonContent: z.string({ error: 'required' }).min(1, 'required').max(20_000),
  language: z.string().trim().max(20).optional().default('es'),
});
export const testSessionResultSchema = z.object({ ok: z.boolean(), message: z.string() });
export type TestSessionResult = z.infer<typeof testSessionResultSchema>;

/** POST /queueIntegration/check-url: the outbound guard's verdict on a URL before it is saved. */
export const checkUrlSchema = z.object({ url: z.string().trim().min(1, 'required').max(2000) });
export const checkUrlResultSchema = z.object({ ok: z.boolean(), reason: z.string().nullable() });

/** The hand-overs a runtime made (why a human got the ticket), for the ticket's history. */
export const integrationRunSchema = z.object({
  id: z.number().int(),
  integrationId: z.number().int(),
  ticketId: z.number().int(),
  status: z.string(),
  reason: z.string().nullable(),
  updatedAt: z.string(),
});
export type IntegrationRun = z.infer<typeof integrationRunSchema>;
