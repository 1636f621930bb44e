import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { AppError, COMPANIES, type Companies } from '@atende/sdk-server';
import { addMonths, downgradeCost, extendCost, upgradeCost } from '@atende/plugin-billing-contract';
import { CompanyOpsService, lockCompany } from './company-ops.service.js';
import { LedgerService } from './ledger.service.js';
import { isoOrNull, query } from './sql.js';
import { KernelReads } from './kernel-reads.js';
import { PORT_SLOTS } from './slots.js';
import { dropOpenUpgrades, planChangeInReview, repriceOpenRenewals } from './plan-rules.js';

export type PlanChange = { mode: 'extension'; months: number } | { mode: 'upgrade' | 'downgrade'; newPlanId: number };

export interface PlanChangeResult {
  message: string;
  coinsUsed: number;
  dueDate: string | null;
  balance: number;
}

/**
 * Changing a company's plan with coins (§9): extend 30 × connections × months; upgrade ceil(days to due)
 * × connection difference (min 0); downgrade free. The payer is the company itself or, for the reseller
 * panel, the company that referred it. One billing transaction: the per-company lock (a second change
 * at once answers 409 instead of both extending from the same due date), the company's pending changes
 * applied first (it is read as every committed change left it), the conditional coin debit, its ledger
 * row and the change itself recorded as an op (absolute due date / plan, key `plan-change:<ledger id>`);
 * after the commit the op goes through the COMPANIES port (CompanyOpsService: never free, never twice).
 */
@Injectable()
export class PlanChangeService {
  constructor(
    private readonly em: EntityManager,
    private readonly ledger: LedgerService,
    private readonly ops: CompanyOpsService,
    @Inject(COMPANIES) private readonly companies: Companies,
    private readonly reads: KernelReads,
  ) {}

  async apply(payerId: number, targetId: number, actorUserId: number, change: PlanChange): Promise<PlanChangeResult> {
    // Only plans offered to tenants can be chosen (never the platform's own: 9999 of everything, value 0).
    const offered = change.mode === 'extension' ? [] : await this.companies.offeredPlans();
    const result = await PORT_SLOTS.run(() => this.em.fork().transactional(async (tx) => {
      if (!(await lockCompany(tx, targetId, false))) throw AppError.conflict('ERR_PLAN_CHANGE_IN_PROGRESS', 'Ya hay un cambio de plan en curso para esta empresa');
      await this.ops.applyPending(tx, targetId);
      const target = await this.reads.company(targetId);
      if (!target) throw AppError.notFound('ERR_NO_COMPANY_FOUND');
      // A company pays for itself or for a company it referred, and nothing else: checked here, under the
      // lock, whoever calls (the reseller plugin checks it too, but a port must not trust its caller).
      if (payerId !== targetId && target.referred_by_id !== payerId) throw AppError.notFound('ERR_NO_COMPANY_FOUND');
      if (target.is_platform) throw new AppError('ERR_PLATFORM_COMPANY', 400);
      const reseller = payerId !== targetId ? ` (${target.name})` : '';
      if (change.mode === 'extension') {
        if (!target.plan_id) throw AppError.notFound('ERR_NO_PLAN_FOUND');
        // A payment in review that changes the plan was priced for the days up to the current due date:
        // days added now at the old plan's price would then be used on the bigger plan unpaid.
        if (await planChangeInReview(tx, targetId)) throw new AppError('ERR_PAYMENT_IN_REVIEW', 400, 'Hay un pago en revisión que cambia el plan: espere su aprobación');
        const cost = extendCost(target.connections ?? 0, change.months);
        const from = target.due_date && new Date(target.due_date) > new Date() ? target.due_date : new Date();
        const next = addMonths(from, change.months);
        const balance = await this.ledger.apply(tx, payerId, -cost);
        const ledgerId = await this.ledger.record(
          tx,
          { companyId: payerId, delta: -cost, kind: 'extension', targetCompanyId: targetId, actorUserId, description: `Extensión de ${change.months} mes(es) del plan ${target.plan_name}${reseller}` },
          balance,
        );
        await this.ops.record(tx, { companyId: targetId, key: `plan-change:${ledgerId}`, dueDate: next, reason: `extension ${change.months}m, ${cost} coins` });
        return { message: `Plan extendido ${change.months} mes(es). Acciones usadas: ${cost}.`, coinsUsed: cost, dueDate: next.toISOString(), balance };
      }
      const plan = offered.find((p) => p.id === change.newPlanId);
      if (!plan) throw AppError.notFound('ERR_NO_PLAN_FOUND');
      // An expired company renews first (extension or invoice), then changes: a past due date priced nothing.
      if (!target.due_date || new Date(target.due_date) <= new Date()) {
        throw new AppError('ERR_SUBSCRIPTION_EXPIRED', 402, 'La suscripción venció: renueve el plan antes de cambiarlo');
      }
      // A payment in review was priced for the current plan; settling it must not extend a bigger one.
      const [inReview] = await query(tx, `select id from billing_invoices where company_id = ? and status = 'pending_review' limit 1`, [targetId]);
      if (inReview) throw new AppError('ERR_PAYMENT_IN_REVIEW', 400, 'Hay un pago en revisión: espere su aprobación para cambiar de plan');
      const current = target.connections ?? 0;
      if (change.mode === 'upgrade' && !(plan.connections > current)) throw new AppError('ERR_PLAN_NOT_UPGRADE', 400, 'El nuevo plan debe tener más conexiones');
      if (change.mode === 'downgrade' && !(plan.connections < current)) throw new AppError('ERR_PLAN_NOT_DOWNGRADE', 400, 'El nuevo plan debe tener menos conexiones');
      const cost = change.mode === 'upgrade' ? upgradeCost(target.due_date, current, plan.connections) : downgradeCost();
      const balance = await this.ledger.apply(tx, payerId, -cost);
      const ledgerId = await this.ledger.record(
        tx,
        { companyId: payerId, delta: -cost, kind: change.mode, targetCompanyId: targetId, actorUserId, description: `${change.mode === 'upgrade' ? 'Upgrade' : 'Downgrade'} de ${target.plan_name ?? '-'} a ${plan.name}${reseller}` },
        balance,
      );
      await this.ops.record(tx, { companyId: targetId, key: `plan-change:${ledgerId}`, planId: plan.id, reason: `${change.mode} to plan ${plan.id}, ${cost} coins` });
      // The company's open renewals are billed at the new plan from now on (a pending review keeps what was
      // paid for); an unpaid upgrade invoice was priced from the old plan.
      await dropOpenUpgrades(tx, targetId);
      await repriceOpenRenewals(tx, targetId, plan, target.recurrence);
      const verb = change.mode === 'upgrade' ? 'mejorado' : 'cambiado';
      return { message: `Plan ${verb} a ${plan.name}. Acciones usadas: ${cost}.`, coinsUsed: cost, dueDate: isoOrNull(target.due_date), balance };
    }));
    await this.ops.flush(targetId);
    return result;
  }
}
