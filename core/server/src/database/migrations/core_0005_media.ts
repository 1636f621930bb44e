import { Migration } from '@mikro-orm/migrations';

/**
 * Outbound media and the conversation view: a document's original file name, why a delivery finally
 * failed (with ack -1), and the index that pages a contact's whole conversation on one connection
 * (every ticket) newest first.
 */
export class CoreMedia extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table messages add column media_name varchar(255)`);
    this.addSql(`alter table messages add column send_error varchar(40)`);
    this.addSql(`create index messages_conversation_index on messages (contact_id, whatsapp_id, id desc)`);
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists messages_conversation_index');
    this.addSql('alter table messages drop column if exists send_error');
    this.addSql('alter table messages drop column if exists media_name');
  }
}
