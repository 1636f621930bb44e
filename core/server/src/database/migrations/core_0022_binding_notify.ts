import { Migration } from '@mikro-orm/migrations';

/**
 * The inbound chain keeps each ticket's handler binding (its queue's, else its connection's) in memory
 * (issue 13 item 1: no binding query per inbound message), so a change of a connection's or a queue's
 * binding is announced on the change feed: `w:<connection>` as before, and `q:<queue>`.
 */
export class CoreBindingNotify extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop trigger if exists whatsapps_change_notify on whatsapps`);
    this.addSql(`
      create trigger whatsapps_change_notify after update of company_id, status, provider, expires_ticket, transfer_queue_id, time_to_transfer, bound_plugin, bound_ref or delete on whatsapps
      for each row execute function atende_notify_whatsapp()`);
    this.addSql(`
      create function atende_notify_queue() returns trigger language plpgsql as $$
      begin
        perform pg_notify('atende_sessions', 'q:' || coalesce(new.id, old.id));
        return null;
      end $$`);
    this.addSql(`
      create trigger queues_binding_notify after update of company_id, bound_plugin, bound_ref or delete on queues
      for each row execute function atende_notify_queue()`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists queues_binding_notify on queues`);
    this.addSql(`drop function if exists atende_notify_queue()`);
    this.addSql(`drop trigger if exists whatsapps_change_notify on whatsapps`);
    this.addSql(`
      create trigger whatsapps_change_notify after update of company_id, status, provider, expires_ticket, transfer_queue_id, time_to_transfer or delete on whatsapps
      for each row execute function atende_notify_whatsapp()`);
  }
}
