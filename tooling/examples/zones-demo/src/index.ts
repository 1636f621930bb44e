import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Module } from '@nestjs/common';
import { definePluginManifest } from '@atende/core-contract';
import { definePlugin } from '@atende/sdk-server';

/**
 * Issue 12 item 7: a plugin that shows the web side of the platform. Outside plugins/installed.json;
 * its test builds it and loads it through ATENDE_PLUGINS. It fills three zones (one widget throws on
 * purpose), has a page in the drawer with a badge, a public page and a page allowed while expired;
 * its plan flag (useKanban) keeps all of it from companies whose plan lacks it.
 */
export const ZONES_DEMO_MANIFEST = definePluginManifest({
  pages: {
    home: { path: '/zones-demo' },
    pay: { path: '/zones-demo/pay', allowExpired: true },
    callback: { path: '/zones-demo/callback', public: true },
  },
  menu: [{ page: 'home', label: { es: 'Demo de zonas', pt: 'Demo de zonas', en: 'Zones demo' }, badge: true }],
  zones: ['ticket.header.actions', 'layout.header', 'connection.row.actions'],
});

@Module({})
class ZonesDemoModule {}

export default definePlugin({
  id: 'zones-demo',
  version: '0.0.1',
  planFlag: 'useKanban',
  module: ZonesDemoModule,
  manifest: ZONES_DEMO_MANIFEST,
  // The remote built by the test, beside this package.
  web: { dir: path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'web', 'dist') },
});
