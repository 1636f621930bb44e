import { RECURRENCE_MONTHS, addMonths, type Recurrence } from '@atende/plugin-billing-contract';

const months = (r: string) => RECURRENCE_MONTHS[r as Recurrence] ?? 1;

/**
 * The due date a paid invoice gives: from the later of the company's current due date (an unused grace
 * of this invoice does not count: the grace_from it replaced does) and the invoice's due date, plus the
 * recurrence; never earlier than the current due date (a coin extension bought meanwhile is kept).
 */
export function renewedDueDate(
  current: Date | string | null,
  inv: { due_date: Date | string; grace_from: Date | string | null; grace_until: Date | string | null },
  recurrence: string,
): Date {
  const t = (v: Date | string | null) => (v === null ? -Infinity : new Date(v).getTime());
  const graced = inv.grace_until !== null && t(current) === t(inv.grace_until);
  const base = Math.max(graced ? t(inv.grace_from) : t(current), t(inv.due_date));
  const next = addMonths(new Date(base), months(recurrence));
  return next.getTime() < t(current) ? new Date(t(current)) : next;
}
