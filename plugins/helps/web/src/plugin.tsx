import { defineWebPlugin } from '@atende/sdk-web';
import { locales } from './locales.js';

export default defineWebPlugin({
  id: 'helps',
  routes: [{ path: '/helps', load: () => import('./HelpsPage.js') }],
  settingsTabs: [{ key: 'helps', load: () => import('./HelpsSettingsTab.js') }],
  locales,
});
