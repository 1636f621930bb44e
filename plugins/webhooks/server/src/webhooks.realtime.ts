import { Inject, Injectable } from '@nestjs/common';
import { REALTIME, type RealtimeAudience, type RealtimePublisher } from '@atende/sdk-server';
import {
  WEBHOOK_DELIVERY_EVENT,
  WEBHOOK_SUBSCRIPTION_EVENT,
  type WebhookDelivery,
  type WebhookDeliveryEvent,
  type WebhookSubscriptionEvent,
} from '@atende/plugin-webhooks-contract';

/** Only who may open the page hears it (the log carries customers' data); the kernel applies the plan flag. */
const AUDIENCE: RealtimeAudience = { permission: 'webhooks:manage' };

/** Live updates of the webhooks page: subscriptions and the delivery log. */
@Injectable()
export class WebhooksRealtime {
  constructor(@Inject(REALTIME) private readonly realtime: RealtimePublisher) {}

  delivery(companyId: number, delivery: WebhookDelivery): void {
    this.realtime.toCompany(companyId, WEBHOOK_DELIVERY_EVENT, { delivery } satisfies WebhookDeliveryEvent, AUDIENCE);
  }

  subscription(companyId: number, event: WebhookSubscriptionEvent): void {
    this.realtime.toCompany(companyId, WEBHOOK_SUBSCRIPTION_EVENT, event, AUDIENCE);
  }
}
