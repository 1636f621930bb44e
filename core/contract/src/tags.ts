import { z } from 'zod';
import { partialUpdate } from './partial-update.js';

/** Tags (core-operations §3, §5, §7). */

export const tagSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  kanban: z.union([z.literal(0), z.literal(1)]),
  ticketsCount: z.number().int(),
});
export type TagDto = z.infer<typeof tagSchema>;
export const tagInputSchema = z.object({
  name: z.string().trim().min(3, 'too_short').max(60, 'too_long'),
  color: z.string().trim().regex(/^#[0-9a-fA-F]{3,8}$/, 'invalid_color').default('#A4CCCC'),
  kanban: z.union([z.literal(0), z.literal(1)]).default(0),
});
export const tagUpdateSchema = partialUpdate(tagInputSchema);
export const tagPageSchema = z.object({ tags: z.array(tagSchema), hasMore: z.boolean() });
export const tagSyncSchema = z.object({
  ticketId: z.number().int().positive(),
  tags: z.array(z.object({ id: z.number().int().positive() })).max(50),
});
