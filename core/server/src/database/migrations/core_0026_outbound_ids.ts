import { Migration } from '@mikro-orm/migrations';

/**
 * Exactly-once outbound (issue 28 item 1): an outgoing message gets its provider id before it is sent,
 * so "never left" is now ack 0 whether or not an id is stored (the sweep's index follows), and the
 * sandbox phone keeps one message per id (a retry under the same id is not delivered twice).
 */
export class CoreOutboundIds extends Migration {
  override async up(): Promise<void> {
    // Until now the kernel stored an id only with ack 1, so an id at ack 0 is our own message typed on
    // the phone (stored by the inbound path at 0): it left already, and at 0 it would be sent again.
    this.addSql(`update messages set ack = 1 where from_me and ack = 0 and provider_message_id is not null and not is_deleted`);
    this.addSql(`drop index if exists messages_unsent_index`);
    this.addSql(`create index messages_unsent_index on messages (created_at) where from_me and ack = 0 and not is_deleted`);
    this.addSql(`drop index if exists sandbox_outbox_provider_id`);
    this.addSql(`create unique index sandbox_outbox_provider_id on sandbox_outbox (whatsapp_id, provider_message_id)`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists sandbox_outbox_provider_id`);
    this.addSql(`create index sandbox_outbox_provider_id on sandbox_outbox (whatsapp_id, provider_message_id)`);
    this.addSql(`drop index if exists messages_unsent_index`);
    this.addSql(`create index messages_unsent_index on messages (created_at) where from_me and ack = 0 and provider_message_id is null and not is_deleted`);
  }
}
