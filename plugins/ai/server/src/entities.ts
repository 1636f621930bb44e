import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A prompt: the company's assistant for one queue (automation-productivity §8). Tenant-owned. */
export const PromptEntity = defineEntity({
  name: 'AiPrompt',
  tableName: 'ai_prompts',
  properties: {
    id: p.integer().primary().autoincrement(),
    companyId: p.integer(),
    name: p.string().length(100),
    prompt: p.text(),
    model: p.string().length(100),
    maxTokens: p.integer(),
    temperature: p.double(),
    maxMessages: p.integer(),
    queueId: p.integer(),
    voice: p.string().length(40).nullable(),
    /** The prompt's own key, sealed (AES-256-GCM, see crypto.ts); never answered to a browser. */
    apiKeySealed: p.text().nullable(),
    baseUrl: p.string().length(500).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type PromptRow = InferEntity<typeof PromptEntity>;

/**
 * The credit ledger: one row per AI operation, written in the same transaction as the debit of the
 * company's credits; a provider failure marks it refunded (and gives the credits back) in one more.
 */
export const CreditUsageEntity = defineEntity({
  name: 'AiCreditUsage',
  tableName: 'ai_credit_usage',
  properties: {
    id: p.integer().primary().autoincrement(),
    companyId: p.integer(),
    operation: p.string().length(30),
    amount: p.integer(),
    ticketId: p.integer().nullable(),
    userId: p.integer().nullable(),
    refunded: p.boolean().default(false),
    detail: p.string().length(255).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type CreditUsageRow = InferEntity<typeof CreditUsageEntity>;

/** What the assistant did on a ticket (answered, handed over and why): the trail an agent reads. */
export const AnswerEntity = defineEntity({
  name: 'AiAnswer',
  tableName: 'ai_answers',
  properties: {
    id: p.integer().primary().autoincrement(),
    companyId: p.integer(),
    ticketId: p.integer(),
    messageId: p.integer(),
    promptId: p.integer().nullable(),
    outcome: p.string().length(20),
    reason: p.string().length(255).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type AnswerRow = InferEntity<typeof AnswerEntity>;

/** A generated image (commercial-admin §5 history item). */
export const ImageEntity = defineEntity({
  name: 'AiImage',
  tableName: 'ai_images',
  properties: {
    id: p.integer().primary().autoincrement(),
    companyId: p.integer(),
    userId: p.integer(),
    prompt: p.text(),
    model: p.string().length(60),
    quality: p.string().length(10),
    size: p.string().length(12),
    status: p.string().length(10),
    imagePath: p.text().nullable(),
    creditsConsumed: p.integer().default(0),
    errorMessage: p.string().length(255).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type ImageRow = InferEntity<typeof ImageEntity>;

/** A sealed platform secret (the global OpenAI key), kept under the platform company's id. */
export const SecretEntity = defineEntity({
  name: 'AiSecret',
  tableName: 'ai_secrets',
  properties: {
    companyId: p.integer().primary(),
    key: p.string().length(60).primary(),
    sealed: p.text(),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});

/** A voice note's text: made once, paid once (a second click answers the stored one). */
export const TranscriptionEntity = defineEntity({
  name: 'AiTranscription',
  tableName: 'ai_transcriptions',
  properties: {
    companyId: p.integer().primary(),
    messageId: p.integer().primary(),
    text: p.text(),
    creditsConsumed: p.integer().default(0),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export const ENTITIES = [PromptEntity, CreditUsageEntity, AnswerEntity, ImageEntity, SecretEntity, TranscriptionEntity];
