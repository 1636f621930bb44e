import { Inject, Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { AppError, COMPANIES, type Companies } from '@atende/sdk-server';
import { query } from './sql.js';
import { PORT_SLOTS } from './slots.js';

/** Lock key space of this plugin's advisory locks (one per company: its billing changes queue). */
const LOCK_SPACE = 74201;

/**
 * The per-company lock every billing change of a company takes first (plan changes, checkout, settle,
 * reject), for the rest of the caller's transaction. `wait = false` answers false instead of waiting.
 */
export async function lockCompany(tx: EntityManager, companyId: number, wait = true): Promise<boolean> {
  const [row] = await query<{ ok: boolean | string }>(
    tx,
    wait ? `select pg_advisory_xact_lock(?, ?)::text as ok` : `select pg_try_advisory_xact_lock(?, ?) as ok`,
    [LOCK_SPACE, companyId],
  );
  return wait || row.ok === true;
}

export interface CompanyOp {
  companyId: number;
  /** Unique: `invoice:<id>`, `grace:<invoice id>`, `plan-change:<ledger id>` … one change is recorded once. */
  key: string;
  dueDate?: Date | null;
  planId?: number | null;
  reason: string;
}

interface OpRow {
  id: string;
  company_id: number;
  due_date: Date | null;
  plan_id: number | null;
  reason: string;
}

/**
 * What billing must change on a company through the COMPANIES port, as absolute values (this due date,
 * this plan), recorded in billing's own transaction together with what pays for it (the invoice paid,
 * the coins debited). The port commits in its own transaction, so it is called only after that commit
 * (`flush`) and the op row is marked applied after the port answered:
 * - the port never changes a company for a billing change that did not commit (nothing is free);
 * - a committed change is applied at least once: if the port or the marking fails, the op stays pending
 *   and the next billing change of that company (under the company lock, before it reads the company)
 *   or the hourly job applies it;
 * - applying an op twice sets the same absolute values again (one more audit row, same state), and a
 *   retried request never re-applies an op: it is a new change that reads the already-updated company
 *   (never a second extension for one debit).
 */
@Injectable()
export class CompanyOpsService {
  private readonly log = new Logger('billing');
  constructor(
    private readonly em: EntityManager,
    @Inject(COMPANIES) private readonly companies: Companies,
  ) {}

  /** In the caller's transaction (which holds the company lock); refuses a key recorded before. */
  async record(tx: EntityManager, op: CompanyOp): Promise<void> {
    const rows = await query(
      tx,
      `insert into billing_company_ops (company_id, key, due_date, plan_id, reason) values (?, ?, ?, ?, ?) on conflict (key) do nothing returning id`,
      [op.companyId, op.key.slice(0, 120), op.dueDate ?? null, op.planId ?? null, op.reason.slice(0, 255)],
    );
    if (!rows.length) throw AppError.conflict('ERR_PLAN_CHANGE_IN_PROGRESS', `Change ${op.key} was already recorded`);
  }

  /**
   * Applies the company's pending ops, oldest first, inside the caller's transaction that holds the
   * company lock (so a later change reads the company as every committed change left it). A change the
   * kernel refuses for good (a 4xx: the plan was deleted meanwhile) is marked failed and logged, so it
   * cannot block the company's next changes.
   */
  async applyPending(tx: EntityManager, companyId: number): Promise<void> {
    const ops = await query<OpRow>(tx, `select id, company_id, due_date, plan_id, reason from billing_company_ops where company_id = ? and state = 'pending' order by id for update`, [companyId]);
    for (const op of ops) {
      let state = 'applied';
      let error: string | null = null;
      try {
        if (op.plan_id !== null) await this.companies.setPlan(op.company_id, op.plan_id, { source: 'billing', reason: op.reason });
        if (op.due_date !== null) await this.companies.setDueDate(op.company_id, new Date(op.due_date).toISOString(), { source: 'billing', reason: op.reason });
      } catch (err) {
        if (!(err instanceof AppError) || err.status >= 500) throw err;
        state = 'failed';
        error = `${err.code}: ${err.message}`.slice(0, 255);
        this.log.error(`billing change ${op.id} of company ${op.company_id} refused by the kernel: ${error}`);
      }
      await query(tx, `update billing_company_ops set state = ?, error = ?, applied_at = now() where id = ?`, [state, error, op.id]);
    }
  }

  /** After the recording transaction committed: applies the company's pending ops under its lock. */
  async flush(companyId: number): Promise<void> {
    try {
      await PORT_SLOTS.run(() => this.em.fork().transactional(async (tx) => {
        await lockCompany(tx, companyId);
        await this.applyPending(tx, companyId);
      }));
    } catch (err) {
      // Committed and pending: the next change of the company or the hourly reconcile applies it.
      this.log.error(`billing change of company ${companyId} left pending: ${(err as Error).message}`);
    }
  }

  /** Every company with a pending op (the hourly job and the boot run). */
  async reconcile(): Promise<number> {
    const rows = await query<{ company_id: number }>(this.em.fork(), `select distinct company_id from billing_company_ops where state = 'pending'`);
    for (const r of rows) await this.flush(r.company_id);
    return rows.length;
  }
}
