import { defineWebPlugin } from '@atende/sdk-web';
import { WEBHOOKS_MANIFEST } from '@atende/plugin-webhooks-contract';
import { locales } from './locales.js';

export default defineWebPlugin({
  id: 'webhooks',
  manifest: WEBHOOKS_MANIFEST,
  pages: { list: () => import('./WebhooksPage.js') },
  locales,
});
