import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import { AppError } from '@atende/sdk-server';
import { query } from './sql.js';

/**
 * The most coins an account may hold: balances are int4 and a single move is at most 10^8 (the
 * adjustment schema), so `balance + delta` never overflows (an overflow would be a 500, not a refusal).
 */
export const MAX_COIN_BALANCE = 1_000_000_000;

export type LedgerKind = 'opening' | 'adjustment' | 'extension' | 'upgrade' | 'downgrade' | 'bonus';

export interface LedgerMove {
  companyId: number;
  delta: number;
  kind: LedgerKind;
  targetCompanyId?: number | null;
  sourceLedgerId?: number | null;
  actorUserId?: number | null;
  description?: string;
}

/**
 * Coins (Acciones) of a company: one account row per company and one ledger row per change. A move is
 * one conditional UPDATE (`balance + delta >= 0`): concurrent spends serialise on the account row and
 * the one that would overdraw updates nothing (400 ERR_INSUFFICIENT_COINS). Call inside a transaction
 * (`em` is the transaction's) so the ledger row commits with the balance.
 */
@Injectable()
export class LedgerService {
  async move(em: EntityManager, m: LedgerMove): Promise<{ ledgerId: number; balance: number }> {
    const balance = await this.apply(em, m.companyId, m.delta);
    return { ledgerId: await this.record(em, m, balance), balance };
  }

  /**
   * The balance change alone (the account row stays locked until the transaction ends). A spend on a
   * company without an account touches nothing, so it takes no lock on the kernel's company row either:
   * a caller may then change that company through the COMPANIES port (which locks it) and `record` after.
   */
  async apply(em: EntityManager, companyId: number, delta: number): Promise<number> {
    if (!Number.isInteger(delta) || Math.abs(delta) > MAX_COIN_BALANCE) throw AppError.validation([{ path: 'coins', message: 'integer_required' }]);
    if (delta > 0) await query(em, `insert into billing_coin_accounts (company_id, balance) values (?, 0) on conflict (company_id) do nothing`, [companyId]);
    const [acc] = await query<{ balance: number }>(
      em,
      `update billing_coin_accounts set balance = balance + ? where company_id = ? and balance + ? >= 0 and balance + ? <= ? returning balance`,
      [delta, companyId, delta, delta, MAX_COIN_BALANCE],
    );
    if (acc) return acc.balance;
    const [cur] = await query<{ balance: number }>(em, `select balance from billing_coin_accounts where company_id = ?`, [companyId]);
    if (!cur && delta === 0) return 0;
    if (delta > 0) throw new AppError('ERR_COINS_LIMIT', 400, `El saldo no puede superar ${MAX_COIN_BALANCE} acciones.`, { max: MAX_COIN_BALANCE, balance: cur?.balance ?? 0 });
    throw new AppError('ERR_INSUFFICIENT_COINS', 400, `Acciones insuficientes. Necesitas ${-delta}, pero solo tienes ${cur?.balance ?? 0}.`, {
      required: -delta,
      balance: cur?.balance ?? 0,
    });
  }

  /** The ledger row of a change `apply` made, in the same transaction. */
  async record(em: EntityManager, m: LedgerMove, balance: number): Promise<number> {
    const [row] = await query<{ id: string }>(
      em,
      `insert into billing_coin_ledger (company_id, delta, balance_after, kind, target_company_id, source_ledger_id, actor_user_id, description)
       values (?, ?, ?, ?, ?, ?, ?, ?) returning id`,
      [m.companyId, m.delta, balance, m.kind, m.targetCompanyId ?? null, m.sourceLedgerId ?? null, m.actorUserId ?? null, (m.description ?? '').slice(0, 255)],
    );
    return Number(row.id);
  }

  async balance(em: EntityManager, companyId: number): Promise<number> {
    const [acc] = await query<{ balance: number }>(em, `select balance from billing_coin_accounts where company_id = ?`, [companyId]);
    return acc?.balance ?? 0;
  }
}
