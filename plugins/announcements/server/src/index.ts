import { Module } from '@nestjs/common';
import { definePlugin } from '@atende/sdk-server';
import { ANNOUNCEMENTS_MANIFEST, ANNOUNCEMENTS_PERMISSIONS } from '@atende/plugin-announcements-contract';
import { AnnouncementSchema } from './announcement.entity.js';
import { AnnouncementsController } from './announcements.controller.js';
import { AnnouncementsRealtime } from './announcements.realtime.js';
import { AnnouncementsService } from './announcements.service.js';
import { AnnouncementsInit } from './migrations/announcements_0001_init.js';

@Module({ controllers: [AnnouncementsController], providers: [AnnouncementsService, AnnouncementsRealtime] })
export class AnnouncementsModule {}

/** No plan flag: announcements are offered to every company (see the contract). */
export default definePlugin({
  id: 'announcements',
  version: '0.1.0',
  module: AnnouncementsModule,
  entities: [AnnouncementSchema],
  migrations: [{ name: 'announcements_0001_init', class: AnnouncementsInit }],
  permissions: ANNOUNCEMENTS_PERMISSIONS,
  manifest: ANNOUNCEMENTS_MANIFEST,
  web: { package: '@atende/plugin-announcements-web' },
});
