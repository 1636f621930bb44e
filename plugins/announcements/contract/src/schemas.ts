import { z } from 'zod';

// Apart from index.ts (as in the helps contract): the web remote uses these as types only, so it does
// not bundle zod.

/** 1 high, 2 medium, 3 low (commercial-admin §3). */
export const PRIORITIES = [1, 2, 3] as const;

export const announcementSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  text: z.string(),
  priority: z.number().int(),
  status: z.boolean(),
  /** Where the image is read (`/announcements/{id}/media`, behind sign-in), or null without one. */
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Announcement = z.infer<typeof announcementSchema>;

const titleSchema = z.string().trim().min(1, 'required').max(150, 'too_long');
const textSchema = z.string().trim().min(1, 'required').max(5000, 'too_long');
const prioritySchema = z.number().int().min(1, 'invalid_priority').max(3, 'invalid_priority');

/** POST: title and text required; priority 3 (low) and status active by default (commercial-admin §9). */
export const announcementInputSchema = z.object({
  title: titleSchema,
  text: textSchema,
  priority: prioritySchema.default(3),
  status: z.boolean().default(true),
});
/** PUT: partial, an omitted field keeps its value. */
export const announcementUpdateSchema = z.object({
  title: titleSchema.optional(),
  text: textSchema.optional(),
  priority: prioritySchema.optional(),
  status: z.boolean().optional(),
});
export type AnnouncementInput = z.input<typeof announcementInputSchema>;
export type AnnouncementUpdate = z.infer<typeof announcementUpdateSchema>;

export const announcementListQuerySchema = z.object({
  searchParam: z.string().trim().max(100).default(''),
  pageNumber: z.coerce.number().int().min(1).max(10000).default(1),
});

export const announcementPageSchema = z.object({ records: z.array(announcementSchema), count: z.number().int(), hasMore: z.boolean() });
export type AnnouncementPage = z.infer<typeof announcementPageSchema>;
