import { z } from 'zod';
import { WEBHOOK_EVENTS } from './events.js';

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

