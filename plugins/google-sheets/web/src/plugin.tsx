import { defineWebPlugin } from '@atende/sdk-web';
import { GOOGLE_SHEETS_MANIFEST } from '@atende/plugin-google-sheets-contract';
import { errors, locales } from './locales.js';

export default defineWebPlugin({
  id: 'google-sheets',
  manifest: GOOGLE_SHEETS_MANIFEST,
  pages: { main: () => import('./GoogleSheetsPage.js'), callback: () => import('./CallbackPage.js') },
  locales,
  errors,
});
