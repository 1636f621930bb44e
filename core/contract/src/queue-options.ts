import { z } from 'zod';
import { partialUpdate } from './partial-update.js';

/** The queue options tree (core-operations §3). */

export const queueOptionSchema = z.object({
  id: z.number().int(),
  queueId: z.number().int(),
  parentId: z.number().int().nullable(),
  title: z.string(),
  message: z.string(),
  option: z.string(),
});
export type QueueOptionDto = z.infer<typeof queueOptionSchema>;
export const queueOptionInputSchema = z.object({
  queueId: z.number().int().positive(),
  parentId: z.number().int().positive().nullable().default(null),
  title: z.string().trim().min(1, 'required').max(100, 'too_long'),
  message: z.string().max(5000).default(''),
  /** The number the customer types: a number or a numeric string (the reference client sends either). */
  option: z
    .union([z.number().int().min(0).max(999), z.string().trim().regex(/^\d{1,3}$/, 'invalid_option')])
    .transform((v) => String(v)),
});
export const queueOptionUpdateSchema = partialUpdate(queueOptionInputSchema);
/** `parentId=-1` lists the roots (the spec's convention). */
export const queueOptionQuerySchema = z.object({
  queueId: z.coerce.number().int().positive(),
  parentId: z.coerce.number().int().min(-1).default(-1),
});
