import { Migration } from '@mikro-orm/migrations';

/**
 * The external message API (issue 34 item 1): every connection gets a token (the API's credential,
 * shown to admins, rotatable), and sends by API remember their idempotency key so a replay sends once.
 * Existing connections get a token here: two random UUIDs (gen_random_uuid, built in since PostgreSQL 13,
 * is a CSPRNG) make 64 hex characters, 244 random bits.
 */
export class CoreApiTokens extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table whatsapps add column if not exists token varchar(64)`);
    this.addSql(`update whatsapps set token = replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') where token is null`);
    // The default covers rows inserted by SQL (seeds, tools); the kernel sets its own on create.
    this.addSql(`alter table whatsapps alter column token set default replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`);
    this.addSql(`alter table whatsapps alter column token set not null`);
    this.addSql(`create unique index if not exists whatsapps_token_unique on whatsapps (token)`);
    this.addSql(`create table if not exists api_requests (
      id bigserial primary key,
      company_id integer not null references companies (id) on delete cascade,
      whatsapp_id integer not null references whatsapps (id) on delete cascade,
      idempotency_key varchar(100) not null,
      status_code integer,
      answer jsonb,
      created_at timestamptz not null default now()
    )`);
    this.addSql(`create unique index if not exists api_requests_key_unique on api_requests (whatsapp_id, idempotency_key)`);
    this.addSql(`create index if not exists api_requests_company_created on api_requests (company_id, created_at)`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists api_requests`);
    this.addSql(`drop index if exists whatsapps_token_unique`);
    this.addSql(`alter table whatsapps drop column if exists token`);
  }
}
