import { definePluginManifest, endpoint } from '@atende/core-contract';
import type {
  creditBalanceSchema,
  creditCheckAnswerSchema,
  creditCheckSchema,
  creditCostsAnswerSchema,
  creditReportQuerySchema,
  creditReportSchema,
  promptInputSchema,
  promptListSchema,
  promptSchema,
  promptUpdateSchema,
  Prompt,
  imageGenerateSchema,
  imageGenerateAnswerSchema,
  imageHistorySchema,
  transcriptionSchema,
  aiConfigSchema,
  aiConfigInputSchema,
  allowedModelsSchema,
} from './schemas.js';
import type { blobResponse } from '@atende/core-contract';

export * from './schemas.js';

/**
 * Prompts configure the company's assistant: admins write them (the reference's prompts page is an
 * administration screen); every user reads the balance and checks credits before an AI action.
 */
export const AI_PERMISSIONS = {
  'ai:read': ['user', 'supervisor', 'admin', 'super'],
  'ai:write': ['admin', 'super'],
  'ai:use': ['user', 'supervisor', 'admin', 'super'],
  'ai:platform': ['super'],
} as const;

/** Gated by the plan's useOpenAi (automation-productivity §6). */
export const AI_MANIFEST = definePluginManifest({
  pages: { prompts: { path: '/prompts', permission: 'ai:write' } },
  tabs: { credits: { key: 'credits', permission: 'ai:platform', label: { es: 'Créditos', pt: 'Créditos', en: 'Credits' } } },
  zones: ['message.actions', 'layout.header', 'queue.modal.tabs', 'connection.modal.fields', 'dashboard.cards'],
  menu: [{ page: 'prompts', icon: 'robot', permission: 'ai:write', label: { es: 'Prompts IA', pt: 'Prompts IA', en: 'AI prompts' } }],
});

/** Company-scoped live updates of prompts (automation-productivity §7 Realtime). */
export const PROMPT_EVENT = 'prompt';
export type PromptEvent = { action: 'create' | 'update'; prompt: Prompt } | { action: 'delete'; promptId: number };

/**
 * A transcription made (by the button or automatically), told to the company's AI users as
 * `{ ticketId, messageId }` only: the text is read through the API, which checks the ticket's visibility.
 */
export const TRANSCRIPTION_EVENT = 'ai-transcription';

/** The hand-over word the assistant is told to answer when it cannot help (never shown to the customer). */
export const HANDOVER_TOKEN = '[HANDOVER]';

/** The AI API, typed for the web's `call()`; the server test checks each one is served. */
export const AI_ENDPOINTS = {
  prompts: endpoint<{ response: typeof promptListSchema }>()({ method: 'GET', path: '/prompt' }),
  prompt: endpoint<{ response: typeof promptSchema }>()({ method: 'GET', path: '/prompt/:id' }),
  createPrompt: endpoint<{ body: typeof promptInputSchema; response: typeof promptSchema }>()({ method: 'POST', path: '/prompt' }),
  updatePrompt: endpoint<{ body: typeof promptUpdateSchema; response: typeof promptSchema }>()({ method: 'PUT', path: '/prompt/:id' }),
  removePrompt: endpoint()({ method: 'DELETE', path: '/prompt/:id' }),
  balance: endpoint<{ response: typeof creditBalanceSchema }>()({ method: 'GET', path: '/credits/balance' }),
  costs: endpoint<{ response: typeof creditCostsAnswerSchema }>()({ method: 'GET', path: '/credits/costs' }),
  check: endpoint<{ body: typeof creditCheckSchema; response: typeof creditCheckAnswerSchema }>()({ method: 'POST', path: '/credits/check' }),
  images: endpoint<{ response: typeof imageHistorySchema }>()({ method: 'GET', path: '/ai-images/history' }),
  generateImage: endpoint<{ body: typeof imageGenerateSchema; response: typeof imageGenerateAnswerSchema }>()({ method: 'POST', path: '/ai-images/generate' }),
  downloadImage: endpoint<{ response: typeof blobResponse }>()({ method: 'GET', path: '/ai-images/download/:id', blob: true }),
  removeImage: endpoint()({ method: 'DELETE', path: '/ai-images/:id' }),
  transcribe: endpoint<{ response: typeof transcriptionSchema }>()({ method: 'POST', path: '/ai/transcriptions/:messageId' }),
  config: endpoint<{ response: typeof aiConfigSchema }>()({ method: 'GET', path: '/ai/config' }),
  setConfig: endpoint<{ body: typeof aiConfigInputSchema; response: typeof aiConfigSchema }>()({ method: 'PUT', path: '/ai/config' }),
  models: endpoint<{ response: typeof allowedModelsSchema }>()({ method: 'GET', path: '/ai/models' }),
  report: endpoint<{ query: typeof creditReportQuerySchema; response: typeof creditReportSchema }>()({ method: 'GET', path: '/credits/report' }),
};
