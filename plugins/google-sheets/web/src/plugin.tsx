import { defineWebPlugin } from '@atende/sdk-web';
import { GOOGLE_SHEETS_MANIFEST } from '@atende/plugin-google-sheets-contract';
import { locales } from './locales.js';

export default defineWebPlugin({
  id: 'google-sheets',
  manifest: GOOGLE_SHEETS_MANIFEST,
  pages: { list: () => import('./GoogleSheetsPage.js') },
  locales,
});
