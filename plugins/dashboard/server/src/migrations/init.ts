import { Migration } from '@mikro-orm/migrations';

/**
 * The plugin's own aggregates, kept from the kernel's domain events (it never reads kernel tables):
 * - dashboard_tickets: each ticket's last known state and the times the averages need;
 * - dashboard_rollups: counters per company, day and hour in the company's time zone, queue, connection
 *   and user (0 = none), so a period's figures are a sum over at most days × 24 × (queues…) rows;
 * - dashboard_seen_events: event ids already applied (durable delivery may repeat one).
 */
export class DashboardInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table dashboard_tickets (
        company_id int not null references companies(id) on delete cascade,
        ticket_id int not null,
        status varchar(10) not null,
        queue_id int,
        user_id int,
        whatsapp_id int not null,
        created_at timestamptz,
        accepted_at timestamptz,
        replied boolean not null default false,
        tagged boolean not null default false,
        msgs_in int not null default 0,
        primary key (company_id, ticket_id)
      )`);
    // Tickets open with each agent now (the per-agent table): an index-only walk of the open ones.
    this.addSql(`create index dashboard_tickets_open_index on dashboard_tickets (company_id, status, user_id, queue_id, whatsapp_id)`);
    this.addSql(`
      create table dashboard_rollups (
        company_id int not null references companies(id) on delete cascade,
        day date not null,
        hour smallint not null,
        queue_id int not null default 0,
        whatsapp_id int not null default 0,
        user_id int not null default 0,
        created int not null default 0,
        accepted int not null default 0,
        closed int not null default 0,
        reopened int not null default 0,
        transferred int not null default 0,
        wait_ms bigint not null default 0,
        wait_n int not null default 0,
        handle_ms bigint not null default 0,
        handle_n int not null default 0,
        msgs_in int not null default 0,
        msgs_out int not null default 0,
        new_contacts int not null default 0,
        abandoned int not null default 0,
        reply_ms bigint not null default 0,
        reply_n int not null default 0,
        qualified int not null default 0,
        hot int not null default 0,
        active_contacts int not null default 0,
        primary key (company_id, day, hour, queue_id, whatsapp_id, user_id)
      )`);
    // Who wrote on which day (the CRM's unique contacts per day); one row per contact, day and connection.
    this.addSql(`
      create table dashboard_contact_days (
        company_id int not null references companies(id) on delete cascade,
        day date not null,
        whatsapp_id int not null,
        contact_id int not null,
        primary key (company_id, day, whatsapp_id, contact_id)
      )`);
    this.addSql(`
      create table dashboard_seen_events (
        company_id int not null references companies(id) on delete cascade,
        event_id varchar(64) not null,
        seen_at timestamptz not null default now(),
        primary key (company_id, event_id)
      )`);
    this.addSql(`create index dashboard_seen_events_seen_at_index on dashboard_seen_events (seen_at)`);
  }
  override async down(): Promise<void> {
    this.addSql('drop table if exists dashboard_seen_events');
    this.addSql('drop table if exists dashboard_contact_days');
    this.addSql('drop table if exists dashboard_rollups');
    this.addSql('drop table if exists dashboard_tickets');
  }
}
