import { z } from 'zod';
import { definePluginManifest, endpoint } from '@atende/core-contract';

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

/** The events a subscription may ask for, and the domain events they come from. */
export const WEBHOOK_EVENTS = ['message.created', 'message.updated', 'ticket.created', 'ticket.status_changed', 'ticket.transferred', 'contact.created'] as const;
export type WebhookEventName = (typeof WEBHOOK_EVENTS)[number];

/** Request headers of every delivery. The signature is HMAC-SHA256 with the subscription's secret over `${timestamp}.${raw body}`. */
export const WEBHOOK_HEADERS = {
  signature: 'X-Atende-Signature',
  timestamp: 'X-Atende-Timestamp',
  event: 'X-Atende-Event',
  delivery: 'X-Atende-Delivery',
} as const;

export const webhookSubscriptionSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  active: z.boolean(),
  /** The signing secret (hex): the receiver checks signatures with it. */
  secret: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookSubscription = z.infer<typeof webhookSubscriptionSchema>;

export const webhookSubscriptionInputSchema = z.object({
  url: z.string().trim().max(2000, 'too_long').pipe(z.url({ protocol: /^https?$/, error: 'invalid_url' })),
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1, 'required').max(WEBHOOK_EVENTS.length),
  active: z.boolean().default(true),
});
export type WebhookSubscriptionInput = z.input<typeof webhookSubscriptionInputSchema>;
/** PUT: partial (only the fields sent change). */
export const webhookSubscriptionUpdateSchema = z
  .object({
    url: webhookSubscriptionInputSchema.shape.url.optional(),
    events: webhookSubscriptionInputSchema.shape.events.optional(),
    active: z.boolean().optional(),
  })
  .strict();
export type WebhookSubscriptionUpdate = z.infer<typeof webhookSubscriptionUpdateSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'retrying', 'delivered', 'failed'] as const;
export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  subscriptionId: z.number().int(),
  event: z.enum(WEBHOOK_EVENTS),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** The receiver's last HTTP status (null when it never answered). */
  responseCode: z.number().int().nullable(),
  /** Why the last attempt failed (timeout, refused URL, HTTP 500…), null when it did not. */
  error: z.string().nullable(),
  /** The JSON that was (or will be) posted. */
  body: z.string(),
  ticketId: z.number().int().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  /** The delivery this one sends again ("send again"), or null. */
  redeliveryOf: z.number().int().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryQuerySchema = z.object({
  subscriptionId: z.coerce.number().int().positive().optional(),
  /** Keyset: deliveries older than this id. */
  beforeId: z.coerce.number().int().positive().optional(),
});
export const webhookDeliveryPageSchema = z.object({ deliveries: z.array(webhookDeliverySchema), hasMore: z.boolean() });

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
