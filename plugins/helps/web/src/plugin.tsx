import { defineWebPlugin } from '@atende/sdk-web';
import { HELPS_MANIFEST } from '@atende/plugin-helps-contract';
import { locales } from './locales.js';

export default defineWebPlugin({
  id: 'helps',
  manifest: HELPS_MANIFEST,
  pages: { list: () => import('./HelpsPage.js') },
  tabs: { manage: () => import('./HelpsSettingsTab.js') },
  locales,
});
