import { z } from 'zod';

/** Ticket notes (core-operations §3, §5, §7). */

export const ticketNoteSchema = z.object({
  id: z.number().int(),
  note: z.string(),
  ticketId: z.number().int(),
  contactId: z.number().int(),
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type TicketNoteDto = z.infer<typeof ticketNoteSchema>;
export const ticketNoteInputSchema = z.object({
  note: z.string().trim().min(2, 'too_short').max(5000, 'too_long'),
  ticketId: z.number().int().positive(),
  contactId: z.number().int().positive(),
});
export const ticketNoteQuerySchema = z.object({
  ticketId: z.coerce.number().int().positive().optional(),
  contactId: z.coerce.number().int().positive(),
});
