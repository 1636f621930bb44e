import { Migration } from '@mikro-orm/migrations';

/** Tenancy and administration: company and user fields, queues, sessions, password resets, global settings. */
export class CoreTenancy extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table companies
        add column recurrence varchar(12) not null default 'MENSAL'
          check (recurrence in ('MENSAL','BIMESTRAL','TRIMESTRAL','SEMESTRAL','ANUAL')),
        add column campaigns_enabled boolean not null default true,
        add column trial_expiration timestamptz,
        add column coins int not null default 0 check (coins >= 0),
        add column referral_code varchar(40),
        add column referred_by_id int references companies(id) on delete set null,
        add column schedules jsonb not null default '[]'`);
    this.addSql(`update companies set referral_code = substr(md5(random()::text || id::text), 1, 10) where referral_code is null`);
    this.addSql(`alter table companies alter column referral_code set not null`);
    this.addSql(`create unique index companies_referral_code_unique on companies (referral_code)`);
    this.addSql(`create unique index companies_email_unique on companies (lower(email)) where email is not null`);

    this.addSql(`
      alter table users
        add column all_ticket varchar(10) not null default 'desabled' check (all_ticket in ('enabled','desabled')),
        add column whatsapp_id int,
        add column enabled boolean not null default true,
        add column online boolean not null default false,
        add column last_seen_at timestamptz`);
    this.addSql(`create index users_company_name_index on users (company_id, lower(name))`);

    this.addSql(`
      create table queues (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        name varchar(50) not null,
        color varchar(9) not null,
        greeting_message text not null default '',
        out_of_hours_message text not null default '',
        order_queue int,
        schedules jsonb not null default '[]',
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        unique (company_id, color)
      )`);
    this.addSql(`
      create table user_queues (
        user_id int not null references users(id) on delete cascade,
        queue_id int not null references queues(id) on delete cascade,
        primary key (user_id, queue_id)
      )`);
    this.addSql(`create index user_queues_queue_id_index on user_queues (queue_id)`);

    this.addSql(`
      create table refresh_tokens (
        id uuid primary key,
        user_id int not null references users(id) on delete cascade,
        family uuid not null,
        expires_at timestamptz not null,
        used_at timestamptz,
        revoked_at timestamptz,
        created_at timestamptz not null default now()
      )`);
    this.addSql(`create index refresh_tokens_family_index on refresh_tokens (family)`);
    this.addSql(`create index refresh_tokens_user_id_index on refresh_tokens (user_id)`);

    this.addSql(`
      create table password_resets (
        id serial primary key,
        user_id int not null references users(id) on delete cascade,
        code_hash varchar(128) not null,
        expires_at timestamptz not null,
        attempts int not null default 0,
        used_at timestamptz,
        created_at timestamptz not null default now()
      )`);
    this.addSql(`create index password_resets_user_id_index on password_resets (user_id)`);

    this.addSql(`
      create table global_settings (
        key varchar(100) primary key,
        value text not null,
        updated_at timestamptz not null default now()
      )`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists global_settings, password_resets, refresh_tokens, user_queues, queues cascade');
    this.addSql(`alter table users drop column all_ticket, drop column whatsapp_id, drop column enabled, drop column online, drop column last_seen_at`);
    this.addSql(`alter table companies drop column recurrence, drop column campaigns_enabled, drop column trial_expiration,
      drop column coins, drop column referral_code, drop column referred_by_id, drop column schedules`);
  }
}
