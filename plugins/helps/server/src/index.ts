import { Module } from '@nestjs/common';
import { definePlugin } from '@atende/sdk-server';
import { HELPS_MANIFEST, HELPS_PERMISSIONS } from '@atende/plugin-helps-contract';
import { HelpSchema } from './help.entity.js';
import { HelpsController } from './helps.controller.js';
import { HelpsService } from './helps.service.js';
import { HelpsInit } from './migrations/helps_0001_init.js';

@Module({ controllers: [HelpsController], providers: [HelpsService] })
export class HelpsModule {}

export default definePlugin({
  id: 'helps',
  version: '0.1.0',
  module: HelpsModule,
  entities: [HelpSchema],
  migrations: [{ name: 'helps_0001_init', class: HelpsInit }],
  permissions: HELPS_PERMISSIONS,
  manifest: HELPS_MANIFEST,
  web: { package: '@atende/plugin-helps-web' },
});
