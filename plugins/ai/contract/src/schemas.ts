import { z } from 'zod';

/** Prompt defaults (automation-productivity §9). */
export const PROMPT_DEFAULTS = { model: 'gpt-3.5-turbo-1106', maxTokens: 100, temperature: 1, maxMessages: 10 } as const;
/**
 * Models the form offers (automation-productivity §9), and the default of the super user's allow-list: on
 * the platform's key a prompt may use only the allowed models; with its own key or server, any model name.
 */
export const PROMPT_MODELS = ['gpt-3.5-turbo-1106', 'gpt-4o-2024-08-06'] as const;

/** temperature 0–1 in steps of 0.1 (automation-productivity §8). */
const temperature = z
  .number()
  .min(0, 'too_small')
  .max(1, 'too_big')
  .refine((t) => Math.abs(t * 10 - Math.round(t * 10)) < 1e-9, 'step_0_1');

/** A prompt as the API answers it: the API key never leaves the server (`hasApiKey` says whether one is set). */
export const promptSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  prompt: z.string(),
  model: z.string(),
  maxTokens: z.number().int(),
  temperature: z.number(),
  maxMessages: z.number().int(),
  queueId: z.number().int(),
  queue: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Answer with a voice note (text-to-speech) instead of text; the voice's name. Null: text. */
  voice: z.string().nullable(),
  hasApiKey: z.boolean(),
  baseUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Prompt = z.infer<typeof promptSchema>;

/**
 * POST /prompt (automation-productivity §8: name 5–100, prompt ≥ 50, queue required). `apiKey` and
 * `baseUrl` are the prompt's own server (else the platform's global setting); an empty apiKey keeps none.
 */
export const promptInputSchema = z.object({
  name: z.string().trim().min(5, 'too_short').max(100, 'too_long'),
  prompt: z.string().trim().min(50, 'too_short').max(20000, 'too_long'),
  model: z.string().trim().min(1, 'required').max(100, 'too_long').default(PROMPT_DEFAULTS.model),
  maxTokens: z.number().int().min(1, 'too_small').max(16000, 'too_big').default(PROMPT_DEFAULTS.maxTokens),
  temperature: temperature.default(PROMPT_DEFAULTS.temperature),
  maxMessages: z.number().int().min(1, 'too_small').max(100, 'too_big').default(PROMPT_DEFAULTS.maxMessages),
  queueId: z.number({ error: 'required' }).int().positive(),
  voice: z.string().trim().max(40).nullable().optional(),
  apiKey: z.string().trim().max(500).nullable().optional(),
  baseUrl: z.string().trim().max(500).nullable().optional(),
});
export type PromptInput = z.input<typeof promptInputSchema>;

/** PUT /prompt/:id: partial. */
export const promptUpdateSchema = z.object({
  name: z.string().trim().min(5, 'too_short').max(100, 'too_long').optional(),
  prompt: z.string().trim().min(50, 'too_short').max(20000, 'too_long').optional(),
  model: z.string().trim().min(1, 'required').max(100, 'too_long').optional(),
  maxTokens: z.number().int().min(1, 'too_small').max(16000, 'too_big').optional(),
  temperature: temperature.optional(),
  maxMessages: z.number().int().min(1, 'too_small').max(100, 'too_big').optional(),
  queueId: z.number().int().positive().optional(),
  voice: z.string().trim().max(40).nullable().optional(),
  apiKey: z.string().trim().max(500).nullable().optional(),
  baseUrl: z.string().trim().max(500).nullable().optional(),
});
export type PromptUpdate = z.input<typeof promptUpdateSchema>;

export const promptListSchema = z.object({ prompts: z.array(promptSchema) });

/** Credit operations (commercial-admin §2: the reports' operation filter). */
export const CREDIT_OPERATIONS = ['gpt_message', 'image_generation', 'audio_transcription'] as const;
export type CreditOperation = (typeof CREDIT_OPERATIONS)[number];

/** GET /credits/costs (commercial-admin §5, the admin settings' set; §9 defaults). */
export const creditCostsSchema = z.object({
  gpt4oMessage: z.number(),
  audioTranscription: z.number(),
  imageSquareLow: z.number(),
  imageSquareMedium: z.number(),
  imageSquareHigh: z.number(),
  imageVerticalLow: z.number(),
  imageVerticalMedium: z.number(),
  imageVerticalHigh: z.number(),
  imageHorizontalLow: z.number(),
  imageHorizontalMedium: z.number(),
  imageHorizontalHigh: z.number(),
});
export type CreditCosts = z.infer<typeof creditCostsSchema>;

export const creditBalanceSchema = z.object({ data: z.object({ balance: z.number() }) });
export const creditCheckSchema = z.object({ amount: z.number().int().min(0, 'too_small').max(1_000_000, 'too_big') });
export const creditCheckAnswerSchema = z.object({ data: z.object({ hasCredits: z.boolean(), balance: z.number() }) });
export const creditCostsAnswerSchema = z.object({ data: creditCostsSchema });

/** Balance states (commercial-admin §7): critical ≤ 10, low ≤ 50, good above. */
export type CreditState = 'critical' | 'low' | 'good';
export const creditState = (balance: number): CreditState => (balance <= 10 ? 'critical' : balance <= 50 ? 'low' : 'good');

/** GET /credits/report?days=7|30|90&operation= : from the ledger. */
export const creditReportQuerySchema = z.object({
  days: z.coerce.number().refine((d) => d === 7 || d === 30 || d === 90, 'invalid_period').default(30),
  operation: z.enum(CREDIT_OPERATIONS).optional(),
});
export const creditReportSchema = z.object({
  data: z.object({
    summary: z.object({ totalConsumed: z.number(), totalOperations: z.number(), averagePerOperation: z.number(), mostUsedOperation: z.string().nullable() }),
    byOperation: z.array(z.object({ operation: z.string(), credits: z.number(), operations: z.number() })),
    daily: z.array(z.object({ date: z.string(), credits: z.number(), operations: z.number() })),
  }),
});

/** Image generator (commercial-admin §5, §8: prompt 10–5000 with the spec's messages). */
export const IMAGE_QUALITY_OPTIONS = ['auto', 'low', 'medium', 'high'] as const;
export const IMAGE_SIZE_OPTIONS = ['auto', '1024x1024', '1536x1024', '1024x1536', '512x512', '256x256'] as const;
export const imageGenerateSchema = z.object({
  prompt: z
    .string({ error: 'El prompt es requerido' })
    .trim()
    .min(1, 'El prompt es requerido')
    .min(10, 'El prompt debe tener al menos 10 caracteres')
    .max(5000, 'El prompt no puede exceder 5000 caracteres'),
  model: z.string().trim().min(1).max(60).default('gpt-image-1'),
  quality: z.enum(IMAGE_QUALITY_OPTIONS).default('auto'),
  size: z.enum(IMAGE_SIZE_OPTIONS).default('auto'),
  /** A reference image (base64, optionally a data: URL): the generator then edits it. */
  referenceImage: z.string().max(22_000_000).nullable().optional(),
});
export const imageItemSchema = z.object({
  id: z.number().int(),
  prompt: z.string(),
  imageUrl: z.string().nullable(),
  imagePath: z.string().nullable(),
  createdAt: z.string(),
  status: z.enum(['completed', 'error', 'pending']),
  creditsConsumed: z.number(),
  size: z.string(),
  quality: z.string(),
  errorMessage: z.string().nullable(),
});
export type ImageItem = z.infer<typeof imageItemSchema>;
export const imageHistorySchema = z.object({ data: z.array(imageItemSchema) });
export const imageGenerateAnswerSchema = z.object({ success: z.boolean(), message: z.string(), data: imageItemSchema });

/** A voice note's transcription (button on the bubble; automatic when the company turns it on). */
export const transcriptionSchema = z.object({ messageId: z.number().int(), text: z.string(), creditsConsumed: z.number() });
export type Transcription = z.infer<typeof transcriptionSchema>;

/** The super user's Credits tab: the platform key is write-only (only whether one is set comes back). */
export const aiConfigSchema = z.object({ hasApiKey: z.boolean() });
export const aiConfigInputSchema = z.object({ apiKey: z.string().trim().max(500).nullable() });

/** GET /ai/models: the models a prompt may use on the platform's key. */
export const allowedModelsSchema = z.object({ allowed: z.array(z.string()) });
