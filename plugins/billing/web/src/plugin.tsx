import { AuditOutlined, DollarOutlined } from '@ant-design/icons';
import { defineWebPlugin } from '@atende/sdk-web';
import { BILLING_MANIFEST } from '@atende/plugin-billing-contract';
import { errors, locales } from './locales.js';

const P = BILLING_MANIFEST.pages;

export default defineWebPlugin({
  id: 'billing',
  manifest: BILLING_MANIFEST,
  pages: {
    financeiro: () => import('./FinanceiroPage.js'),
    subscription: () => import('./SubscriptionPage.js'),
    review: () => import('./ReviewPage.js'),
  },
  tabs: { settings: () => import('./SettingsTab.js') },
  menu: [
    { path: P.financeiro.path, icon: DollarOutlined },
    { path: P.review.path, icon: AuditOutlined },
  ],
  widgets: [
    { zone: 'layout.drawer.footer', load: () => import('./DrawerFooter.js') },
    { zone: 'users.row.actions', load: () => import('./AdjustCoinsAction.js') },
  ],
  locales,
  errors,
});
