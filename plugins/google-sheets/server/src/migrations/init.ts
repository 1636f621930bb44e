import { Migration } from '@mikro-orm/migrations';

export class GoogleSheetsInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table google_sheets_accounts (
        id serial primary key,
        company_id int not null unique references companies(id) on delete cascade,
        integration_id int,
        integration_name varchar(100),
        user_id int not null,
        access_token text not null,
        refresh_token text,
        expires_at timestamptz,
        scope varchar(500),
        refreshed_at timestamptz,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);
  }
  override async down(): Promise<void> {
    this.addSql('drop table if exists google_sheets_accounts');
  }
}
