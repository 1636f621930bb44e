import { defineWebPlugin } from '@atende/sdk-web';
import { AI_MANIFEST } from '@atende/plugin-ai-contract';
import { locales } from './locales.js';

export default defineWebPlugin({
  id: 'ai',
  manifest: AI_MANIFEST,
  pages: { list: () => import('./AiPage.js') },
  locales,
});
