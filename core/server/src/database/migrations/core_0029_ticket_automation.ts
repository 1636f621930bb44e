import { Migration } from '@mikro-orm/migrations';

/**
 * A ticket's automation marker (core-operations §3/§4: `useIntegration`, `promptId`, `integrationId`;
 * issue 31): which plugin record (an AI prompt, a queue integration…) is answering the ticket, stored
 * like the queues' and connections' bindings (core_0016) as the plugin id and the record's id, so any
 * automation plugin can set its own. Closing, returning, accepting or transferring clears it.
 */
export class CoreTicketAutomation extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table tickets add column if not exists use_integration boolean not null default false,
                                     add column if not exists automation_plugin varchar(60),
                                     add column if not exists automation_ref integer`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table tickets drop column if exists use_integration, drop column if exists automation_plugin, drop column if exists automation_ref`);
  }
}
