import { Inject, Injectable } from '@nestjs/common';
import { AppError, COMPANIES, PLANS, createExtensionPoint, type Companies, type Plans } from '@atende/sdk-server';
import { BILLING_COINS_KEY, BILLING_COINS_POINT, type BillingCoins, type CoinPlanChange, type CoinPlanChangeResult } from '@atende/plugin-billing-contract';
import type { HistoryEntry, ResellerMetrics } from '@atende/plugin-reseller-contract';

const HISTORY_LIMIT = 200;

/**
 * The reseller panel. A reseller is any company admin: its referrals are the companies that signed
 * up with its referral code (README decision), read through the COMPANIES port; coins and the plan
 * changes they pay for are billing's, reached through billing's BILLING_COINS port.
 */
@Injectable()
export class ResellerService {
  private readonly point = createExtensionPoint<BillingCoins>(BILLING_COINS_POINT);

  constructor(
    @Inject(COMPANIES) private readonly companies: Companies,
    @Inject(PLANS) private readonly plans: Plans,
  ) {}

  /** Billing offers it on start (this plugin dependsOn billing); missing only if billing failed to start. */
  private get coins(): BillingCoins {
    const coins = this.point.get(BILLING_COINS_KEY);
    if (!coins) throw new AppError('ERR_BILLING_UNAVAILABLE', 503, 'Billing is not running');
    return coins;
  }

  async metrics(companyId: number, origin: string): Promise<ResellerMetrics> {
    const me = await this.companies.get(companyId);
    if (!me) throw AppError.notFound('ERR_NO_COMPANY_FOUND');
    const referrals = await this.companies.referrals(companyId);
    const [plans, spent, totals, balance] = await Promise.all([
      this.plans.many(referrals.flatMap((r) => (r.planId ? [r.planId] : []))),
      this.coins.spentOn(companyId, referrals.map((r) => r.id)),
      this.coins.totals(companyId),
      this.coins.balance(companyId),
    ]);
    const planById = new Map(plans.map((p) => [p.id, p]));
    const byTarget = new Map(spent.map((s) => [s.targetCompanyId, s]));
    return {
      sendyCoins: balance,
      totalCoReferrals: referrals.length,
      totalBonus: totals.bonus,
      totalSales: totals.sales,
      referralLink: `${origin}/signup?ref=${encodeURIComponent(me.referralCode)}`,
      referrals: referrals.map((r) => {
        const plan = r.planId ? planById.get(r.planId) : undefined;
        return {
          id: r.id,
          name: r.name,
          email: r.email,
          plan: r.planId ? { id: r.planId, name: plan?.name ?? '', connections: plan?.connections ?? 0 } : null,
          createdAt: r.createdAt,
          dueDate: r.dueDate,
          totalSales: byTarget.get(r.id)?.sales ?? 0,
          bonus: byTarget.get(r.id)?.bonus ?? 0,
        };
      }),
    };
  }

  /** The reseller's actions on other companies, newest first (last 200; a deleted company's drop out). */
  async history(companyId: number): Promise<HistoryEntry[]> {
    const spends = await this.coins.spends(companyId, HISTORY_LIMIT);
    if (!spends.length) return [];
    const targets = new Map((await this.companies.list({ ids: [...new Set(spends.map((s) => s.targetCompanyId))] })).map((c) => [c.id, c]));
    return spends.flatMap((s) => {
      const t = targets.get(s.targetCompanyId);
      if (!t) return [];
      return [{ id: s.id, createdAt: s.createdAt, targetCompany: { id: t.id, name: t.name, email: t.email }, actionType: s.kind, sendyCoinsUsed: s.coins, description: s.description }];
    });
  }

  /** A reseller acts on its own referrals only, never on itself nor another company's (404 either way). */
  async change(resellerId: number, targetId: number, actorUserId: number, change: CoinPlanChange): Promise<CoinPlanChangeResult> {
    const target = targetId === resellerId ? null : await this.companies.get(targetId);
    if (!target || target.referredById !== resellerId) throw AppError.notFound('ERR_NO_COMPANY_FOUND');
    return this.coins.changePlan(resellerId, targetId, actorUserId, change);
  }
}
