import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 38 item 13: besides the invoice of each period (`renewal`), an `upgrade` invoice carries a bigger
 * plan's price difference for the days left, paid whenever the company wants. A renewal stays unique per
 * company and due date (so two runs or two clicks insert one); a company has at most one unpaid upgrade
 * invoice (asking again re-targets it). `upgrade_days`/`upgrade_value` say how much of an invoice is a
 * price difference (an upgrade's whole value, or a renewal's checkout that picked a bigger plan early).
 */
export class BillingInvoiceKinds extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table billing_invoices add column kind varchar(10) not null default 'renewal' check (kind in ('renewal', 'upgrade'))`);
    this.addSql(`alter table billing_invoices add column upgrade_days int not null default 0 check (upgrade_days >= 0)`);
    this.addSql(`alter table billing_invoices add column upgrade_value numeric(12, 2) not null default 0 check (upgrade_value >= 0)`);
    this.addSql(`alter table billing_invoices drop constraint billing_invoices_company_id_due_date_key`);
    this.addSql(`create unique index billing_invoices_renewal_unique on billing_invoices (company_id, due_date) where kind = 'renewal'`);
    this.addSql(`create unique index billing_invoices_upgrade_unpaid_unique on billing_invoices (company_id) where kind = 'upgrade' and status <> 'paid'`);
  }
  override async down(): Promise<void> {
    this.addSql(`delete from billing_invoices where kind = 'upgrade'`);
    this.addSql('drop index if exists billing_invoices_upgrade_unpaid_unique');
    this.addSql('drop index if exists billing_invoices_renewal_unique');
    this.addSql(`alter table billing_invoices add constraint billing_invoices_company_id_due_date_key unique (company_id, due_date)`);
    this.addSql('alter table billing_invoices drop column upgrade_value, drop column upgrade_days, drop column kind');
  }
}
