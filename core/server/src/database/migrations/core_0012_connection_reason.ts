import { Migration } from '@mikro-orm/migrations';

/** Why a connection is DISCONNECTED for good (logged_out, replaced, outdated_client…), shown to its admins (issue 10). */
export class CoreConnectionReason extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table whatsapps add column status_reason varchar(40)`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table whatsapps drop column if exists status_reason`);
  }
}
