import { Module } from '@nestjs/common';
import { definePlugin } from '@atende/sdk-server';
import { CLOUD_API_MANIFEST, CLOUD_API_PERMISSIONS } from '@atende/plugin-cloud-api-contract';
import { CloudApiInit } from './migrations/init.js';
import { CLOUD_API_SETTINGS } from './settings.js';
import { NumberStore } from './numbers/number-store.js';
import { NumbersController } from './numbers/numbers.controller.js';
import { GraphClientFactory } from './graph/graph-client.factory.js';
import { WebhookController } from './webhook/webhook.controller.js';
import { TemplatesController } from './templates/templates.controller.js';
import { ProviderRegistration } from './channel/provider-registration.js';

@Module({
  controllers: [NumbersController, WebhookController, TemplatesController],
  providers: [NumberStore, GraphClientFactory, ProviderRegistration],
})
export class CloudApiModule {}

export default definePlugin({
  id: 'cloud-api',
  version: '0.1.0',
  // The kernels this plugin runs on: another refuses it at boot (docs/plugins/compatibility.md).
  requires: { kernel: '^1.0.0' },
  module: CloudApiModule,
  entities: [],
  migrations: [{ name: 'cloud-api_0001_init', class: CloudApiInit }],
  permissions: CLOUD_API_PERMISSIONS,
  settings: CLOUD_API_SETTINGS,
  manifest: CLOUD_API_MANIFEST,
  web: { package: '@atende/plugin-cloud-api-web' },
});
