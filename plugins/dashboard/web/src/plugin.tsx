import { defineWebPlugin } from '@atende/sdk-web';
import { DASHBOARD_MANIFEST } from '@atende/plugin-dashboard-contract';
import { locales } from './locales.js';

export default defineWebPlugin({
  id: 'dashboard',
  manifest: DASHBOARD_MANIFEST,
  pages: { main: () => import('./DashboardPage.js'), crm: () => import('./CrmPage.js') },
  locales,
});
