import { Migration } from '@mikro-orm/migrations';

/** Who changed a company's due date or plan through the Companies port (billing, reseller), and why (issue 11 item 3). */
export class CoreCompanyChanges extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table company_changes (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        source varchar(60) not null,
        field varchar(20) not null,
        before text,
        after text,
        reason varchar(255),
        created_at timestamptz not null default now()
      )`);
    this.addSql(`create index company_changes_company_id_index on company_changes (company_id, created_at)`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists company_changes`);
  }
}
