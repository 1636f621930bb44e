import type { z } from 'zod';
import { definePluginManifest, endpoint } from '@atende/core-contract';
import type { numberInputSchema, numberSchema, numberUpdateSchema, templateSchema, templateSendSchema, windowSchema } from './schemas.js';

export * from './schemas.js';

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
  /** Meta's subscription check (public): `hub.mode`, `hub.verify_token`, `hub.challenge` → the challenge as text. */
  webhookVerify: endpoint()({ method: 'GET', path: '/cloud-api/webhook/:key' }),
  /** Meta's deliveries (public, `X-Hub-Signature-256` over the raw body): messages and statuses → 200. */
  webhookIntake: endpoint()({ method: 'POST', path: '/cloud-api/webhook/:key' }),
};
