import { Module } from '@nestjs/common';
import { definePlugin } from '@atende/sdk-server';
import { AI_MANIFEST, AI_PERMISSIONS } from '@atende/plugin-ai-contract';
import { AiController } from './ai.controller.js';
import { AiItemSchema } from './item.entity.js';
import { AiInit } from './migrations/init.js';
import { AiInboundHandler } from './ai.inbound.js';
import { AiEvents } from './ai.events.js';
import { AI_SETTINGS } from './settings.js';

@Module({ controllers: [AiController], providers: [AiInboundHandler, AiEvents] })
export class AiModule {}

export default definePlugin({
  id: 'ai',
  version: '0.1.0',
  // The kernels this plugin runs on: another refuses it at boot (docs/plugins/compatibility.md).
  requires: { kernel: '^1.0.0' },
  // planFlag: 'useIntegrations', // uncomment to offer the plugin only to plans with that flag
  module: AiModule,
  entities: [AiItemSchema],
  migrations: [{ name: 'ai_0001_init', class: AiInit }],
  permissions: AI_PERMISSIONS,
  settings: AI_SETTINGS,
  manifest: AI_MANIFEST,
  web: { package: '@atende/plugin-ai-web' },
});
