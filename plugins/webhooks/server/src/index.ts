import { Module } from '@nestjs/common';
import { definePlugin } from '@atende/sdk-server';
import { WEBHOOKS_MANIFEST, WEBHOOKS_PERMISSIONS } from '@atende/plugin-webhooks-contract';
import { WebhooksController } from './webhooks.controller.js';
import { WebhookDeliverySchema, WebhookSubscriptionSchema } from './entities.js';
import { WebhooksInit } from './migrations/init.js';
import { WebhooksEvents } from './webhooks.events.js';
import { WebhooksService } from './webhooks.service.js';
import { DeliverySender } from './delivery.sender.js';
import { WebhooksRealtime } from './webhooks.realtime.js';

@Module({ controllers: [WebhooksController], providers: [WebhooksService, WebhooksEvents, DeliverySender, WebhooksRealtime] })
export class WebhooksModule {}

/** Outbound webhooks (issue 34 item 2): signed, retried, ordered per ticket, logged. */
export default definePlugin({
  id: 'webhooks',
  version: '0.1.0',
  requires: { kernel: '^1.0.0' },
  // Webhooks go with the external API: the same plan flag.
  planFlag: 'useExternalApi',
  module: WebhooksModule,
  entities: [WebhookSubscriptionSchema, WebhookDeliverySchema],
  migrations: [{ name: 'webhooks_0001_init', class: WebhooksInit }],
  permissions: WEBHOOKS_PERMISSIONS,
  manifest: WEBHOOKS_MANIFEST,
  web: { package: '@atende/plugin-webhooks-web' },
});
