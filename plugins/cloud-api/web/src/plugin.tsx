import { defineWebPlugin } from '@atende/sdk-web';
import { CLOUD_API_MANIFEST } from '@atende/plugin-cloud-api-contract';
import { errors, locales } from './locales.js';

export default defineWebPlugin({
  id: 'cloud-api',
  manifest: CLOUD_API_MANIFEST,
  pages: { list: () => import('./CloudApiPage.js') },
  widgets: [{ zone: 'ticket.input.toolbar', load: () => import('./TemplateButton.js') }],
  locales,
  errors,
});
