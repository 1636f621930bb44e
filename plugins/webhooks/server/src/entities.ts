import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A company's subscription of a URL to webhook events (tables from migrations/init.ts). */
export const WebhookSubscriptionSchema = defineEntity({
  name: 'WebhookSubscription',
  tableName: 'webhook_subscriptions',
  properties: {
    id: p.integer().primary().autoincrement(),
    companyId: p.integer().index(),
    url: p.string().length(2000),
    events: p.json<string[]>(),
    active: p.boolean().default(true),
    secret: p.string().length(64),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type WebhookSubscriptionRow = InferEntity<typeof WebhookSubscriptionSchema>;

/** One POST to make (or made) to a subscription: its body is fixed when it is queued. */
export const WebhookDeliverySchema = defineEntity({
  name: 'WebhookDelivery',
  tableName: 'webhook_deliveries',
  properties: {
    id: p.integer().primary().autoincrement(),
    companyId: p.integer().index(),
    subscriptionId: p.integer(),
    /** The domain event it came from (a redelivered event adds nothing); null for "send again". */
    eventId: p.string().length(80).nullable(),
    event: p.string().length(40),
    /** Deliveries of one lane (a ticket, or a contact) are sent in order: one at a time, oldest first. */
    lane: p.string().length(40),
    ticketId: p.integer().nullable(),
    body: p.text(),
    status: p.string().length(12).default('pending'),
    attempts: p.integer().default(0),
    responseCode: p.integer().nullable(),
    error: p.string().length(500).nullable(),
    nextAttemptAt: p.datetime().nullable(),
    deliveredAt: p.datetime().nullable(),
    redeliveryOf: p.integer().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type WebhookDeliveryRow = InferEntity<typeof WebhookDeliverySchema>;
