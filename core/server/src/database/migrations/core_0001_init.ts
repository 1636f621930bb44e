import { Migration } from '@mikro-orm/migrations';

export class CoreInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table plans (
        id serial primary key,
        name varchar(100) not null unique,
        value numeric(10,2) not null default 0,
        users int not null default 0,
        connections int not null default 0,
        queues int not null default 0,
        use_campaigns boolean not null default true,
        use_schedules boolean not null default true,
        use_internal_chat boolean not null default true,
        use_external_api boolean not null default true,
        use_kanban boolean not null default true,
        use_open_ai boolean not null default true,
        use_integrations boolean not null default true,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);
    this.addSql(`
      create table companies (
        id serial primary key,
        name varchar(120) not null,
        email varchar(254),
        phone varchar(30),
        plan_id int references plans(id) on delete restrict,
        status boolean not null default true,
        due_date timestamptz,
        is_platform boolean not null default false,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);
    this.addSql(`create unique index companies_one_platform on companies (is_platform) where is_platform`);
    this.addSql(`
      create table users (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        name varchar(100) not null,
        email varchar(254) not null unique,
        password_hash varchar(255) not null,
        profile varchar(20) not null default 'user' check (profile in ('admin','user','supervisor','super')),
        super boolean not null default false,
        language varchar(2) check (language in ('es','pt','en')),
        token_version int not null default 0,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);
    this.addSql(`create index users_company_id_index on users (company_id)`);
    this.addSql(`
      create table settings (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        key varchar(100) not null,
        value text not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        unique (company_id, key)
      )`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists settings, users, companies, plans cascade');
  }
}
