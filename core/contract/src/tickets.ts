import { z } from 'zod';

/** Tickets (core-operations §3, §4, §6, §7). */

export const contactSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  number: z.string(),
  profilePicUrl: z.string(),
});

export const TICKET_STATUSES = ['pending', 'open', 'closed'] as const;

export const ticketSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  status: z.enum(TICKET_STATUSES),
  contactId: z.number().int(),
  contact: contactSummarySchema,
  whatsappId: z.number().int(),
  queueId: z.number().int().nullable(),
  queue: z.object({ id: z.number().int(), name: z.string(), color: z.string() }).nullable(),
  userId: z.number().int().nullable(),
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  unreadMessages: z.number().int(),
  lastMessage: z.string(),
  isGroup: z.boolean(),
  tags: z.array(z.object({ id: z.number().int(), name: z.string(), color: z.string() })),
  /**
   * An automation is answering the ticket (core-operations §3/§4): the AI prompt (`promptId`) or the
   * queue integration (`integrationId`) it answers with. Closing, returning, accepting or transferring
   * turns them off.
   */
  useIntegration: z.boolean(),
  promptId: z.number().int().nullable(),
  integrationId: z.number().int().nullable(),
  updatedAt: z.string(),
  createdAt: z.string(),
});
export type TicketDto = z.infer<typeof ticketSchema>;

/** Array filters arrive as JSON-array strings (`queueIds=[1,2]`), as the reference client sends them. */
const idArray = z
  .string()
  .transform((s, ctx) => {
    try {
      const v: unknown = JSON.parse(s);
      if (Array.isArray(v) && v.every((x) => Number.isInteger(x) && x > 0)) return v as number[];
    } catch {
      /* reported below */
    }
    ctx.addIssue({ code: 'custom', message: 'invalid_id_list' });
    return z.NEVER;
  });
const flag = z.enum(['true', 'false']).transform((v) => v === 'true');

/** A calendar day (`2026-03-01`), taken in the company's time zone (BUSINESS_TIMEZONE). */
const day = z.string().refine((s) => {
  // Date.parse rolls 2026-02-30 over to March; a real day prints back as itself.
  const at = /^\d{4}-\d{2}-\d{2}$/.test(s) ? new Date(`${s}T00:00:00Z`) : null;
  return !!at && !Number.isNaN(at.getTime()) && at.toISOString().startsWith(s);
}, 'invalid_date');

/**
 * GET /tickets: 40 tickets a page, newest activity first, and whether more follow. Every filter narrows
 * (AND). `queueIds` keeps tickets of those queues (queueless ones are then left out, except in the waiting
 * list of a viewer allowed them: allTicket enabled, or an admin with show-all off); `tags` keeps
 * tickets carrying ANY of those tags; `users` tickets assigned to any of those users; `date` tickets
 * created on that day and `updatedAt` tickets updated on that day; `searchParam` matches contact name,
 * number or (from 3 characters) the text of any message of the ticket, in any status unless `status` is given.
 * `showAll` (admins only; ignored for others) shows every ticket of the company; off, an admin sees their
 * queues', their own and queueless tickets.
 */
export const ticketListQuerySchema = z.object({
  status: z.enum(TICKET_STATUSES).optional(),
  pageNumber: z.coerce.number().int().min(1).max(100000).default(1),
  searchParam: z.string().trim().max(100).default(''),
  queueIds: idArray.optional(),
  tags: idArray.optional(),
  users: idArray.optional(),
  date: day.optional(),
  updatedAt: day.optional(),
  /** Admins only (ignored for others); omitted counts as on, so API clients that never send it see every ticket. */
  showAll: flag.optional(),
  withUnreadMessages: flag.default(false),
  /**
   * Keyset paging (issue 13 item 3): the `nextCursor` of the previous page. Page 200 then costs what
   * page 1 costs (no OFFSET walk) and a ticket moving up meanwhile is neither repeated nor skipped.
   * Given, it replaces `pageNumber`.
   */
  cursor: z
    .string()
    .regex(/^\d{1,17}\.\d{1,10}$/, 'invalid_cursor')
    .refine((c) => Number(c.split('.')[1]) <= 2_147_483_647, 'invalid_cursor')
    .optional(),
});
export type TicketListQuery = z.infer<typeof ticketListQuerySchema>;

/** GET /tickets/count: the header counts of the waiting and in-progress lists, with the list's visibility. */
export const ticketCountQuerySchema = z.object({
  status: z.enum(['pending', 'open']),
  queueIds: idArray.optional(),
  showAll: flag.optional(),
});
export const ticketCountSchema = z.object({ count: z.number().int() });

export const ticketCreateSchema = z.object({
  contactId: z.number().int().positive(),
  queueId: z.number().int().positive().nullable().optional(),
  whatsappId: z.number().int().positive().optional(),
  userId: z.number().int().positive().optional(),
  status: z.enum(['open', 'pending']).default('open'),
});
/** `nextCursor`: where the next page starts (null on the last page); send it back as `cursor`. */
export const ticketPageSchema = z.object({ tickets: z.array(ticketSchema), hasMore: z.boolean(), nextCursor: z.string().nullable() });
/**
 * `details.ticket` of a 409 ERR_OTHER_OPEN_TICKET: enough to open it (id, uuid) or to say who has it
 * (agent and queue) — not the ticket's contents, which the caller may not be allowed to see.
 */
export const otherOpenTicketSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  queue: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type OtherOpenTicket = z.infer<typeof otherOpenTicketSchema>;

/**
 * Accept/return/resolve/reopen send `status` (and `userId`); a transfer sends `queueId` (and `userId`,
 * `whatsappId`, and the screen's `status`) — core-operations §4/§7.
 */
export const ticketUpdateSchema = z.object({
  status: z.enum(TICKET_STATUSES).optional(),
  userId: z.number().int().positive().nullable().optional(),
  queueId: z.number().int().positive().nullable().optional(),
  whatsappId: z.number().int().positive().optional(),
  /**
   * The automation marker (core-operations §7): `useIntegration` false (or a null id) turns it off; an id
   * names a record of the plugin that answers to that field (a prompt, an integration) and turns it on.
   */
  useIntegration: z.boolean().optional(),
  promptId: z.number().int().positive().nullable().optional(),
  integrationId: z.number().int().positive().nullable().optional(),
});
