import { Migration } from '@mikro-orm/migrations';

/**
 * The header's counts kept, not counted (issue 37 item 4). Counting a company's 20,000 open tickets
 * walked 20,000 index entries per request: a few ms of CPU that a loaded machine stretched to 7.9×
 * the health check. Now tickets are counted per (company, status, queue, user) group:
 *
 * - `ticket_counts` holds the groups' totals; `ticket_count_deltas` the changes not folded in yet.
 *   Triggers on tickets add a +1 / -1 delta row when a ticket is inserted, deleted or changes one of
 *   those four columns (an inbound message's counters update fires nothing: `update of` lists the
 *   columns, and `when` skips an unchanged value). Appending rows never waits for another
 *   transaction: a counter row updated in place would serialise every ticket change of a group and
 *   could deadlock two transfers in opposite directions.
 * - A count sums the group rows and the pending deltas of one snapshot, with the lists' own
 *   visibility condition (the groups carry exactly the columns it reads): it is exact, never stale.
 * - TicketCountsService folds the deltas into the totals every few seconds, in one statement (so a
 *   reader sees the rows before or after, never both) under an advisory lock (one process at a time).
 */
export class CoreTicketCounts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table ticket_counts (
        company_id int not null,
        status text not null,
        queue_id int,
        user_id int,
        n bigint not null
      )`);
    this.addSql(`create unique index ticket_counts_group on ticket_counts (company_id, status, queue_id, user_id) nulls not distinct`);
    this.addSql(`
      create table ticket_count_deltas (
        id bigserial primary key,
        company_id int not null,
        status text not null,
        queue_id int,
        user_id int,
        delta int not null
      )`);
    this.addSql(`create index ticket_count_deltas_company on ticket_count_deltas (company_id)`);
    this.addSql(`
      create function atende_ticket_count() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then
          insert into ticket_count_deltas (company_id, status, queue_id, user_id, delta) values (old.company_id, old.status, old.queue_id, old.user_id, -1);
        end if;
        if tg_op <> 'DELETE' then
          insert into ticket_count_deltas (company_id, status, queue_id, user_id, delta) values (new.company_id, new.status, new.queue_id, new.user_id, 1);
        end if;
        return null;
      end $$`);
    // Emptied tickets (a test's reset) leave no count behind.
    this.addSql(`
      create function atende_ticket_count_truncate() returns trigger language plpgsql as $$
      begin
        truncate ticket_counts, ticket_count_deltas;
        return null;
      end $$`);
    // Taken before the totals are read, so no ticket changes between the count and the triggers.
    this.addSql(`lock table tickets in share row exclusive mode`);
    this.addSql(`create trigger tickets_count_rows after insert or delete on tickets for each row execute function atende_ticket_count()`);
    this.addSql(`
      create trigger tickets_count_changes after update of company_id, status, queue_id, user_id on tickets for each row
      when (old.company_id is distinct from new.company_id or old.status is distinct from new.status
            or old.queue_id is distinct from new.queue_id or old.user_id is distinct from new.user_id)
      execute function atende_ticket_count()`);
    this.addSql(`create trigger tickets_count_truncate after truncate on tickets for each statement execute function atende_ticket_count_truncate()`);
    this.addSql(`
      insert into ticket_counts (company_id, status, queue_id, user_id, n)
      select company_id, status, queue_id, user_id, count(*) from tickets group by company_id, status, queue_id, user_id`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists tickets_count_truncate on tickets`);
    this.addSql(`drop trigger if exists tickets_count_changes on tickets`);
    this.addSql(`drop trigger if exists tickets_count_rows on tickets`);
    this.addSql(`drop function if exists atende_ticket_count_truncate()`);
    this.addSql(`drop function if exists atende_ticket_count()`);
    this.addSql(`drop table if exists ticket_count_deltas`);
    this.addSql(`drop table if exists ticket_counts`);
  }
}
