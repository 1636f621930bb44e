import { defineWebPlugin } from '@atende/sdk-web';
import { INTERNAL_CHAT_MANIFEST } from '@atende/plugin-internal-chat-contract';
import { locales } from './locales.js';
import { useUnreadTotal } from './useUnreadTotal.js';

const page = () => import('./ChatsPage.js');

export default defineWebPlugin({
  id: 'internal-chat',
  manifest: INTERNAL_CHAT_MANIFEST,
  pages: { list: page, chat: page },
  // No icon of its own: the shell draws the manifest's 'message' icon, so the badge loads without the icon library.
  menu: [{ path: INTERNAL_CHAT_MANIFEST.pages.list.path, useBadge: useUnreadTotal }],
  locales,
  errors: {
    es: { ERR_NO_CHAT_FOUND: 'Chat no encontrado.' },
    pt: { ERR_NO_CHAT_FOUND: 'Chat não encontrado.' },
    en: { ERR_NO_CHAT_FOUND: 'Chat not found.' },
  },
});
