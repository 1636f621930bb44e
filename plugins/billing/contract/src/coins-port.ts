/**
 * What billing offers other plugins (issue 29 item 4): a company's coins and the plan changes they
 * pay for. Billing registers its implementation on the extension point `BILLING_COINS_POINT` under
 * the key `BILLING_COINS_KEY` when it starts; a plugin that `dependsOn: ['billing']` reads it with
 * `createExtensionPoint<BillingCoins>(BILLING_COINS_POINT).get(BILLING_COINS_KEY)` (the reseller
 * plugin does, as a third party's would). Server-side only; no HTTP route is involved.
 */
export const BILLING_COINS_POINT = 'billing.coins';
export const BILLING_COINS_KEY = 'billing';

/** A plan change paid with coins (§9 prices): extend N months, or move to an offered plan. */
export type CoinPlanChange = { mode: 'extension'; months: number } | { mode: 'upgrade' | 'downgrade'; newPlanId: number };

export interface CoinPlanChangeResult {
  /** The text the user sees (es, the spec's wording). */
  message: string;
  coinsUsed: number;
  /** The target company's due date after the change (ISO), or null without one. */
  dueDate: string | null;
  /** The payer's balance after the debit. */
  balance: number;
}

/** One coin spend of a payer on another company (newest first in `spends`). */
export interface CoinSpend {
  id: number;
  createdAt: string;
  kind: 'extension' | 'upgrade' | 'downgrade';
  /** Coins debited (positive). */
  coins: number;
  description: string;
  targetCompanyId: number;
}

export interface BillingCoins {
  /** The company's coin balance (0 without an account). */
  balance(companyId: number): Promise<number>;
  /**
   * `payerId` pays `change` on `targetId`'s plan with its coins, under billing's rules (prices, offered
   * plans, no change while a payment is in review, never below 0 coins: 400 ERR_INSUFFICIENT_COINS).
   * A company pays only for itself or for a company it referred (404 ERR_NO_COMPANY_FOUND otherwise),
   * checked by billing under the target's lock; the ledger row names the target.
   */
  changePlan(payerId: number, targetId: number, actorUserId: number, change: CoinPlanChange): Promise<CoinPlanChangeResult>;
  /** What `companyId` spent on each of `targetIds` and the bonus it earned from each (absent: 0 and 0). */
  spentOn(companyId: number, targetIds: number[]): Promise<{ targetCompanyId: number; sales: number; bonus: number }[]>;
  /** All `companyId` spent on other companies, and all the bonus it earned. */
  totals(companyId: number): Promise<{ sales: number; bonus: number }>;
  /** `companyId`'s spends on other companies, newest first, at most `limit` (≤ 200). */
  spends(companyId: number, limit: number): Promise<CoinSpend[]>;
}
