import { Migration } from '@mikro-orm/migrations';

/** The plugin's own tables, each with company_id (never a kernel table). */
export class IntegrationsInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table integrations_integrations (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        type varchar(50) not null,
        name varchar(50) not null,
        is_active boolean not null default true,
        config jsonb not null default '{}',
        secret text,
        image_path varchar(500),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);
    this.addSql(`create index integrations_integrations_company_index on integrations_integrations (company_id, id)`);
    this.addSql(`
      create table integrations_sessions (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        integration_id int not null references integrations_integrations(id) on delete cascade,
        ticket_id int not null,
        status varchar(20) not null default 'active',
        state jsonb,
        reason varchar(500),
        updated_at timestamptz not null default now(),
        unique (company_id, ticket_id, integration_id)
      )`);
  }
  override async down(): Promise<void> {
    this.addSql('drop table if exists integrations_sessions');
    this.addSql('drop table if exists integrations_integrations');
  }
}
