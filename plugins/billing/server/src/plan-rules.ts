import type { EntityManager } from '@mikro-orm/core';
import { AppError } from '@atende/sdk-server';
import { months } from './pricing.js';
import { query } from './sql.js';
import type { CompanyRow } from './kernel-reads.js';

/**
 * The rules a plan change obeys however it is paid (coins, an upgrade invoice, a renewal's checkout),
 * kept in one place so the three paths cannot drift apart.
 */

/** An expired company renews first (a past due date would price the change at nothing); only a plan with more connections is an upgrade. */
export function assertUpgradable(company: CompanyRow, plan: { connections: number }): void {
  if (!company.due_date || new Date(company.due_date) <= new Date()) {
    throw new AppError('ERR_SUBSCRIPTION_EXPIRED', 402, 'La suscripción venció: renueve el plan antes de cambiarlo');
  }
  if (!(plan.connections > (company.connections ?? 0))) throw new AppError('ERR_PLAN_NOT_UPGRADE', 400, 'El nuevo plan debe tener más conexiones');
}

/** Whether another payment of the company is in review (one at a time: each is priced from what the other changes). */
export async function otherInReview(tx: EntityManager, companyId: number, exceptId = 0): Promise<boolean> {
  const rows = await query(tx, `select id from billing_invoices where company_id = ? and status = 'pending_review' and id <> ? limit 1`, [companyId, exceptId]);
  return rows.length > 0;
}

/** Whether a payment in review changes the company's plan (its price holds only while nothing else moves the plan or the due date). */
export async function planChangeInReview(tx: EntityManager, companyId: number): Promise<boolean> {
  const rows = await query(tx, `select id from billing_invoices where company_id = ? and status = 'pending_review' and requested_plan_id is not null limit 1`, [companyId]);
  return rows.length > 0;
}

/** The plan changed: an unpaid upgrade invoice was priced from the old one and is dropped (the company asks again). */
export async function dropOpenUpgrades(tx: EntityManager, companyId: number): Promise<void> {
  await query(tx, `delete from billing_invoices where company_id = ? and kind = 'upgrade' and status = 'open'`, [companyId]);
}

/** The plan changed: the company's open renewals are billed at the new plan (a checkout prices them again). */
export async function repriceOpenRenewals(tx: EntityManager, companyId: number, plan: { id: number; name: string; value: number | string }, recurrence: string): Promise<void> {
  await query(
    tx,
    `update billing_invoices set plan_id = ?, value = ?::numeric * ?::int, detail = left(?::text || ' · ' || ?::text, 200), requested_plan_id = null, upgrade_days = 0, upgrade_value = 0, updated_at = now()
      where company_id = ? and kind = 'renewal' and status = 'open'`,
    [plan.id, plan.value, months(recurrence), plan.name, recurrence, companyId],
  );
}
