import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import type { BillingCoins, CoinPlanChange, CoinPlanChangeResult, CoinSpend } from '@atende/plugin-billing-contract';
import { LedgerService } from './ledger.service.js';
import { PlanChangeService } from './plan-change.service.js';
import { iso, query } from './sql.js';

const SPEND_KINDS = `('extension', 'upgrade', 'downgrade')`;

/**
 * Billing's BILLING_COINS port (registered by BillingModule on start): coins and coin-paid plan
 * changes for other plugins. Every query names the company it answers for.
 */
@Injectable()
export class BillingCoinsPort implements BillingCoins {
  constructor(
    private readonly em: EntityManager,
    private readonly ledger: LedgerService,
    private readonly plans: PlanChangeService,
  ) {}

  balance(companyId: number): Promise<number> {
    return this.ledger.balance(this.em.fork(), companyId);
  }

  changePlan(payerId: number, targetId: number, actorUserId: number, change: CoinPlanChange): Promise<CoinPlanChangeResult> {
    return this.plans.apply(payerId, targetId, actorUserId, change);
  }

  async spentOn(companyId: number, targetIds: number[]): Promise<{ targetCompanyId: number; sales: number; bonus: number }[]> {
    const ids = [...new Set(targetIds)];
    if (!ids.length) return [];
    const rows = await query<{ target: number; sales: string; bonus: string }>(
      this.em.fork(),
      `select target_company_id as target,
              coalesce(sum(-delta) filter (where kind in ${SPEND_KINDS}), 0) as sales,
              coalesce(sum(delta) filter (where kind = 'bonus'), 0) as bonus
         from billing_coin_ledger
        where company_id = ? and target_company_id = any(array[?]::int[])
        group by target_company_id`,
      [companyId, ids],
    );
    return rows.map((r) => ({ targetCompanyId: Number(r.target), sales: Number(r.sales), bonus: Number(r.bonus) }));
  }

  async totals(companyId: number): Promise<{ sales: number; bonus: number }> {
    const [r] = await query<{ bonus: string; sales: string }>(
      this.em.fork(),
      `select coalesce(sum(delta) filter (where kind = 'bonus'), 0) as bonus,
              coalesce(sum(-delta) filter (where kind in ${SPEND_KINDS} and target_company_id is not null and target_company_id <> company_id), 0) as sales
         from billing_coin_ledger where company_id = ?`,
      [companyId],
    );
    return { sales: Number(r!.sales), bonus: Number(r!.bonus) };
  }

  async spends(companyId: number, limit: number): Promise<CoinSpend[]> {
    const rows = await query<{ id: string; created_at: Date; kind: CoinSpend['kind']; delta: number; description: string; target: number }>(
      this.em.fork(),
      `select id, created_at, kind, delta, description, target_company_id as target
         from billing_coin_ledger
        where company_id = ? and target_company_id <> company_id and kind in ${SPEND_KINDS}
        order by id desc limit ?`,
      [companyId, Math.min(Math.max(Math.trunc(limit), 1), 200)],
    );
    return rows.map((r) => ({ id: Number(r.id), createdAt: iso(r.created_at), kind: r.kind, coins: -r.delta, description: r.description, targetCompanyId: Number(r.target) }));
  }
}
