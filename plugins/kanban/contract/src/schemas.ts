import { z } from 'zod';
import { tagSchema } from '@atende/core-contract';

/** Array filters arrive as JSON-array strings (`queueIds=[1,2]`), as the kernel's ticket list takes them. */
const idArray = z.string().transform((s, ctx) => {
  try {
    const v: unknown = JSON.parse(s);
    if (Array.isArray(v) && v.every((x) => Number.isInteger(x) && x > 0)) return v as number[];
  } catch {
    /* reported below */
  }
  ctx.addIssue({ code: 'custom', message: 'invalid_id_list' });
  return z.NEVER;
});

/** A calendar day (`2026-03-01`) in the company's time zone; a day that does not exist is refused. */
const day = z.string().refine((s) => {
  const at = /^\d{4}-\d{2}-\d{2}$/.test(s) ? new Date(`${s}T00:00:00Z`) : null;
  return !!at && !Number.isNaN(at.getTime()) && at.toISOString().startsWith(s);
}, 'invalid_date');

const positiveId = z.coerce.number().int().positive();

/**
 * GET /ticket/kanban (automation-productivity §7). `startDate`/`endDate` default to today (the company's
 * day); `showAll` counts for admins only. Paging per lane: `lane` (`none` = tickets without a kanban tag,
 * or a kanban tag's id) with `cursor` from that lane's last page; without `lane`, the first page of every
 * lane at once.
 */
export const kanbanQuerySchema = z
  .object({
    queueIds: idArray.optional(),
    showAll: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
    startDate: day.optional(),
    endDate: day.optional(),
    searchParam: z.string().trim().max(40, 'too_long').optional(),
    whatsappId: positiveId.optional(),
    lane: z.union([z.literal('none'), positiveId]).optional(),
    cursor: z.string().max(40).optional(),
  })
  .refine((q) => !q.cursor || q.lane !== undefined, { path: ['cursor'], message: 'lane_required' })
  .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, { path: ['endDate'], message: 'before_start' });
export type KanbanQuery = z.infer<typeof kanbanQuerySchema>;

/** A card (§3 "Kanban card"); `lane` is the kanban tag it sits under, null for the no-tag lane. */
export const kanbanCardSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  status: z.enum(['open', 'pending', 'closed']),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastMessage: z.string(),
  contact: z.object({ id: z.number().int(), name: z.string(), number: z.string() }),
  tags: z.array(z.object({ id: z.number().int(), name: z.string(), color: z.string() })),
  whatsappId: z.number().int(),
  queueId: z.number().int().nullable(),
  userId: z.number().int().nullable(),
  lane: z.number().int().nullable(),
});
export type KanbanCard = z.infer<typeof kanbanCardSchema>;

export const kanbanLanePageSchema = z.object({ lane: z.number().int().nullable(), hasMore: z.boolean(), cursor: z.string().nullable() });
export type KanbanLanePage = z.infer<typeof kanbanLanePageSchema>;

export const kanbanPageSchema = z.object({ tickets: z.array(kanbanCardSchema), lanes: z.array(kanbanLanePageSchema) });
export type KanbanPage = z.infer<typeof kanbanPageSchema>;

/** GET /tags/kanban: the lanes, by name, each with its ticketsCount. */
export const kanbanTagsSchema = z.object({ lista: z.array(tagSchema) });

/** What PUT /ticket-tags/{ticketId}/{tagId} and DELETE /ticket-tags/{ticketId} answer: the card's lane and tags now. */
export const ticketLaneSchema = z.object({ ticketId: z.number().int(), lane: z.number().int().nullable(), tagIds: z.array(z.number().int()) });
export type TicketLane = z.infer<typeof ticketLaneSchema>;
