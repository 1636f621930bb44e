import { Module } from '@nestjs/common';
import { definePlugin } from '@atende/sdk-server';
import { SCHEDULES_MANIFEST, SCHEDULES_PERMISSIONS } from '@atende/plugin-schedules-contract';
import { ScheduleEntity } from './schedule.entity.js';
import { SchedulesController } from './schedules.controller.js';
import { SchedulesService } from './schedules.service.js';
import { ScheduleDelivery } from './schedule.delivery.js';
import { SchedulesRealtime } from './schedules.realtime.js';
import { SchedulesInit } from './migrations/schedules_0001_init.js';

@Module({ controllers: [SchedulesController], providers: [SchedulesService, ScheduleDelivery, SchedulesRealtime] })
export class SchedulesModule {}

export { jobIdOf, SCHEDULES_QUEUE } from './schedule.delivery.js';

export default definePlugin({
  id: 'schedules',
  version: '0.1.0',
  planFlag: 'useSchedules',
  module: SchedulesModule,
  entities: [ScheduleEntity],
  migrations: [{ name: 'schedules_0001_init', class: SchedulesInit }],
  permissions: SCHEDULES_PERMISSIONS,
  manifest: SCHEDULES_MANIFEST,
  web: { package: '@atende/plugin-schedules-web' },
});
