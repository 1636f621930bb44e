import { Migration } from '@mikro-orm/migrations';

/**
 * Invoices, the coin ledger (one row per balance change; balances never negative) and the webhook
 * replay guard. The kernel's `companies.coins` balances are carried over as opening rows: from here
 * on this plugin's ledger is where coins live (README "Coins").
 */
export class BillingInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table billing_invoices (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        detail varchar(200) not null,
        value numeric(12, 2) not null check (value >= 0),
        due_date timestamptz not null,
        status varchar(20) not null default 'open' check (status in ('open', 'pending_review', 'paid')),
        plan_id int,
        requested_plan_id int,
        grace_from timestamptz,
        grace_until timestamptz,
        submitted_by int,
        submitted_at timestamptz,
        paid_at timestamptz,
        paid_by varchar(40),
        payment_ref varchar(120) unique,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        unique (company_id, due_date)
      )`);
    this.addSql(`create index billing_invoices_status_index on billing_invoices (status, id)`);
    this.addSql(`create index billing_invoices_company_index on billing_invoices (company_id, due_date desc)`);
    this.addSql(`
      create table billing_coin_accounts (
        company_id int primary key references companies(id) on delete cascade,
        balance int not null default 0 check (balance >= 0)
      )`);
    this.addSql(`
      create table billing_coin_ledger (
        id bigserial primary key,
        company_id int not null references companies(id) on delete cascade,
        delta int not null,
        balance_after int not null check (balance_after >= 0),
        kind varchar(20) not null check (kind in ('opening', 'adjustment', 'extension', 'upgrade', 'downgrade', 'bonus')),
        target_company_id int references companies(id) on delete set null,
        source_ledger_id bigint unique references billing_coin_ledger(id) on delete set null,
        actor_user_id int,
        description varchar(255) not null default '',
        created_at timestamptz not null default now()
      )`);
    this.addSql(`create index billing_coin_ledger_company_index on billing_coin_ledger (company_id, id desc)`);
    this.addSql(`create index billing_coin_ledger_target_index on billing_coin_ledger (target_company_id) where target_company_id is not null`);
    this.addSql(`create table billing_webhook_events (event_id varchar(120) primary key, invoice_id int, received_at timestamptz not null default now())`);
    // Company changes billing paid for, applied through the COMPANIES port after billing's commit (README "Plan changes").
    this.addSql(`
      create table billing_company_ops (
        id bigserial primary key,
        company_id int not null references companies(id) on delete cascade,
        key varchar(120) not null unique,
        due_date timestamptz,
        plan_id int,
        reason varchar(255) not null default '',
        state varchar(10) not null default 'pending' check (state in ('pending', 'applied', 'failed')),
        error varchar(255),
        created_at timestamptz not null default now(),
        applied_at timestamptz
      )`);
    this.addSql(`create index billing_company_ops_pending_index on billing_company_ops (company_id, id) where state = 'pending'`);
    // Only while the kernel still has the column. GUARD for the kernel: a kernel migration may drop
    // companies.coins only on a database where this migration (billing_0001_init) has already run (check
    // its row in the migrations table first), or every company's balance is lost (README "Coins").
    this.addSql(`
      do $$ begin
        if exists (select 1 from information_schema.columns where table_schema = current_schema() and table_name = 'companies' and column_name = 'coins') then
          insert into billing_coin_accounts (company_id, balance) select id, coins from companies where coins > 0;
          insert into billing_coin_ledger (company_id, delta, balance_after, kind, description)
            select id, coins, coins, 'opening', 'Saldo inicial' from companies where coins > 0;
        end if;
      end $$`);
  }
  override async down(): Promise<void> {
    this.addSql('drop table if exists billing_company_ops');
    this.addSql('drop table if exists billing_webhook_events');
    this.addSql('drop table if exists billing_coin_ledger');
    this.addSql('drop table if exists billing_coin_accounts');
    this.addSql('drop table if exists billing_invoices');
  }
}
