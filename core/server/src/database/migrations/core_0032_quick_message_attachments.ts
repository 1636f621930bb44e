import { Migration } from '@mikro-orm/migrations';

/**
 * A quick message may carry an attachment a plugin provides (issue 38 item 11: a file list): the kind
 * names the plugin's contribution to QUICK_MESSAGE_ATTACHMENTS (`files.fileList`), the id its record,
 * the label what the dialogs show. All three or none.
 */
export class CoreQuickMessageAttachments extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table quick_messages
      add column attachment_kind varchar(100) null,
      add column attachment_id int null,
      add column attachment_label varchar(255) null,
      add constraint quick_messages_attachment_whole check (
        (attachment_kind is null and attachment_id is null and attachment_label is null)
        or (attachment_kind is not null and attachment_id is not null and attachment_label is not null))`);
  }
  override async down(): Promise<void> {
    this.addSql(`alter table quick_messages drop constraint quick_messages_attachment_whole,
      drop column attachment_kind, drop column attachment_id, drop column attachment_label`);
  }
}
