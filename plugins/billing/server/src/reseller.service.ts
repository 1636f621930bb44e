import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { AppError, COMPANIES, USERS, type AuthUser, type Companies, type Users } from '@atende/sdk-server';
import { bonusFor, type AdjustCoins, type HistoryEntry, type ResellerMetrics } from '@atende/plugin-billing-contract';
import { LedgerService } from './ledger.service.js';
import { iso, isoOrNull, query } from './sql.js';
import { KernelReads } from './kernel-reads.js';

const DEFAULT_ADJUST_DESCRIPTION = 'Ajuste manual por superadministrador';

/**
 * The reseller panel, bonuses and the super user's coin adjustment. A reseller is any company admin:
 * its referrals are the companies that signed up with its referral code (README decision).
 */
@Injectable()
export class ResellerService {
  constructor(
    private readonly em: EntityManager,
    private readonly ledger: LedgerService,
    private readonly reads: KernelReads,
    @Inject(COMPANIES) private readonly companies: Companies,
    @Inject(USERS) private readonly users: Users,
  ) {}

  async metrics(companyId: number, origin: string): Promise<ResellerMetrics> {
    const me = await this.reads.company(companyId);
    if (!me) throw AppError.notFound('ERR_NO_COMPANY_FOUND');
    // The referrals and their plans come from the kernel's ports; what was sold to each, from the ledger.
    const refs = await this.reads.withPlans(await this.companies.referrals(companyId));
    const perTarget = refs.length
      ? await query<{ target: number; sales: string; bonus: string }>(
          this.em,
          `select target_company_id as target,
                  coalesce(sum(-delta) filter (where kind in ('extension', 'upgrade', 'downgrade')), 0) as sales,
                  coalesce(sum(delta) filter (where kind = 'bonus'), 0) as bonus
             from billing_coin_ledger
            where company_id = ? and target_company_id = any(array[?]::int[])
            group by target_company_id`,
          [companyId, refs.map((r) => r.id)],
        )
      : [];
    const byTarget = new Map(perTarget.map((r) => [Number(r.target), r]));
    const referrals = refs.map((r) => ({ ...r, sales: byTarget.get(r.id)?.sales ?? '0', bonus: byTarget.get(r.id)?.bonus ?? '0' }));
    const [totals] = await query<{ bonus: string; sales: string }>(
      this.em,
      `select coalesce(sum(delta) filter (where kind = 'bonus'), 0) as bonus,
              coalesce(sum(-delta) filter (where kind in ('extension', 'upgrade', 'downgrade') and target_company_id is not null and target_company_id <> company_id), 0) as sales
         from billing_coin_ledger where company_id = ?`,
      [companyId],
    );
    return {
      sendyCoins: await this.ledger.balance(this.em, companyId),
      totalCoReferrals: referrals.length,
      totalBonus: Number(totals.bonus),
      totalSales: Number(totals.sales),
      referralLink: `${origin}/signup?ref=${encodeURIComponent(me.referral_code)}`,
      referrals: referrals.map((r) => ({
        id: r.id,
        name: r.name,
        email: r.email,
        plan: r.plan_id ? { id: r.plan_id, name: r.plan_name ?? '', connections: r.connections ?? 0 } : null,
        createdAt: iso(r.created_at),
        dueDate: isoOrNull(r.due_date),
        totalSales: Number(r.sales),
        bonus: Number(r.bonus),
      })),
    };
  }

  /** The reseller's actions on its referrals, newest first (last 200). */
  async history(companyId: number): Promise<HistoryEntry[]> {
    const rows = await query<{ id: string; created_at: Date; kind: HistoryEntry['actionType']; delta: number; description: string; tid: number }>(
      this.em,
      `select l.id, l.created_at, l.kind, l.delta, l.description, l.target_company_id as tid
         from billing_coin_ledger l
        where l.company_id = ? and l.target_company_id <> l.company_id and l.kind in ('extension', 'upgrade', 'downgrade')
        order by l.id desc limit 200`,
      [companyId],
    );
    // The targets' names and e-mails through the COMPANIES port (a deleted company's rows drop out).
    const targets = new Map((rows.length ? await this.companies.list({ ids: [...new Set(rows.map((r) => Number(r.tid)))] }) : []).map((c) => [c.id, c]));
    return rows.flatMap((r) => {
      const t = targets.get(Number(r.tid));
      return t ? [{ ...r, t }] : [];
    }).map((r) => ({
      id: Number(r.id),
      createdAt: iso(r.created_at),
      targetCompany: { id: r.t.id, name: r.t.name, email: r.t.email },
      actionType: r.kind,
      sendyCoinsUsed: -r.delta,
      description: r.description,
    }));
  }

  /**
   * Bonus rule (README): a company earns BONUS_PERCENT % (rounded down) of the coins each of its direct
   * referrals spends extending the plan of that referral's own referrals. Each such spend pays at most
   * one bonus (the bonus row names it, unique), so running it twice or on two servers awards once.
   */
  async processBonuses(): Promise<{ processedCompanies: number; totalCoinsAwarded: number }> {
    const spends = await query<{ id: string; delta: number; spender: number }>(
      this.em.fork(),
      `select l.id, l.delta, l.company_id as spender
         from billing_coin_ledger l
        where l.kind = 'extension' and l.delta < 0 and l.target_company_id is not null and l.target_company_id <> l.company_id
          and not exists (select 1 from billing_coin_ledger b where b.source_ledger_id = l.id)
        order by l.id`,
    );
    // Who referred each spender: the COMPANIES port. A spender nobody referred pays no bonus.
    const spenders = spends.length ? await this.companies.list({ ids: [...new Set(spends.map((x) => Number(x.spender)))] }) : [];
    const referrer = new Map(spenders.map((c) => [c.id, c.referredById]));
    const pending = spends.flatMap((x) => {
      const beneficiary = referrer.get(Number(x.spender));
      return beneficiary ? [{ ...x, spender: Number(x.spender), beneficiary }] : [];
    });
    const companies = new Set<number>();
    let total = 0;
    for (const spend of pending) {
      const coins = bonusFor(-spend.delta);
      if (coins <= 0) continue;
      try {
        await this.em.fork().transactional((tx) =>
          this.ledger.move(tx, {
            companyId: spend.beneficiary,
            delta: coins,
            kind: 'bonus',
            targetCompanyId: spend.spender,
            sourceLedgerId: Number(spend.id),
            description: `Bonus por extensión #${spend.id}`,
          }),
        );
      } catch (e) {
        if ((e as { code?: string }).code === '23505' || /unique|duplicate/i.test(String((e as Error).message))) continue;
        throw e;
      }
      companies.add(spend.beneficiary);
      total += coins;
    }
    return { processedCompanies: companies.size, totalCoinsAwarded: total };
  }

  async bonusStats(): Promise<{ totalCompaniesWithBonus: number; totalBonusActions: number }> {
    const [r] = await query<{ companies: string; coins: string }>(
      this.em,
      `select count(distinct company_id) as companies, coalesce(sum(delta), 0) as coins from billing_coin_ledger where kind = 'bonus'`,
    );
    return { totalCompaniesWithBonus: Number(r.companies), totalBonusActions: Number(r.coins) };
  }

  /** The super user adds (or takes, never below 0) coins to the company of a user (§7 adjust-coins). */
  async adjust(actor: AuthUser, body: AdjustCoins): Promise<{ message: string; companyId: number; balance: number }> {
    const found = body.userId ? await this.users.get(body.userId) : await this.users.byEmail(body.userEmail ?? '');
    if (!found) throw AppError.notFound('ERR_NO_USER_FOUND');
    const user = { company_id: found.companyId, email: found.email };
    if (body.userEmail && body.userEmail.toLowerCase() !== user.email.toLowerCase()) throw AppError.validation([{ path: 'userEmail', message: 'does_not_match_user' }]);
    const { balance } = await this.em.fork().transactional((tx) =>
      this.ledger.move(tx, {
        companyId: user.company_id,
        delta: body.coinsAdjustment,
        kind: 'adjustment',
        actorUserId: actor.id,
        description: body.description || DEFAULT_ADJUST_DESCRIPTION,
      }),
    );
    return { message: 'Acciones ajustadas exitosamente', companyId: user.company_id, balance };
  }
}
