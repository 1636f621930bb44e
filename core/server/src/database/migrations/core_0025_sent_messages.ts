import { Migration } from '@mikro-orm/migrations';

/**
 * Copies of sent messages, which Baileys resends when a recipient's phone asks for a retry, get their
 * own table indexed by (connection, time) (issue 28 item 7): kept as `sent-msg-*` rows of
 * channel_auth_state they grew to millions next to the few signal keys, and pruning them scanned keys
 * by prefix. Existing copies move over as they are (encrypted, still bound to `sent-msg-<id>`).
 */
export class CoreSentMessages extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table channel_sent_messages (
        whatsapp_id int not null references whatsapps(id) on delete cascade,
        message_id varchar(200) not null,
        value text not null,
        created_at timestamptz not null default now(),
        primary key (whatsapp_id, message_id)
      )`);
    this.addSql(`create index channel_sent_messages_age on channel_sent_messages (whatsapp_id, created_at)`);
    this.addSql(`
      insert into channel_sent_messages (whatsapp_id, message_id, value, created_at)
      select whatsapp_id, substr(key, 10), value, updated_at from channel_auth_state where starts_with(key, 'sent-msg-')
      on conflict do nothing`);
    this.addSql(`delete from channel_auth_state where starts_with(key, 'sent-msg-')`);
  }

  override async down(): Promise<void> {
    this.addSql(`
      insert into channel_auth_state (whatsapp_id, key, value, updated_at)
      select whatsapp_id, 'sent-msg-' || message_id, value, created_at from channel_sent_messages
      on conflict do nothing`);
    this.addSql('drop table if exists channel_sent_messages');
  }
}
