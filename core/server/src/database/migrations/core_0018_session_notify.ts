import { Migration } from '@mikro-orm/migrations';

/**
 * Every process keeps the signed-in users (with their company and queues) in memory, so a request
 * costs no query to authenticate (issue 13 item 2). These triggers tell every process, through
 * NOTIFY on `atende_sessions` (database/change-feed.ts) (delivered only when the change commits), which user or company changed,
 * whatever wrote it: a service, raw SQL, a plugin through a port, a migration. Only the columns the
 * cache holds fire them (a user's heartbeat does not).
 */
export class CoreSessionNotify extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create function atende_notify_user() returns trigger language plpgsql as $$
      begin
        perform pg_notify('atende_sessions', 'u:' || coalesce(new.id, old.id));
        return null;
      end $$`);
    this.addSql(`
      create function atende_notify_company() returns trigger language plpgsql as $$
      begin
        perform pg_notify('atende_sessions', 'c:' || coalesce(new.id, old.id));
        return null;
      end $$`);
    this.addSql(`
      create function atende_notify_user_queue() returns trigger language plpgsql as $$
      begin
        perform pg_notify('atende_sessions', 'u:' || coalesce(new.user_id, old.user_id));
        if tg_op = 'UPDATE' and new.user_id <> old.user_id then perform pg_notify('atende_sessions', 'u:' || old.user_id); end if;
        return null;
      end $$`);
    this.addSql(`
      create trigger users_session_notify after update of company_id, profile, super, enabled, token_version, all_ticket or delete on users
      for each row execute function atende_notify_user()`);
    this.addSql(`
      create trigger companies_session_notify after update of status, due_date, is_platform or delete on companies
      for each row execute function atende_notify_company()`);
    this.addSql(`
      create trigger user_queues_session_notify after insert or update or delete on user_queues
      for each row execute function atende_notify_user_queue()`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists user_queues_session_notify on user_queues`);
    this.addSql(`drop trigger if exists companies_session_notify on companies`);
    this.addSql(`drop trigger if exists users_session_notify on users`);
    this.addSql(`drop function if exists atende_notify_user_queue(), atende_notify_company(), atende_notify_user()`);
  }
}
