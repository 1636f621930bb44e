import { NotificationOutlined } from '@ant-design/icons';
import { defineWebPlugin } from '@atende/sdk-web';
import { ANNOUNCEMENTS_MANIFEST } from '@atende/plugin-announcements-contract';
import { locales } from './locales.js';

export default defineWebPlugin({
  id: 'announcements',
  manifest: ANNOUNCEMENTS_MANIFEST,
  pages: { list: () => import('./AnnouncementsPage.js') },
  menu: [{ path: ANNOUNCEMENTS_MANIFEST.pages.list.path, icon: NotificationOutlined }],
  widgets: [{ zone: 'layout.header', load: () => import('./AnnouncementsHeader.js') }],
  locales,
  errors: {
    es: { ERR_NO_ANNOUNCEMENT_FOUND: 'Informativo no encontrado.' },
    pt: { ERR_NO_ANNOUNCEMENT_FOUND: 'Informativo não encontrado.' },
    en: { ERR_NO_ANNOUNCEMENT_FOUND: 'Announcement not found.' },
  },
});
