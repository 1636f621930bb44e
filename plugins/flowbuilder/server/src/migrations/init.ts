import { Migration } from '@mikro-orm/migrations';

export class FlowbuilderInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table flowbuilder_flows (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        name varchar(50) not null,
        active boolean not null default true,
        nodes jsonb not null default '[]',
        connections jsonb not null default '[]',
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);
    this.addSql(`create index flowbuilder_flows_company_id_index on flowbuilder_flows (company_id, id)`);
    this.addSql(`
      create table flowbuilder_keywords (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        name varchar(100) not null,
        keyword varchar(200) not null,
        disable_flow boolean not null default false,
        activate_flow_id int references flowbuilder_flows(id) on delete set null,
        add_tag_id int,
        remove_tag_id int,
        enable_google_sheets boolean not null default false,
        sheets jsonb not null default '{}',
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);
    this.addSql(`create unique index flowbuilder_keywords_company_keyword_unique on flowbuilder_keywords (company_id, lower(keyword))`);
    this.addSql(`
      create table flowbuilder_campaigns (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        name varchar(100) not null,
        flow_id int not null references flowbuilder_flows(id) on delete cascade,
        whatsapp_id int references whatsapps(id) on delete cascade,
        phrase varchar(500) not null,
        status boolean not null default true,
        repeat boolean not null default false,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);
    this.addSql(`create index flowbuilder_campaigns_company_id_index on flowbuilder_campaigns (company_id)`);
    this.addSql(`
      create table flowbuilder_runs (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        ticket_id int not null references tickets(id) on delete cascade,
        contact_id int not null,
        flow_id int not null references flowbuilder_flows(id) on delete cascade,
        status varchar(20) not null,
        node_id varchar(64),
        node_state jsonb,
        variables jsonb not null default '{}',
        wake_at timestamptz,
        step int not null default 0,
        end_reason varchar(200),
        campaign_id int,
        -- Sends and tag changes of committed steps not yet handed to the kernel ([{step, ticketId, effects}]):
        -- performed after the commit, and again by the sweep after a crash (each send looks for itself first).
        pending_effects jsonb,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);
    // One running flow per ticket.
    this.addSql(`create unique index flowbuilder_runs_running_unique on flowbuilder_runs (ticket_id) where status = 'running'`);
    this.addSql(`create index flowbuilder_runs_company_ticket_index on flowbuilder_runs (company_id, ticket_id)`);
    this.addSql(`create index flowbuilder_runs_wake_index on flowbuilder_runs (wake_at) where status = 'running' and wake_at is not null`);
    this.addSql(`create index flowbuilder_runs_pending_index on flowbuilder_runs (updated_at) where pending_effects is not null`);
    this.addSql(`create index flowbuilder_runs_campaign_index on flowbuilder_runs (company_id, campaign_id, contact_id) where campaign_id is not null`);
  }
  override async down(): Promise<void> {
    this.addSql('drop table if exists flowbuilder_runs');
    this.addSql('drop table if exists flowbuilder_campaigns');
    this.addSql('drop table if exists flowbuilder_keywords');
    this.addSql('drop table if exists flowbuilder_flows');
  }
}
