import { Module } from '@nestjs/common';
import { definePlugin } from '@atende/sdk-server';
import { INTEGRATIONS_MANIFEST, INTEGRATIONS_PERMISSIONS } from '@atende/plugin-integrations-contract';
import { IntegrationsController } from './integrations.controller.js';
import { IntegrationsItemSchema } from './item.entity.js';
import { IntegrationsInit } from './migrations/init.js';
import { IntegrationsInboundHandler } from './integrations.inbound.js';
import { IntegrationsEvents } from './integrations.events.js';
import { INTEGRATIONS_SETTINGS } from './settings.js';

@Module({ controllers: [IntegrationsController], providers: [IntegrationsInboundHandler, IntegrationsEvents] })
export class IntegrationsModule {}

export default definePlugin({
  id: 'integrations',
  version: '0.1.0',
  // The kernels this plugin runs on: another refuses it at boot (docs/plugins/compatibility.md).
  requires: { kernel: '^1.0.0' },
  // planFlag: 'useIntegrations', // uncomment to offer the plugin only to plans with that flag
  module: IntegrationsModule,
  entities: [IntegrationsItemSchema],
  migrations: [{ name: 'integrations_0001_init', class: IntegrationsInit }],
  permissions: INTEGRATIONS_PERMISSIONS,
  settings: INTEGRATIONS_SETTINGS,
  manifest: INTEGRATIONS_MANIFEST,
  web: { package: '@atende/plugin-integrations-web' },
});
