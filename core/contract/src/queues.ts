import { z } from 'zod';
import { handlerBindingInput, handlerBindingOutput, scheduleEntrySchema } from './common.js';
import { partialUpdate } from './partial-update.js';

/** Queues (core-operations §3). */

export const queueSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  greetingMessage: z.string(),
  outOfHoursMessage: z.string(),
  orderQueue: z.number().int().nullable(),
  schedules: z.array(scheduleEntrySchema),
  ...handlerBindingOutput,
});
export type Queue = z.infer<typeof queueSchema>;
export const queueInputSchema = z.object({
  name: z.string().trim().min(2, 'too_short').max(50, 'too_long'),
  color: z.string().trim().min(3, 'too_short').max(9, 'too_long'),
  greetingMessage: z.string().max(5000).default(''),
  outOfHoursMessage: z.string().max(5000).default(''),
  orderQueue: z.number().int().min(0).max(10000).nullable().default(null),
  schedules: z.array(scheduleEntrySchema).max(7).default([]),
  ...handlerBindingInput,
});
export type QueueInput = z.input<typeof queueInputSchema>;
export const queueUpdateSchema = partialUpdate(queueInputSchema);

/** Id, name and colour of a queue (GET /queue/names, for the transfer modal). */
export const queueNameSchema = queueSchema.pick({ id: true, name: true, color: true });
