import { Module } from '@nestjs/common';
import { definePlugin } from '@atende/sdk-server';
import { CLOUD_API_MANIFEST, CLOUD_API_PERMISSIONS } from '@atende/plugin-cloud-api-contract';
import { CloudApiController } from './cloud-api.controller.js';
import { CloudApiItemSchema } from './item.entity.js';
import { CloudApiInit } from './migrations/init.js';
import { CloudApiInboundHandler } from './cloud-api.inbound.js';
import { CloudApiEvents } from './cloud-api.events.js';
import { CLOUD_API_SETTINGS } from './settings.js';

@Module({ controllers: [CloudApiController], providers: [CloudApiInboundHandler, CloudApiEvents] })
export class CloudApiModule {}

export default definePlugin({
  id: 'cloud-api',
  version: '0.1.0',
  // The kernels this plugin runs on: another refuses it at boot (docs/plugins/compatibility.md).
  requires: { kernel: '^1.0.0' },
  // planFlag: 'useIntegrations', // uncomment to offer the plugin only to plans with that flag
  module: CloudApiModule,
  entities: [CloudApiItemSchema],
  migrations: [{ name: 'cloud-api_0001_init', class: CloudApiInit }],
  permissions: CLOUD_API_PERMISSIONS,
  settings: CLOUD_API_SETTINGS,
  manifest: CLOUD_API_MANIFEST,
  web: { package: '@atende/plugin-cloud-api-web' },
});
