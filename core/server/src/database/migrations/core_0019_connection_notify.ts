import { Migration } from '@mikro-orm/migrations';

/**
 * The inbound pipeline keeps each connection's ticket timers and its company's group setting in memory
 * (issue 13 item 1: one query less per message). These triggers announce their changes on the same
 * channel as the session triggers (database/change-feed.ts): `w:<connection>` and `s:<company>`.
 */
export class CoreConnectionNotify extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create function atende_notify_whatsapp() returns trigger language plpgsql as $$
      begin
        perform pg_notify('atende_sessions', 'w:' || coalesce(new.id, old.id));
        return null;
      end $$`);
    this.addSql(`
      create function atende_notify_settings() returns trigger language plpgsql as $$
      begin
        perform pg_notify('atende_sessions', 's:' || coalesce(new.company_id, old.company_id));
        return null;
      end $$`);
    this.addSql(`
      create trigger whatsapps_change_notify after update of company_id, expires_ticket, transfer_queue_id, time_to_transfer or delete on whatsapps
      for each row execute function atende_notify_whatsapp()`);
    this.addSql(`
      create trigger settings_change_notify after insert or update or delete on settings
      for each row execute function atende_notify_settings()`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists settings_change_notify on settings`);
    this.addSql(`drop trigger if exists whatsapps_change_notify on whatsapps`);
    this.addSql(`drop function if exists atende_notify_settings(), atende_notify_whatsapp()`);
  }
}
