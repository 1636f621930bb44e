import { defineWebPlugin } from '@atende/sdk-web';
import { AI_MANIFEST } from '@atende/plugin-ai-contract';
import { locales } from './locales.js';

export default defineWebPlugin({
  id: 'ai',
  manifest: AI_MANIFEST,
  pages: { prompts: () => import('./PromptsPage.js') },
  tabs: { credits: () => import('./CreditsTab.js') },
  widgets: [
    { zone: 'layout.header', load: () => import('./HeaderTools.js') },
    { zone: 'message.actions', load: () => import('./TranscribeAction.js') },
    { zone: 'queue.modal.tabs', load: () => import('./QueuePromptTab.js'), label: { es: 'IA', pt: 'IA', en: 'AI' } },
    { zone: 'connection.modal.fields', load: () => import('./ConnectionPromptField.js') },
    { zone: 'dashboard.cards', load: () => import('./CreditsCard.js') },
  ],
  locales,
  errors: {
    es: { ERR_INSUFFICIENT_CREDITS: 'Créditos insuficientes', ERR_NO_PROMPT_FOUND: 'Prompt no encontrado', ERR_TRANSCRIPTION_IN_PROGRESS: 'Esta nota de voz se está transcribiendo; inténtalo de nuevo en un momento' },
    pt: { ERR_INSUFFICIENT_CREDITS: 'Créditos insuficientes', ERR_NO_PROMPT_FOUND: 'Prompt não encontrado', ERR_TRANSCRIPTION_IN_PROGRESS: 'Esta nota de voz está sendo transcrita; tente de novo em instantes' },
    en: { ERR_INSUFFICIENT_CREDITS: 'Not enough credits', ERR_NO_PROMPT_FOUND: 'Prompt not found', ERR_TRANSCRIPTION_IN_PROGRESS: 'This voice note is being transcribed; try again in a moment' },
  },
});
