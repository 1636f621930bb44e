import { defineWebPlugin } from '@atende/sdk-web';
import { AI_MANIFEST } from '@atende/plugin-ai-contract';
import { locales } from './locales.js';

export default defineWebPlugin({
  id: 'ai',
  manifest: AI_MANIFEST,
  pages: { prompts: () => import('./PromptsPage.js') },
  locales,
  errors: {
    es: { ERR_INSUFFICIENT_CREDITS: 'Créditos insuficientes', ERR_NO_PROMPT_FOUND: 'Prompt no encontrado' },
    pt: { ERR_INSUFFICIENT_CREDITS: 'Créditos insuficientes', ERR_NO_PROMPT_FOUND: 'Prompt não encontrado' },
    en: { ERR_INSUFFICIENT_CREDITS: 'Not enough credits', ERR_NO_PROMPT_FOUND: 'Prompt not found' },
  },
});
