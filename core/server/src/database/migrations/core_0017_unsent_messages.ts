import { Migration } from '@mikro-orm/migrations';

/**
 * The outbound sweep looks for outgoing messages that were stored but never left (a crash between
 * storing and queueing): a small partial index keeps that look cheap however large messages grows.
 */
export class CoreUnsentMessages extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index messages_unsent_index on messages (created_at) where from_me and ack = 0 and provider_message_id is null and not is_deleted`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists messages_unsent_index`);
  }
}
