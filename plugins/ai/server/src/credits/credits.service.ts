import { Inject, Injectable } from '@nestjs/common';
import { AppError, COMPANIES, PLUGIN_CONTEXT, TENANCY, type Companies, type PluginContext, type Tenancy } from '@atende/sdk-server';
import type { CreditOperation } from '@atende/plugin-ai-contract';
import { CreditUsageEntity } from '../entities.js';
import { COST_DEFAULTS, costKey, type CostName } from '../settings.js';
import { COST_NAMES } from './costs.js';

/** What one AI operation spends and on what. */
export interface Spend {
  operation: CreditOperation;
  amount: number;
  ticketId?: number | null;
  userId?: number | null;
  detail?: string | null;
}

export const insufficientCredits = (needed: number, balance: number) =>
  new AppError('ERR_INSUFFICIENT_CREDITS', 400, `Créditos insuficientes. Necesitas ${needed} créditos, pero solo tienes ${balance}.`, [
    { path: 'credits', message: 'insufficient', needed, balance },
  ]);

/**
 * The company's credits (its `creditos`, set by the super user) and the plugin's ledger. Every AI
 * operation spends before it calls the provider: the debit (one conditional update, never below zero)
 * and its usage row commit together; a provider failure refunds both in one more transaction.
 */
@Injectable()
export class CreditsService {
  constructor(
    @Inject(COMPANIES) private readonly companies: Companies,
    @Inject(TENANCY) private readonly tenancy: Tenancy,
    @Inject(PLUGIN_CONTEXT) private readonly plugin: PluginContext,
  ) {}

  async balance(companyId: number): Promise<number> {
    return (await this.companies.get(companyId))?.credits ?? 0;
  }

  async costs(): Promise<Record<CostName, number>> {
    const values = await Promise.all(COST_NAMES.map(async (n) => [n, Number(await this.plugin.settings.global(costKey(n))) || COST_DEFAULTS[n]] as const));
    return Object.fromEntries(values) as Record<CostName, number>;
  }

  async cost(name: CostName): Promise<number> {
    return Number(await this.plugin.settings.global(costKey(name))) || COST_DEFAULTS[name];
  }

  /** Debits `amount` and writes the usage row in one transaction; 400 ERR_INSUFFICIENT_CREDITS (nothing written) otherwise. */
  async spend(companyId: number, spend: Spend): Promise<number> {
    const id = await this.tenancy.forCompany(companyId, (em) =>
      em.transactional(async (tx) => {
        const left = await this.companies.adjustCredits(companyId, -spend.amount, { em: tx });
        if (left === null) return null;
        const row = tx.create(CreditUsageEntity, {
          companyId,
          operation: spend.operation,
          amount: spend.amount,
          ticketId: spend.ticketId ?? null,
          userId: spend.userId ?? null,
          detail: spend.detail?.slice(0, 255) ?? null,
        });
        await tx.flush();
        return row.id;
      }),
    );
    if (id === null) throw insufficientCredits(spend.amount, await this.balance(companyId));
    return id;
  }

  /** Gives back what usage row `usageId` spent (once: a second refund changes nothing). */
  async refund(companyId: number, usageId: number, why: string): Promise<void> {
    await this.tenancy.forCompany(companyId, (em) =>
      em.transactional(async (tx) => {
        const rows = (await tx
          .getConnection()
          .execute(
            `update ai_credit_usage set refunded = true, detail = left(coalesce(detail || ' · ', '') || ?, 255) where company_id = ? and id = ? and not refunded returning amount`,
            [`refund: ${why}`, companyId, usageId],
            'all',
            tx.getTransactionContext(),
          )) as { amount: number }[];
        if (rows[0]) await this.companies.adjustCredits(companyId, Number(rows[0].amount), { em: tx });
      }),
    );
  }

  /** Runs `work` paid by `spend`: debited first, refunded when `work` throws (the error goes on). */
  async paid<T>(companyId: number, spend: Spend, work: () => Promise<T>): Promise<T> {
    const usageId = await this.spend(companyId, spend);
    try {
      return await work();
    } catch (err) {
      await this.refund(companyId, usageId, err instanceof Error ? err.message.slice(0, 120) : 'failed');
      throw err;
    }
  }

  /** The Credits dialog's reports, from the ledger (refunded rows left out). */
  async report(companyId: number, days: number, operation?: CreditOperation) {
    const since = new Date(Date.now() - days * 86_400_000);
    const rows = (await this.tenancy.forCompany(companyId, (em) =>
      em
        .getConnection()
        .execute(
          `select operation, (created_at at time zone 'UTC')::date::text as day, sum(amount)::int as credits, count(*)::int as operations
             from ai_credit_usage where company_id = ? and not refunded and created_at >= ? ${operation ? 'and operation = ?' : ''}
            group by operation, day order by day`,
          operation ? [companyId, since, operation] : [companyId, since],
        ),
    )) as { operation: string; day: string; credits: number; operations: number }[];
    const byOp = new Map<string, { credits: number; operations: number }>();
    const byDay = new Map<string, { credits: number; operations: number }>();
    for (const r of rows) {
      for (const [map, key] of [[byOp, r.operation], [byDay, r.day]] as const) {
        const acc = map.get(key) ?? { credits: 0, operations: 0 };
        acc.credits += r.credits;
        acc.operations += r.operations;
        map.set(key, acc);
      }
    }
    const byOperation = [...byOp].map(([op, v]) => ({ operation: op, ...v })).sort((a, b) => b.credits - a.credits);
    const totalConsumed = byOperation.reduce((s, o) => s + o.credits, 0);
    const totalOperations = byOperation.reduce((s, o) => s + o.operations, 0);
    const mostUsed = [...byOperation].sort((a, b) => b.operations - a.operations)[0];
    return {
      summary: {
        totalConsumed,
        totalOperations,
        averagePerOperation: totalOperations ? Math.round((totalConsumed / totalOperations) * 100) / 100 : 0,
        mostUsedOperation: mostUsed?.operation ?? null,
      },
      byOperation,
      daily: [...byDay].map(([date, v]) => ({ date, ...v })),
    };
  }
}
