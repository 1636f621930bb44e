import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { AppError, COMPANIES, type AuthUser, type Companies } from '@atende/sdk-server';
import { upgradePrice, type Invoice } from '@atende/plugin-billing-contract';
import { CompanyOpsService, lockCompany } from './company-ops.service.js';
import { InvoicesService, toInvoice, type InvoiceRow } from './invoices.service.js';
import { KernelReads, type CompanyRow } from './kernel-reads.js';
import { assertUpgradable } from './plan-rules.js';
import { months } from './pricing.js';
import { PORT_SLOTS } from './slots.js';
import { query } from './sql.js';

/**
 * Paying whenever the company wants (issue 38 item 13), not only once the hourly job issued an invoice
 * 10 days before the due date: "Renew" gets the next period's invoice now, "Change plan" → upgrade gets
 * an invoice of the price difference. Both are then paid like any invoice (checkout, review or webhook,
 * `InvoicesService.submit`/`settle`). Each runs under the company lock and reuses the unpaid invoice
 * it would create, so two clicks (or two servers) give one invoice.
 */
@Injectable()
export class PayNowService {
  constructor(
    private readonly em: EntityManager,
    private readonly invoices: InvoicesService,
    private readonly ops: CompanyOpsService,
    private readonly reads: KernelReads,
    @Inject(COMPANIES) private readonly companies: Companies,
  ) {}

  /**
   * The company's unpaid renewal invoice, or a new one for the period that starts at its current due
   * date (plan value × recurrence months, like the generator's). Settled, it renews from that due date
   * (`renewedDueDate`), not from the day it is paid: paying a month early loses nothing.
   */
  async renew(user: AuthUser): Promise<Invoice> {
    const row = await this.locked(user.companyId, async (tx, company) => {
      const [unpaid] = await query<InvoiceRow>(tx, `select * from billing_invoices where company_id = ? and kind = 'renewal' and status <> 'paid' order by due_date limit 1`, [company.id]);
      if (unpaid) return unpaid;
      if (!company.plan_id || company.plan_name === null) throw AppError.notFound('ERR_NO_PLAN_FOUND');
      if (!company.due_date) throw new AppError('ERR_NOTHING_TO_RENEW', 400, 'La suscripción no vence: no hay nada que renovar');
      const [made] = await query<InvoiceRow>(
        tx,
        `insert into billing_invoices (company_id, detail, value, due_date, plan_id) values (?, ?, ?, ?, ?)
         on conflict (company_id, due_date) where kind = 'renewal' do nothing returning *`,
        [company.id, `${company.plan_name} · ${company.recurrence}`.slice(0, 200), (Number(company.plan_value ?? 0) * months(company.recurrence)).toFixed(2), company.due_date, company.plan_id],
      );
      // Only when this due date's period was paid already (someone set the due date back by hand since).
      if (!made) throw new AppError('ERR_INVOICE_PAID', 400, 'El periodo de este vencimiento ya fue pagado');
      return made;
    });
    return toInvoice((await this.invoices.named([row]))[0]!);
  }

  /**
   * An invoice of the difference to a bigger offered plan for the days left (contract `upgradePrice`: the
   * coin upgrade's days × the monthly price difference / 30), due at the current due date. The company's
   * unpaid upgrade invoice is re-targeted and re-priced (one at a time); one in review for another plan
   * refuses. The plan changes when it is settled (never before), and the checkout prices it again.
   */
  async upgrade(user: AuthUser, newPlanId: number): Promise<Invoice> {
    const offered = await this.companies.offeredPlans();
    const row = await this.locked(user.companyId, async (tx, company) => {
      const plan = offered.find((p) => p.id === newPlanId);
      if (!plan) throw AppError.notFound('ERR_NO_PLAN_FOUND');
      assertUpgradable(company, plan);
      const price = upgradePrice(company.due_date, Number(company.plan_value ?? 0), Number(plan.value));
      if (!(price.value > 0)) throw new AppError('ERR_NO_PRICE_DIFFERENCE', 400, 'El nuevo plan no cuesta más que el actual: no hay diferencia que pagar');
      const [unpaid] = await query<InvoiceRow>(tx, `select * from billing_invoices where company_id = ? and kind = 'upgrade' and status <> 'paid' for update`, [company.id]);
      if (unpaid?.status === 'pending_review') {
        if (unpaid.requested_plan_id === plan.id) return unpaid;
        throw new AppError('ERR_PAYMENT_IN_REVIEW', 400, 'Hay un pago en revisión: espere su aprobación');
      }
      const fields = [`${company.plan_name ?? '-'} → ${plan.name}`.slice(0, 200), price.value, company.due_date, company.plan_id, plan.id, price.days, price.value];
      const [saved] = unpaid
        ? await query<InvoiceRow>(
            tx,
            `update billing_invoices set detail = ?, value = ?, due_date = ?, plan_id = ?, requested_plan_id = ?, upgrade_days = ?, upgrade_value = ?, updated_at = now() where id = ? returning *`,
            [...fields, unpaid.id],
          )
        : await query<InvoiceRow>(
            tx,
            `insert into billing_invoices (detail, value, due_date, plan_id, requested_plan_id, upgrade_days, upgrade_value, company_id, kind) values (?, ?, ?, ?, ?, ?, ?, ?, 'upgrade') returning *`,
            [...fields, company.id],
          );
      return saved!;
    });
    return toInvoice((await this.invoices.named([row]))[0]!);
  }

  /** `fn` under the company lock, with its pending changes applied and the company read as they left it. */
  private locked<T>(companyId: number, fn: (tx: EntityManager, company: CompanyRow) => Promise<T>): Promise<T> {
    return PORT_SLOTS.run(() =>
      this.em.fork().transactional(async (tx) => {
        await lockCompany(tx, companyId);
        await this.ops.applyPending(tx, companyId);
        const company = await this.reads.company(companyId);
        if (!company) throw AppError.notFound('ERR_NO_COMPANY_FOUND');
        if (company.is_platform) throw new AppError('ERR_PLATFORM_COMPANY', 400);
        return fn(tx, company);
      }),
    );
  }
}
