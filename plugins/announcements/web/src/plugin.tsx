import { defineWebPlugin } from '@atende/sdk-web';
import { ANNOUNCEMENTS_MANIFEST } from '@atende/plugin-announcements-contract';
import { locales } from './locales.js';

export default defineWebPlugin({
  id: 'announcements',
  manifest: ANNOUNCEMENTS_MANIFEST,
  pages: { list: () => import('./AnnouncementsPage.js') },
  // The shell draws the manifest's 'notification' icon: nothing to load for it at start.
  menu: [{ path: ANNOUNCEMENTS_MANIFEST.pages.list.path }],
  widgets: [{ zone: 'layout.header', load: () => import('./AnnouncementsHeader.js') }],
  locales,
  errors: {
    es: { ERR_NO_ANNOUNCEMENT_FOUND: 'Informativo no encontrado.' },
    pt: { ERR_NO_ANNOUNCEMENT_FOUND: 'Informativo não encontrado.' },
    en: { ERR_NO_ANNOUNCEMENT_FOUND: 'Announcement not found.' },
  },
});
