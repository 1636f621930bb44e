import { z } from 'zod';
import { VIDEO_CODE_PATTERN, extractVideoCode } from './video.js';

// The helps schemas, apart from index.ts: the web remote needs their types only, and with this module
// unused there (the package has no side effects) it does not bundle zod (~30 kB gzip).

export const helpSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  video: z.string(),
  description: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Help = z.infer<typeof helpSchema>;

const titleSchema = z.string().trim().min(2, 'too_short').max(120, 'too_long');
const videoSchema = z
  .string()
  .trim()
  .transform(extractVideoCode)
  .pipe(z.string().regex(VIDEO_CODE_PATTERN, 'invalid_video'));
const descriptionSchema = z.string().trim().max(2000, 'too_long');

export const helpInputSchema = z.object({
  title: titleSchema,
  video: videoSchema,
  description: descriptionSchema.default(''),
});
/** PUT /helps/{id}: partial, an omitted field keeps its value (no fall-back to the create default). */
export const helpUpdateSchema = z.object({
  title: titleSchema.optional(),
  video: videoSchema.optional(),
  description: descriptionSchema.optional(),
});
export type HelpInput = z.input<typeof helpInputSchema>;
export type HelpUpdate = z.infer<typeof helpUpdateSchema>;

export const helpListQuerySchema = z.object({
  searchParam: z.string().trim().max(100).default(''),
  pageNumber: z.coerce.number().int().min(1).max(10000).default(1),
});

export const helpPageSchema = z.object({ records: z.array(helpSchema), count: z.number().int(), hasMore: z.boolean() });
export type HelpPage = z.infer<typeof helpPageSchema>;
