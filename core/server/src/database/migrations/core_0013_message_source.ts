import { Migration } from '@mikro-orm/migrations';

/**
 * Who sent a message through the Messages port (a plugin id) and the caller's correlation id, told
 * back on message.sent and message.ack (issue 11 item 3).
 */
export class CoreMessageSource extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table messages add column source varchar(60), add column correlation_id varchar(100)`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table messages drop column if exists source, drop column if exists correlation_id`);
  }
}
