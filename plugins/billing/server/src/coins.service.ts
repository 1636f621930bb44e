import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { AppError, COMPANIES, USERS, type AuthUser, type Companies, type Users } from '@atende/sdk-server';
import { bonusFor, type AdjustCoins } from '@atende/plugin-billing-contract';
import { LedgerService } from './ledger.service.js';
import { query } from './sql.js';

const DEFAULT_ADJUST_DESCRIPTION = 'Ajuste manual por superadministrador';

/**
 * Bonuses and the super user's coin adjustment. The referral panel is the reseller plugin's (it
 * spends coins through BILLING_COINS, billing-coins.port.ts).
 */
@Injectable()
export class CoinsService {
  constructor(
    private readonly em: EntityManager,
    private readonly ledger: LedgerService,
    @Inject(COMPANIES) private readonly companies: Companies,
    @Inject(USERS) private readonly users: Users,
  ) {}

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
