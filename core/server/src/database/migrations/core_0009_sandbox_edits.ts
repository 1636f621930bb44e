import { Migration } from '@mikro-orm/migrations';

/**
 * The sandbox phone shows what happened to a message after it arrived, as a real phone does: edited
 * (the body is replaced, edited_at set) or deleted for everyone (deleted_at set, the body kept for the
 * tester to see what was withdrawn). Lookups go by the provider message id the session handed out.
 */
export class CoreSandboxEdits extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table sandbox_outbox add column edited_at timestamptz, add column deleted_at timestamptz`);
    this.addSql(`create index sandbox_outbox_provider_id on sandbox_outbox (whatsapp_id, provider_message_id)`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists sandbox_outbox_provider_id`);
    this.addSql(`alter table sandbox_outbox drop column if exists edited_at, drop column if exists deleted_at`);
  }
}
