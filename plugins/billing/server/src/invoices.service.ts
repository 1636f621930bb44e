import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { AppError, COMPANIES, REALTIME, type AuthUser, type Companies, type RealtimePublisher } from '@atende/sdk-server';
import {
  GRACE_DAYS,
  INVOICE_LEAD_DAYS,
  INVOICE_REVIEW_EVENT,
  INVOICES_PAGE_SIZE,
  PAYMENT_EVENT,
  isOverdue,
  renewalWithPlan,
  upgradePrice,
  type Invoice,
  type InvoiceKind,
  type InvoicePage,
  type InvoiceReviewEvent,
  type InvoiceStatus,
  type PaymentEvent,
  type SubscriptionRequest,
} from '@atende/plugin-billing-contract';
import { iso, isoOrNull, query } from './sql.js';
import { KernelReads, currentPlan } from './kernel-reads.js';
import { PORT_SLOTS } from './slots.js';
import { renewedDueDate } from './renewal.js';
import { CompanyOpsService, lockCompany } from './company-ops.service.js';
import { billedValue, months } from './pricing.js';
import { assertUpgradable, dropOpenUpgrades, otherInReview, repriceOpenRenewals } from './plan-rules.js';

const DAY_MS = 86_400_000;

export interface InvoiceRow {
  id: number;
  company_id: number;
  company_name: string;
  detail: string;
  value: string;
  due_date: Date;
  status: InvoiceStatus;
  kind: InvoiceKind;
  plan_id: number | null;
  requested_plan_id: number | null;
  upgrade_days: number;
  upgrade_value: string;
  grace_from: Date | null;
  grace_until: Date | null;
  paid_at: Date | null;
  created_at: Date;
}

const SELECT = `select i.* from billing_invoices i`;

export const toInvoice = (r: InvoiceRow, now = new Date()): Invoice => ({
  id: r.id,
  companyId: r.company_id,
  companyName: r.company_name,
  detail: r.detail,
  value: Number(r.value),
  dueDate: iso(r.due_date),
  status: r.status,
  kind: r.kind,
  overdue: isOverdue(r.status, iso(r.due_date), now),
  planId: r.plan_id,
  requestedPlanId: r.requested_plan_id,
  upgradeDays: r.upgrade_days,
  upgradeValue: Number(r.upgrade_value),
  paidAt: isoOrNull(r.paid_at),
  createdAt: iso(r.created_at),
});

/** What a gateway says it was paid, checked against the invoice while it is locked. */
export interface WebhookPayment {
  eventId: string;
  amount: number;
  currency: string;
}

/** The only currency invoices are billed in (commercial-admin: S/ PEN). */
export const PAYMENT_CURRENCY = 'PEN';

/** How a payment was confirmed: the manual review (a super user) or a provider's signed webhook. */
export interface Settlement {
  source: 'manual' | 'webhook';
  reference: string;
}

/** Invoices: generated before each due date, sent to review by the company, settled by a payment provider. */
@Injectable()
export class InvoicesService {
  constructor(
    private readonly em: EntityManager,
    private readonly ops: CompanyOpsService,
    @Inject(REALTIME) private readonly realtime: RealtimePublisher,
    @Inject(COMPANIES) private readonly companies: Companies,
    private readonly reads: KernelReads,
  ) {}

  /**
   * The next invoice of every company whose due date is within INVOICE_LEAD_DAYS (or past) and has no
   * unpaid renewal invoice (an upgrade's does not count): value = plan value × months of its recurrence. Unique per company and due date, so a
   * second run (another server, a retried job) inserts nothing. `companyId`: that company only.
   */
  async generate(now = new Date(), companyId?: number): Promise<number> {
    // Active tenants due within the lead time, with a plan (COMPANIES and PLANS ports).
    const due = await this.companies.list({ dueBy: new Date(now.getTime() + INVOICE_LEAD_DAYS * DAY_MS).toISOString(), ...(companyId ? { ids: [companyId] } : {}) });
    const billable = (await this.reads.withPlans(due)).filter((c) => c.plan_id !== null && c.plan_name !== null && c.due_date !== null);
    if (!billable.length) return 0;
    // One statement for all of them: a company with an unpaid renewal invoice gets none.
    const rows = await query<{ id: number }>(
      this.em.fork(),
      `insert into billing_invoices (company_id, detail, value, due_date, plan_id)
       select x.company_id, x.detail, x.value, x.due_date, x.plan_id
         from unnest(array[?]::int[], array[?]::text[], array[?]::numeric[], array[?]::timestamptz[], array[?]::int[]) as x(company_id, detail, value, due_date, plan_id)
        where not exists (select 1 from billing_invoices i where i.company_id = x.company_id and i.kind = 'renewal' and i.status <> 'paid')
       on conflict (company_id, due_date) where kind = 'renewal' do nothing
       returning id`,
      [
        billable.map((c) => c.id),
        billable.map((c) => `${c.plan_name} · ${c.recurrence}`.slice(0, 200)),
        billable.map((c) => (Number(c.plan_value ?? 0) * months(c.recurrence)).toFixed(2)),
        billable.map((c) => c.due_date!.toISOString()),
        billable.map((c) => c.plan_id!),
      ],
    );
    return rows.length;
  }

  /**
   * An expired or expiring company always has an invoice to pay (issue 27 item 3): its billing pages
   * create it at once instead of waiting for the hourly job. Idempotent like `generate`.
   */
  async ensureOpen(companyId: number): Promise<void> {
    await this.generate(new Date(), companyId);
  }

  /** The company's own invoices; the super user's list is every company's (§7 GET /invoices/all). */
  async list(user: AuthUser, q: { searchParam?: string; pageNumber: number; status?: InvoiceStatus }): Promise<InvoicePage> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (!user.super) {
      where.push('i.company_id = ?');
      params.push(user.companyId);
    }
    if (q.status) {
      where.push('i.status = ?');
      params.push(q.status);
    }
    if (q.searchParam) {
      const like = `%${q.searchParam.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      // Company names are the kernel's: the matching companies' ids come from the COMPANIES port.
      const named = (await this.companies.list({ search: q.searchParam, ...(user.super ? {} : { ids: [user.companyId] }) })).map((c) => c.id);
      where.push(`(i.detail ilike ? or i.company_id = any(array[?]::int[]) or i.id::text = ?)`);
      params.push(like, named.length ? named : [0], q.searchParam);
    }
    if (!user.super) await this.ensureOpen(user.companyId);
    const w = where.length ? `where ${where.join(' and ')}` : '';
    const rows = await query<InvoiceRow & { total: string }>(
      this.em,
      `${SELECT.replace('select i.*', 'select i.*, count(*) over () as total')} ${w} order by i.due_date desc, i.id desc limit ? offset ?`,
      [...params, INVOICES_PAGE_SIZE + 0, (q.pageNumber - 1) * INVOICES_PAGE_SIZE],
    );
    const count = rows.length ? Number(rows[0].total) : 0;
    return { invoices: (await this.named(rows)).map((r) => toInvoice(r)), count, hasMore: q.pageNumber * INVOICES_PAGE_SIZE < count };
  }

  /** One invoice with its company's name (`lock`: the row is locked for the caller's transaction). */
  async get(em: EntityManager, id: number, lock = false): Promise<InvoiceRow | null> {
    const [row] = await query<InvoiceRow>(em, `${SELECT} where i.id = ?${lock ? ' for update of i' : ''}`, [id]);
    return row ? (await this.named([row]))[0]! : null;
  }

  /** The invoices with their companies' names (COMPANIES port). */
  async named<T extends InvoiceRow>(rows: T[]): Promise<T[]> {
    const names = await this.reads.names([...new Set(rows.map((r) => r.company_id))]);
    return rows.map((r) => ({ ...r, company_name: names.get(r.company_id) ?? '' }));
  }

  /**
   * Checkout (§7 POST /subscription): the company's unpaid invoice goes to review for the chosen plan,
   * priced by the server (never the client's price), one payment in review at a time per company
   * (ERR_PAYMENT_IN_REVIEW: a second one would be priced from a plan or due date the first changes).
   * An invoice already in review is sent again only with the same request, unchanged (the reviewer
   * approves what they checked).
   * - A renewal: plan value × months; a plan other than the current one is a request to change it at
   *   settlement, and a more expensive one also carries the difference for the days left until the
   *   current due date (issue 38 item 13: settlement can come before the renewed period starts, and the
   *   bigger plan applies from then, so those days are paid too). The company gets GRACE_DAYS more days
   *   of use from now (never shortening its due date, never without one), once per invoice.
   * - An upgrade: the price difference for the days left (contract `upgradePrice`), under the coin
   *   upgrade's rules (not expired, more connections); no grace (it renews nothing).
   */
  async submit(user: AuthUser, body: SubscriptionRequest): Promise<void> {
    const offered = await this.companies.offeredPlans();
    const result = await PORT_SLOTS.run(() => this.em.fork().transactional(async (tx) => {
      await lockCompany(tx, user.companyId);
      await this.ops.applyPending(tx, user.companyId);
      const inv = await this.get(tx, body.invoiceId, true);
      if (!inv || inv.company_id !== user.companyId) throw AppError.notFound('ERR_INVOICE_NOT_FOUND', 'Factura no encontrada');
      if (inv.status === 'paid') throw new AppError('ERR_INVOICE_PAID', 400, 'La factura ya fue pagada');
      const company = await this.reads.company(user.companyId);
      if (!company || company.is_platform) throw new AppError('ERR_PLATFORM_COMPANY', 400);
      // A plan offered to tenants, or the current one renewed (even if no longer offered).
      const current = currentPlan(company);
      const plan = offered.find((p) => p.id === body.planId) ?? (current?.id === body.planId && inv.kind === 'renewal' ? current : null);
      if (!plan) throw AppError.notFound('ERR_NO_PLAN_FOUND');
      // Only a plan other than the current one is a request to change it (applied on payment).
      const requested = plan.id !== company.plan_id ? plan.id : null;
      if (inv.status === 'pending_review') {
        if (requested !== inv.requested_plan_id) throw new AppError('ERR_INVOICE_IN_REVIEW', 400, 'La factura ya está en revisión con otro plan');
        return { invoice: inv, graceUntil: null };
      }
      if (await otherInReview(tx, user.companyId, inv.id)) throw new AppError('ERR_PAYMENT_IN_REVIEW', 400, 'Hay un pago en revisión: espere su aprobación');
      const fromValue = Number(company.plan_value ?? 0);
      if (inv.kind === 'upgrade') {
        assertUpgradable(company, plan);
        const price = upgradePrice(company.due_date, fromValue, plan.value);
        if (!(price.value > 0)) throw new AppError('ERR_NO_PRICE_DIFFERENCE', 400, 'El nuevo plan no cuesta más que el actual: no hay diferencia que pagar');
        await query(
          tx,
          `update billing_invoices set status = 'pending_review', plan_id = ?, requested_plan_id = ?, value = ?, upgrade_days = ?, upgrade_value = ?, detail = ?, due_date = ?,
                  submitted_by = ?, submitted_at = now(), updated_at = now()
            where id = ?`,
          [company.plan_id, plan.id, price.value, price.days, price.value, `${company.plan_name ?? '-'} → ${plan.name}`.slice(0, 200), company.due_date, user.id, inv.id],
        );
        return { invoice: (await this.get(tx, inv.id))!, graceUntil: null };
      }
      const price = requested ? renewalWithPlan(company.due_date, fromValue, plan.value, months(company.recurrence)) : { total: Number(plan.value) * months(company.recurrence), days: 0, difference: 0 };
      const detail = `${plan.name} · ${company.recurrence}`.slice(0, 200);
      let graceUntil: Date | null = null;
      const due = company.due_date ? new Date(company.due_date) : null;
      const grace = new Date(Date.now() + GRACE_DAYS * DAY_MS);
      if (!inv.grace_until && due && due < grace) graceUntil = grace;
      await query(
        tx,
        `update billing_invoices set status = 'pending_review', requested_plan_id = ?, value = ?, upgrade_days = ?, upgrade_value = ?, detail = ?, submitted_by = ?, submitted_at = now(), updated_at = now(),
                grace_from = case when ?::timestamptz is null then grace_from else ? end,
                grace_until = coalesce(?::timestamptz, grace_until)
          where id = ?`,
        [requested, price.total, price.days, price.difference, detail, user.id, graceUntil, due, graceUntil, inv.id],
      );
      if (graceUntil) await this.ops.record(tx, { companyId: user.companyId, key: `grace:${inv.id}`, dueDate: graceUntil, reason: `grace: invoice #${inv.id} in review` });
      return { invoice: (await this.get(tx, inv.id))!, graceUntil };
    }));
    await this.ops.flush(user.companyId);
    this.tell(result.invoice, 'PENDING_REVIEW', 'Pago enviado a revisión', result.graceUntil?.toISOString() ?? null);
  }

  /**
   * Settles an invoice (any payment provider), with the invoice locked under the company lock: a manual
   * approval needs it in review; a webhook payment must be in PEN and cover the invoice as it is now,
   * and its event id is recorded here (so a payment that fails to settle is not taken for a replay).
   * Paid; a renewal's new due date is max(current due date without an unused grace, invoice due date) +
   * the recurrence, never earlier than the current one (an upgrade's leaves it); the plan changes only if
   * the invoice requested another one, and exactly now, when what pays for it is settled: open upgrade
   * invoices priced from the old plan are dropped and open renewals re-priced at the new one. Due date and
   * plan are one op applied through the COMPANIES port after the commit (key `invoice:<id>`). Paying a
   * paid invoice again changes nothing.
   */
  async settle(invoiceId: number, by: Settlement, payment?: WebhookPayment): Promise<{ invoice: Invoice; duplicate: boolean }> {
    const [found] = await query<{ company_id: number }>(this.em.fork(), `select company_id from billing_invoices where id = ?`, [invoiceId]);
    if (!found) throw AppError.notFound('ERR_INVOICE_NOT_FOUND', 'Factura no encontrada');
    const companyId = found.company_id;
    const result = await PORT_SLOTS.run(() => this.em.fork().transactional(async (tx) => {
      await lockCompany(tx, companyId);
      await this.ops.applyPending(tx, companyId);
      const inv = await this.get(tx, invoiceId, true);
      if (!inv) throw AppError.notFound('ERR_INVOICE_NOT_FOUND', 'Factura no encontrada');
      if (payment) {
        const fresh = await query(tx, `insert into billing_webhook_events (event_id, invoice_id) values (?, ?) on conflict (event_id) do nothing returning event_id`, [payment.eventId, inv.id]);
        if (!fresh.length) return { invoice: inv, dueDate: null, changed: false, duplicate: true };
      }
      if (inv.status === 'paid') return { invoice: inv, dueDate: null, changed: false, duplicate: false };
      const company = await this.reads.company(companyId);
      if (!company) throw AppError.notFound('ERR_NO_COMPANY_FOUND');
      const due = billedValue(inv, company);
      if (payment) {
        if (payment.currency !== PAYMENT_CURRENCY) throw new AppError('ERR_PAYMENT_AMOUNT', 400, `The payment must be in ${PAYMENT_CURRENCY}`);
        // A 0.00 invoice is never settled by "any payment" (issue 27 item 1).
        if (due <= 0 || payment.amount + 1e-9 < due) throw new AppError('ERR_PAYMENT_AMOUNT', 400, 'The amount does not cover the invoice');
      } else if (inv.status !== 'pending_review') {
        throw new AppError('ERR_INVOICE_NOT_IN_REVIEW', 400, 'La factura no está en revisión');
      } else if (due > Number(inv.value) + 1e-9) {
        throw new AppError('ERR_PAYMENT_AMOUNT', 400, 'El plan cambió desde el envío del pago: el monto en revisión no cubre el plan actual');
      }
      await query(tx, `update billing_invoices set status = 'paid', value = ?, paid_at = now(), paid_by = ?, payment_ref = ?, updated_at = now() where id = ?`, [
        due,
        by.source,
        by.reference.slice(0, 120),
        inv.id,
      ]);
      const next = inv.kind === 'renewal' ? renewedDueDate(company.due_date, inv, company.recurrence) : null;
      const planId = inv.requested_plan_id !== null && inv.requested_plan_id !== company.plan_id ? inv.requested_plan_id : null;
      if (planId !== null) {
        const plan = await this.reads.plan(planId);
        await dropOpenUpgrades(tx, companyId);
        if (plan) await repriceOpenRenewals(tx, companyId, plan, company.recurrence);
      }
      if (next || planId !== null) await this.ops.record(tx, { companyId, key: `invoice:${inv.id}`, dueDate: next, planId, reason: `invoice #${inv.id} paid (${by.source})` });
      return { invoice: (await this.get(tx, inv.id))!, dueDate: (next ?? company.due_date)?.toISOString() ?? null, changed: true, duplicate: false };
    }));
    if (result.changed) {
      await this.ops.flush(companyId);
      this.tell(result.invoice, 'CONCLUIDA', result.invoice.kind === 'upgrade' ? 'Plan mejorado' : 'Licencia renovada', result.dueDate);
    }
    return { invoice: toInvoice(result.invoice), duplicate: result.duplicate };
  }

  /** The review refuses the payment: the invoice is open again and an unused grace is taken back. */
  async reject(invoiceId: number): Promise<Invoice> {
    const [found] = await query<{ company_id: number }>(this.em.fork(), `select company_id from billing_invoices where id = ?`, [invoiceId]);
    if (!found) throw AppError.notFound('ERR_INVOICE_NOT_FOUND', 'Factura no encontrada');
    const companyId = found.company_id;
    const invoice = await PORT_SLOTS.run(() => this.em.fork().transactional(async (tx) => {
      await lockCompany(tx, companyId);
      await this.ops.applyPending(tx, companyId);
      const inv = await this.get(tx, invoiceId, true);
      if (!inv) throw AppError.notFound('ERR_INVOICE_NOT_FOUND', 'Factura no encontrada');
      if (inv.status !== 'pending_review') throw new AppError('ERR_INVOICE_NOT_IN_REVIEW', 400, 'La factura no está en revisión');
      await query(tx, `update billing_invoices set status = 'open', updated_at = now() where id = ?`, [inv.id]);
      const company = await this.reads.company(companyId);
      if (inv.grace_until && company?.due_date && new Date(company.due_date).getTime() === new Date(inv.grace_until).getTime()) {
        const [{ n }] = await query<{ n: string }>(tx, `select count(*) as n from billing_company_ops where key like ?`, [`reject:${inv.id}:%`]);
        await this.ops.record(tx, { companyId, key: `reject:${inv.id}:${Number(n) + 1}`, dueDate: new Date(inv.grace_from ?? new Date()), reason: `invoice #${inv.id} rejected: grace withdrawn` });
      }
      return (await this.get(tx, inv.id))!;
    }));
    await this.ops.flush(companyId);
    this.tell(invoice, 'REJECTED', 'Pago rechazado', null);
    return toInvoice(invoice);
  }

  private tell(row: InvoiceRow, action: PaymentEvent['action'], message: string, dueDate: string | null): void {
    // Billing is for admins (billing:read); every other session learns the new due date from the kernel's company update.
    this.realtime.toCompany(row.company_id, PAYMENT_EVENT, { action, message, invoiceId: row.id, dueDate, kind: row.kind } satisfies PaymentEvent, { permission: 'billing:read' });
    this.realtime.toSuperUsers(INVOICE_REVIEW_EVENT, { action: 'update', invoice: toInvoice(row) } satisfies InvoiceReviewEvent);
  }
}
