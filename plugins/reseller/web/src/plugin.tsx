import { TeamOutlined } from '@ant-design/icons';
import { defineWebPlugin } from '@atende/sdk-web';
import { RESELLER_MANIFEST } from '@atende/plugin-reseller-contract';
import { errors, locales } from './locales.js';

export default defineWebPlugin({
  id: 'reseller',
  manifest: RESELLER_MANIFEST,
  pages: { reseller: () => import('./ResellerPage.js') },
  menu: [{ path: RESELLER_MANIFEST.pages.reseller.path, icon: TeamOutlined }],
  locales,
  errors,
});
