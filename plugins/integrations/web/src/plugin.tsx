import { defineWebPlugin } from '@atende/sdk-web';
import { INTEGRATIONS_MANIFEST } from '@atende/plugin-integrations-contract';
import { locales } from './locales.js';

export default defineWebPlugin({
  id: 'integrations',
  manifest: INTEGRATIONS_MANIFEST,
  pages: { list: () => import('./IntegrationsPage.js') },
  locales,
});
