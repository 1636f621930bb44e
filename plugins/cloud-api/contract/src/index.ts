import { z } from 'zod';
import { definePluginManifest, endpoint } from '@atende/core-contract';

/** Who may do what: admins configure numbers; agents who see a ticket may send it a template. */
export const CLOUD_API_PERMISSIONS = {
  'cloud-api:read': ['user', 'supervisor', 'admin', 'super'],
  'cloud-api:write': ['admin', 'super'],
} as const;

/** The connections' `provider` value of a WhatsApp Cloud API number. */
export const CLOUD_API_PROVIDER = 'cloud-api';

/** Declared once for both sides: the server's manifest and the web remote's pages read it. */
export const CLOUD_API_MANIFEST = definePluginManifest({
  pages: { list: { path: '/cloud-api', permission: 'cloud-api:write' } },
  menu: [
    {
      page: 'list',
      icon: 'api',
      permission: 'cloud-api:write',
      label: { es: 'WhatsApp Cloud API', pt: 'WhatsApp Cloud API', en: 'WhatsApp Cloud API' },
    },
  ],
  zones: ['ticket.input.toolbar'],
});

/** Error codes of this plugin (texts es/pt/en in the web remote). */
export const CLOUD_API_ERRORS = [
  /** A free-form message outside the 24-hour customer-service window: only templates may go. */
  'ERR_CLOUD_API_WINDOW_CLOSED',
  /** Graph 131056: too many messages from this number to the same customer in a short time. */
  'ERR_CLOUD_API_PAIR_RATE_LIMIT',
  /** Graph 130429: the number's throughput (messages per second) was exceeded. */
  'ERR_CLOUD_API_THROUGHPUT',
  /** Graph 131047: more than 24 hours since the customer last wrote; re-engage with a template. */
  'ERR_CLOUD_API_REENGAGEMENT',
  /** Any other error Graph answered. */
  'ERR_CLOUD_API_GRAPH',
  /** A webhook whose X-Hub-Signature-256 does not match its body under the app secret. */
  'ERR_CLOUD_API_BAD_SIGNATURE',
  /** The connection has no Cloud API number configured, or is not a Cloud API connection. */
  'ERR_CLOUD_API_NOT_CONFIGURED',
] as const;
export type CloudApiErrorCode = (typeof CLOUD_API_ERRORS)[number];

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

/** The plugin's API, typed for the web's `call()`; the server test checks each one is served. */
export const CLOUD_API_ENDPOINTS = {
  list: endpoint<{ response: z.ZodArray<typeof numberSchema> }>()({ method: 'GET', path: '/cloud-api/numbers' }),
  create: endpoint<{ body: typeof numberInputSchema; response: typeof numberSchema }>()({ method: 'POST', path: '/cloud-api/numbers' }),
  update: endpoint<{ body: typeof numberUpdateSchema; response: typeof numberSchema }>()({ method: 'PUT', path: '/cloud-api/numbers/:id' }),
  templates: endpoint<{ response: z.ZodArray<typeof templateSchema> }>()({ method: 'GET', path: '/cloud-api/tickets/:ticketId/templates' }),
  window: endpoint<{ response: typeof windowSchema }>()({ method: 'GET', path: '/cloud-api/tickets/:ticketId/window' }),
  sendTemplate: endpoint<{ body: typeof templateSendSchema; response: z.ZodObject<{ messageId: z.ZodNumber }> }>()({
    method: 'POST',
    path: '/cloud-api/tickets/:ticketId/template',
  }),
};
