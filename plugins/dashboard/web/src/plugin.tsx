import { defineWebPlugin } from '@atende/sdk-web';
import { DASHBOARD_MANIFEST } from '@atende/plugin-dashboard-contract';
import { locales } from './locales.js';
import { prefetchFirstFigures } from './first-figures.js';

export default defineWebPlugin({
  id: 'dashboard',
  manifest: DASHBOARD_MANIFEST,
  pages: {
    // The figures are asked for while the page's code downloads (first-figures.ts).
    main: () => (prefetchFirstFigures(), import('./DashboardPage.js')),
    crm: () => import('./CrmPage.js'),
  },
  locales,
});
