import { Module } from '@nestjs/common';
import { definePlugin } from '@atende/sdk-server';
import { RESELLER_MANIFEST, RESELLER_PERMISSIONS } from '@atende/plugin-reseller-contract';
import { ResellerController } from './reseller.controller.js';
import { ResellerService } from './reseller.service.js';

export const RESELLER_CONTROLLERS = [ResellerController];

@Module({ controllers: RESELLER_CONTROLLERS, providers: [ResellerService] })
export class ResellerModule {}

/** The reseller panel: no table of its own (referrals are the kernel's, coins billing's). */
export default definePlugin({
  id: 'reseller',
  version: '0.1.0',
  dependsOn: ['billing'],
  module: ResellerModule,
  entities: [],
  migrations: [],
  permissions: RESELLER_PERMISSIONS,
  manifest: RESELLER_MANIFEST,
  web: { package: '@atende/plugin-reseller-web' },
});
