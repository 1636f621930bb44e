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
