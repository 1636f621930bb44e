import { definePluginManifest } from '@atende/core-contract';

/** The zones demo's pages, drawer entry and zones: read by its server and its remote (no path written twice). */
export const ZONES_DEMO_MANIFEST = definePluginManifest({
  pages: {
    home: { path: '/zones-demo' },
    pay: { path: '/zones-demo/pay', allowExpired: true },
    callback: { path: '/zones-demo/callback', public: true },
  },
  menu: [{ page: 'home', label: { es: 'Demo de zonas', pt: 'Demo de zonas', en: 'Zones demo' }, badge: true }],
  zones: ['ticket.header.actions', 'layout.header', 'connection.row.actions'],
});
