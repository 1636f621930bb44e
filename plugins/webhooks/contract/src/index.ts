import type { z } from 'zod';
import { definePluginManifest, endpoint } from '@atende/core-contract';
import type {
  WebhookDelivery,
  WebhookSubscription,
  webhookDeliveryPageSchema,
  webhookDeliveryQuerySchema,
  webhookDeliverySchema,
  webhookSubscriptionInputSchema,
  webhookSubscriptionSchema,
  webhookSubscriptionUpdateSchema,
} from './schemas.js';

// The zod schemas live in their own module: the web remote imports only constants and types, so with
// "sideEffects": false its bundle leaves schemas.ts (and zod) out.
export * from './schemas.js';

/**
 * Outbound webhooks (issue 34 item 2): a company subscribes URLs to events; each delivery is a signed
 * POST, retried with backoff for up to 24 h, in order per ticket, logged with its answers.
 */

/** Only admins manage subscriptions and read the log (it carries customers' messages). */
export const WEBHOOKS_PERMISSIONS = {
  'webhooks:manage': ['admin', 'super'],
} as const;

export const WEBHOOKS_MANIFEST = definePluginManifest({
  pages: { list: { path: '/webhooks', permission: 'webhooks:manage' } },
  menu: [{ page: 'list', icon: 'api', permission: 'webhooks:manage', label: { es: 'Webhooks', pt: 'Webhooks', en: 'Webhooks' } }],
});

export * from './events.js';

/** Request headers of every delivery. The signature is HMAC-SHA256 with the subscription's secret over `${timestamp}.${raw body}`. */
export const WEBHOOK_HEADERS = {
  signature: 'X-Atende-Signature',
  timestamp: 'X-Atende-Timestamp',
  event: 'X-Atende-Event',
  delivery: 'X-Atende-Delivery',
} as const;

/** Socket event (company, admins): a delivery was queued or its state changed. */
export const WEBHOOK_DELIVERY_EVENT = 'webhooks:delivery';
export type WebhookDeliveryEvent = { delivery: WebhookDelivery };
export const WEBHOOK_SUBSCRIPTION_EVENT = 'webhooks:subscription';
export type WebhookSubscriptionEvent = { action: 'update'; subscription: WebhookSubscription } | { action: 'delete'; subscriptionId: number };

export const WEBHOOKS_ENDPOINTS = {
  list: endpoint<{ response: z.ZodArray<typeof webhookSubscriptionSchema> }>()({ method: 'GET', path: '/webhooks/subscriptions' }),
  create: endpoint<{ body: typeof webhookSubscriptionInputSchema; response: typeof webhookSubscriptionSchema }>()({ method: 'POST', path: '/webhooks/subscriptions' }),
  update: endpoint<{ body: typeof webhookSubscriptionUpdateSchema; response: typeof webhookSubscriptionSchema }>()({ method: 'PUT', path: '/webhooks/subscriptions/:id' }),
  remove: endpoint()({ method: 'DELETE', path: '/webhooks/subscriptions/:id' }),
  /** A new signing secret; the old one stops signing at once. */
  rotateSecret: endpoint<{ body: z.ZodObject<Record<never, never>>; response: typeof webhookSubscriptionSchema }>()({ method: 'POST', path: '/webhooks/subscriptions/:id/secret' }),
  deliveries: endpoint<{ query: typeof webhookDeliveryQuerySchema; response: typeof webhookDeliveryPageSchema }>()({ method: 'GET', path: '/webhooks/deliveries' }),
  /** "Send again": the same body as a new delivery, at the end of its ticket's order. */
  redeliver: endpoint<{ body: z.ZodObject<Record<never, never>>; response: typeof webhookDeliverySchema }>()({ method: 'POST', path: '/webhooks/deliveries/:id/redeliver' }),
};
