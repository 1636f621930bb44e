import { Migration } from '@mikro-orm/migrations';

/**
 * The backfill of what happened before the plugin listened (backfill/backfill.job.ts):
 * - dashboard_installed: the moment it was installed; rows created before it are read from the
 *   TICKET_HISTORY port, later ones arrive as domain events. On a database where 0001 ran earlier, the
 *   first thing the writer recorded stands for it (the earliest ticket it saw created or event it kept),
 *   so nothing it already counted is counted again;
 * - dashboard_backfills: each company's progress (phase and the last id applied), moved in the same
 *   transaction as the page it applies.
 */
export class DashboardBackfill extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table dashboard_installed (id smallint primary key default 1 check (id = 1), at timestamptz not null)`);
    this.addSql(`
      insert into dashboard_installed (at)
      select coalesce(least((select min(created_at) from dashboard_tickets), (select min(seen_at) from dashboard_seen_events)), now())`);
    this.addSql(`
      create table dashboard_backfills (
        company_id int primary key references companies(id) on delete cascade,
        phase varchar(10) not null default 'tickets' check (phase in ('tickets', 'messages', 'done')),
        cursor int not null default 0,
        finished_at timestamptz
      )`);
  }
  override async down(): Promise<void> {
    this.addSql('drop table if exists dashboard_backfills');
    this.addSql('drop table if exists dashboard_installed');
  }
}
