import { Migration } from '@mikro-orm/migrations';

/**
 * The sandbox's inbound route keeps each connection's provider and status in memory too (issue 13 item
 * 1: no query per simulated message), so a change of status or provider is announced like the timers.
 */
export class CoreConnectionStatusNotify extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop trigger if exists whatsapps_change_notify on whatsapps`);
    this.addSql(`
      create trigger whatsapps_change_notify after update of company_id, status, provider, expires_ticket, transfer_queue_id, time_to_transfer or delete on whatsapps
      for each row execute function atende_notify_whatsapp()`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists whatsapps_change_notify on whatsapps`);
    this.addSql(`
      create trigger whatsapps_change_notify after update of company_id, expires_ticket, transfer_queue_id, time_to_transfer or delete on whatsapps
      for each row execute function atende_notify_whatsapp()`);
  }
}
