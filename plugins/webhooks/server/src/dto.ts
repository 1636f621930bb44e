import type { WebhookDelivery, WebhookSubscription } from '@atende/plugin-webhooks-contract';
import type { WebhookDeliveryRow, WebhookSubscriptionRow } from './entities.js';

export const toSubscription = (s: WebhookSubscriptionRow): WebhookSubscription => ({
  id: s.id,
  url: s.url,
  events: s.events as WebhookSubscription['events'],
  active: s.active,
  secret: s.secret,
  createdAt: s.createdAt.toISOString(),
  updatedAt: s.updatedAt.toISOString(),
});

export const toDelivery = (d: WebhookDeliveryRow): WebhookDelivery => ({
  id: d.id,
  subscriptionId: d.subscriptionId,
  event: d.event as WebhookDelivery['event'],
  status: d.status as WebhookDelivery['status'],
  attempts: d.attempts,
  responseCode: d.responseCode ?? null,
  error: d.error ?? null,
  body: d.body,
  ticketId: d.ticketId ?? null,
  createdAt: d.createdAt.toISOString(),
  deliveredAt: d.deliveredAt?.toISOString() ?? null,
  nextAttemptAt: d.nextAttemptAt?.toISOString() ?? null,
  redeliveryOf: d.redeliveryOf ?? null,
});
