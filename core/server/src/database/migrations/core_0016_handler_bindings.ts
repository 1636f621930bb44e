import { Migration } from '@mikro-orm/migrations';

/**
 * Generic handler bindings (issue 11 item 2): a connection or a queue names one plugin's record (plugin
 * id + record id) in place of the unused `integration_id`/`prompt_id` columns of connections. Old
 * values become bindings of the plugins that will own them (`integrations`, `ai`), an integration
 * winning over a prompt as it did in the products we replace.
 */
export class CoreHandlerBindings extends Migration {
  override async up(): Promise<void> {
    for (const table of ['whatsapps', 'queues']) {
      this.addSql(`
        alter table ${table} add column bound_plugin varchar(60), add column bound_ref int,
          add constraint ${table}_binding_whole check ((bound_plugin is null) = (bound_ref is null))`);
    }
    this.addSql(`
      update whatsapps set bound_plugin = case when integration_id is not null then 'integrations' else 'ai' end,
                           bound_ref = coalesce(integration_id, prompt_id)
       where integration_id is not null or prompt_id is not null`);
    this.addSql(`alter table whatsapps drop column integration_id, drop column prompt_id`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table whatsapps add column integration_id int, add column prompt_id int`);
    this.addSql(`update whatsapps set integration_id = bound_ref where bound_plugin = 'integrations'`);
    this.addSql(`update whatsapps set prompt_id = bound_ref where bound_plugin = 'ai'`);
    for (const table of ['whatsapps', 'queues']) this.addSql(`alter table ${table} drop column bound_plugin, drop column bound_ref`);
  }
}
