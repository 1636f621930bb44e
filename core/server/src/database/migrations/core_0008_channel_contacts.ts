import { Migration } from '@mikro-orm/migrations';

/**
 * The phone book each connection's session reports (WhatsApp sends it as contacts.upsert after
 * linking), kept whether or not the numbers are company contacts yet, so POST /contacts/import can
 * turn it into contacts later (core-operations §7). One row per number and connection; rows go with
 * their connection or company. Only phone numbers (8 to 15 digits, E.164) are kept: never group ids.
 */
export class CoreChannelContacts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table channel_contacts (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        whatsapp_id int not null references whatsapps(id) on delete cascade,
        number varchar(15) not null check (number ~ '^[0-9]{8,15}$'),
        name varchar(100),
        profile_pic_url text,
        updated_at timestamptz not null default now(),
        unique (whatsapp_id, number)
      )`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists channel_contacts');
  }
}
