/**
 * The commercial rules of commercial-admin §4 and §9, shared by the server (which charges) and the
 * web (which shows the price before confirming). Pure functions: no zod, no I/O.
 */
export const RECURRENCE_MONTHS = { MENSAL: 1, BIMESTRAL: 2, TRIMESTRAL: 3, SEMESTRAL: 6, ANUAL: 12 } as const;
export type Recurrence = keyof typeof RECURRENCE_MONTHS;

/** Days of extra use granted when a payment is sent to review (§1 "2 extra days"; README decision). */
export const GRACE_DAYS = 2;
/** An invoice is generated this many days before the company's due date (README decision). */
export const INVOICE_LEAD_DAYS = 10;
/** Extend: months 1 to 12 (§5). */
export const EXTEND_MONTHS = { min: 1, max: 12 } as const;
/** Coins per connection per month of extension (§9). */
export const EXTEND_COINS_PER_CONNECTION_MONTH = 30;
/** Reseller bonus: this percentage of the coins a referral spends extending its own referrals (README rule). */
export const BONUS_PERCENT = 10;
/** The plan chip warns at this many days or fewer (§4). */
export const EXPIRING_SOON_DAYS = 5;

const DAY_MS = 86_400_000;

/** Adds calendar months in UTC, clamping the day (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(iso: string | Date, months: number): Date {
  const d = new Date(iso);
  const day = d.getUTCDate();
  const r = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds()));
  const last = new Date(Date.UTC(r.getUTCFullYear(), r.getUTCMonth() + 1, 0)).getUTCDate();
  r.setUTCDate(Math.min(day, last));
  return r;
}

/** Extend cost: 30 × connections of the current plan × months (§9). */
export function extendCost(connections: number, months: number): number {
  return EXTEND_COINS_PER_CONNECTION_MONTH * Math.max(0, connections) * months;
}

/** Days to the due date rounded up (0 when it has passed). */
export function daysToDue(dueDate: string | Date | null, now: Date = new Date()): number {
  if (!dueDate) return 0;
  return Math.max(0, Math.ceil((new Date(dueDate).getTime() - now.getTime()) / DAY_MS));
}

/**
 * An upgrade is charged for at least this many days (issue 27: a due date reached today must not make the
 * bigger plan free). An expired company cannot upgrade at all: it renews first.
 */
export const UPGRADE_MIN_DAYS = 1;

/**
 * Upgrade cost: ceil(days from max(now, due date)) × connection difference (one coin per day per
 * connection, §9), never under UPGRADE_MIN_DAYS days; 0 only when the difference is not positive.
 */
export function upgradeCost(dueDate: string | Date | null, fromConnections: number, toConnections: number, now: Date = new Date()): number {
  return Math.max(0, Math.max(UPGRADE_MIN_DAYS, daysToDue(dueDate, now)) * (toConnections - fromConnections));
}

/**
 * Days per month in the per-day prices: the coin rules already count 30 coins per connection-month and
 * one per connection-day, so paying a plan change with money uses the same month.
 */
export const DAYS_PER_MONTH = 30;

/**
 * What a bigger plan costs in money for `days` days (issue 38 item 13): the monthly price difference
 * per day × days, rounded to cents; 0 when the new plan does not cost more.
 */
export function priceDifference(days: number, fromMonthly: number, toMonthly: number): number {
  const diff = toMonthly - fromMonthly;
  if (!(diff > 0) || !(days > 0)) return 0;
  return Math.round((days * diff * 100) / DAYS_PER_MONTH) / 100;
}

/**
 * Upgrade paid with money: the coin upgrade's days (ceil(days from max(now, due date)), at least
 * UPGRADE_MIN_DAYS) × the monthly price difference per day.
 */
export function upgradePrice(dueDate: string | Date | null, fromMonthly: number, toMonthly: number, now: Date = new Date()): { days: number; value: number } {
  const days = Math.max(UPGRADE_MIN_DAYS, daysToDue(dueDate, now));
  return { days, value: priceDifference(days, fromMonthly, toMonthly) };
}

/**
 * A renewal's checkout that picks a more expensive plan: the plan applies when the invoice is settled,
 * which can be before the period it renews starts (the current due date), so the invoice also carries
 * the difference for the days left until then (0 when the due date has passed: the renewed period
 * starts at it and already covers today).
 */
export function renewalWithPlan(dueDate: string | Date | null, fromMonthly: number, toMonthly: number, months: number, now: Date = new Date()): { planValue: number; days: number; difference: number; total: number } {
  const planValue = Math.round(toMonthly * months * 100) / 100;
  const days = toMonthly > fromMonthly ? daysToDue(dueDate, now) : 0;
  const difference = priceDifference(days, fromMonthly, toMonthly);
  return { planValue, days: difference > 0 ? days : 0, difference, total: Math.round((planValue + difference) * 100) / 100 };
}

/** Downgrade is free (§9). */
export const downgradeCost = (): number => 0;

/** The reseller bonus of a spend (README rule): floor of BONUS_PERCENT %, nothing under 1 coin. */
export function bonusFor(coinsSpent: number): number {
  return Math.floor((coinsSpent * BONUS_PERCENT) / 100);
}

/** Whether an unpaid invoice is overdue: its due date is before today. */
export function isOverdue(status: string, dueDate: string, now: Date = new Date()): boolean {
  return status !== 'paid' && new Date(dueDate).getTime() < now.getTime();
}

/** The platform settings the plugin declares (global, super user): checkout payment data and the webhook secret. */
export const BILLING_SETTING_KEYS = {
  qr: 'billing.payment_qr',
  key: 'billing.payment_key',
  instructions: 'billing.payment_instructions',
  support: 'billing.support_whatsapp',
  webhookSecret: 'billing.webhook_secret',
} as const;
