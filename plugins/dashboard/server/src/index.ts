import { Module } from '@nestjs/common';
import { definePlugin } from '@atende/sdk-server';
import { DASHBOARD_MANIFEST, DASHBOARD_PERMISSIONS } from '@atende/plugin-dashboard-contract';
import { DashboardController } from './dashboard.controller.js';
import { FiguresService } from './figures/figures.service.js';
import { RollupWriter } from './rollup/rollup.writer.js';
import { DashboardInit } from './migrations/init.js';
import { DashboardBackfill } from './migrations/backfill.js';
import { BackfillJob } from './backfill/backfill.job.js';
import { CrmController } from './crm/crm.controller.js';
import { CrmService } from './crm/crm.service.js';
import { ReadCache } from './cache/read-cache.js';

@Module({ controllers: [DashboardController, CrmController], providers: [FiguresService, CrmService, RollupWriter, BackfillJob, ReadCache] })
export class DashboardModule {}

export default definePlugin({
  id: 'dashboard',
  version: '0.1.0',
  // The kernels this plugin runs on: another refuses it at boot (docs/plugins/compatibility.md).
  requires: { kernel: '^1.0.0' },
  module: DashboardModule,
  // The spec's paths (commercial-admin §8), answered by /api/dashboard/crm/….
  apiAliases: ['GET /crm/metrics', 'GET /crm/analytics'],
  entities: [],
  migrations: [
    { name: 'dashboard_0001_init', class: DashboardInit },
    { name: 'dashboard_0002_backfill', class: DashboardBackfill },
  ],
  permissions: DASHBOARD_PERMISSIONS,
  manifest: DASHBOARD_MANIFEST,
  web: { package: '@atende/plugin-dashboard-web' },
});
