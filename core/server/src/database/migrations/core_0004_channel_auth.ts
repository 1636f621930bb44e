import { Migration } from '@mikro-orm/migrations';

/** Baileys credentials and signal keys per connection, encrypted by the application (never files). */
export class CoreChannelAuth extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table channel_auth_state (
        whatsapp_id int not null references whatsapps(id) on delete cascade,
        key varchar(300) not null,
        value text not null,
        updated_at timestamptz not null default now(),
        primary key (whatsapp_id, key)
      )`);
  }
  override async down(): Promise<void> {
    this.addSql('drop table if exists channel_auth_state');
  }
}
