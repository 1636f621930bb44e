import { z } from 'zod';

import { DASHBOARD_PERIODS } from './periods.js';

// Zod schemas live in this module and crm.ts only: the web imports types from them, so its bundle has no zod.

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid_date');
const id = z.coerce.number().int().positive();

/** `days` (one of the periods) or a custom `from`–`to` (both included); optional connection and queue. */
export const dashboardQuerySchema = z
  .object({
    days: z.coerce.number().int().refine((n) => (DASHBOARD_PERIODS as readonly number[]).includes(n), 'invalid_period').optional(),
    from: day.optional(),
    to: day.optional(),
    whatsappId: id.optional(),
    queueId: id.optional(),
    /** The ticket lists' switch: an admin passing `false` sees only their queues, their own and queueless tickets. */
    showAll: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
  })
  .refine((q) => (q.from === undefined) === (q.to === undefined), { message: 'from_and_to', path: ['to'] })
  .refine((q) => !(q.from && q.days), { message: 'days_or_range', path: ['days'] });
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

/** Tickets right now (not a period): counted by the kernel, under the viewer's visibility. */
export interface DashboardNow {
  waiting: number;
  attending: number;
}

export interface DashboardCards extends DashboardNow {
  created: number;
  accepted: number;
  closed: number;
  reopened: number;
  transferred: number;
  /** Company-wide (contacts belong to no queue): null for a viewer limited to some queues or with a filter. */
  newContacts: number | null;
  /** Milliseconds; null when nothing was measured in the period. */
  avgWaitMs: number | null;
  avgHandleMs: number | null;
  messagesIn: number;
  messagesOut: number;
}

export interface DashboardAgentRow {
  userId: number;
  name: string;
  accepted: number;
  closed: number;
  avgHandleMs: number | null;
  /** Tickets open with this agent now. */
  attendingNow: number;
  /** Connected to Atende now (a socket open, the PRESENCE port); moves live with `user.presence`. */
  online: boolean;
}

export interface DashboardQueueRow {
  /** null: tickets without a queue. */
  queueId: number | null;
  created: number;
  accepted: number;
  closed: number;
  avgWaitMs: number | null;
  avgHandleMs: number | null;
}

export interface DashboardFigures {
  period: { from: string; to: string; timeZone: string };
  cards: DashboardCards;
  agents: DashboardAgentRow[];
  queues: DashboardQueueRow[];
  /** Every day of the period, oldest first. */
  byDay: { day: string; created: number; closed: number }[];
  /** Hours 0–23 of the company's day, summed over the period. */
  byHour: { hour: number; created: number }[];
}
