import { RECURRENCE_MONTHS, type Recurrence } from '@atende/core-contract';

/**
 * The due date the Expire button will set, to show it before asking (issue 36 item 9): the current due date
 * (today without one) moved forward by the recurrence, keeping the day of month clamped to the month's
 * length — the rule of the server's advanceDueDate.
 */
export function advancedDueDate(dueDate: string | null, recurrence: Recurrence, now: Date = new Date()): Date {
  const d = dueDate ? new Date(dueDate) : new Date(now);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + RECURRENCE_MONTHS[recurrence]);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}
