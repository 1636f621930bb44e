import { Migration } from '@mikro-orm/migrations';

/**
 * What a stored inbound message says about where it came from (issue 9 items 10 and 21):
 * - `simulated`: it came through the sandbox provider, not from a real phone;
 * - `participant` / `participant_name`: in a group, the number and name of who wrote it.
 * The quoted message (item 20) already has its column (quoted_msg_id); inbound now fills it.
 */
export class CoreMessageDetails extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table messages add column simulated boolean not null default false,
         add column participant varchar(30), add column participant_name varchar(100)`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table messages drop column if exists simulated, drop column if exists participant, drop column if exists participant_name`);
  }
}
