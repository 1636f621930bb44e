import { RECURRENCE_MONTHS, UPGRADE_MIN_DAYS, daysToDue, type Recurrence } from '@atende/plugin-billing-contract';

export const months = (r: string) => RECURRENCE_MONTHS[r as Recurrence] ?? 1;
const round2 = (v: number) => Math.round(v * 100) / 100;

/** What settlement needs of an invoice to price it. */
export interface PricedInvoice {
  kind: 'renewal' | 'upgrade';
  value: string;
  requested_plan_id: number | null;
  upgrade_days: number;
  upgrade_value: string;
  grace_from: Date | string | null;
  grace_until: Date | string | null;
}

/**
 * The due date a price difference runs to: the company's, except that a grace given for this invoice's
 * review does not count (the date it replaced does), so two days of grace never cost two more days.
 */
export function differenceDue(current: Date | string | null, inv: Pick<PricedInvoice, 'grace_from' | 'grace_until'>): Date | string | null {
  const graced = current !== null && inv.grace_until !== null && new Date(current).getTime() === new Date(inv.grace_until).getTime();
  return graced ? inv.grace_from : current;
}

/**
 * What settling an invoice costs now (issue 27 item 2, issue 38 item 13):
 * - an upgrade, or a checkout that requested another plan, was priced at checkout (the plan's price then,
 *   and a difference per day for the days left); if the due date moved later since (days were added),
 *   those days are billed too at the same daily difference — the bigger plan is never used unpaid;
 * - otherwise the plan current at settlement, never less than the invoice (a plan changed since the
 *   payment was sent is billed at its own price, not the old one).
 */
export function billedValue(inv: PricedInvoice, company: { plan_id: number | null; plan_value: string | null; recurrence: string; due_date: Date | string | null }, now = new Date()): number {
  const value = Number(inv.value);
  const perDay = inv.upgrade_days > 0 ? Number(inv.upgrade_value) / inv.upgrade_days : 0;
  const daysLeft = daysToDue(differenceDue(company.due_date, inv), now);
  if (inv.kind === 'upgrade') return Math.max(value, round2(perDay * Math.max(UPGRADE_MIN_DAYS, daysLeft)));
  if (inv.requested_plan_id !== null && inv.requested_plan_id !== company.plan_id) {
    return Math.max(value, round2(value - Number(inv.upgrade_value) + perDay * daysLeft));
  }
  return Math.max(value, Number(company.plan_value ?? 0) * months(company.recurrence));
}
