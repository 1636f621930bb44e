import { Migration } from '@mikro-orm/migrations';

export class CampaignsContactLists extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table contact_lists (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        name varchar(255) not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        unique (id, company_id)
      )`);
    this.addSql(`create index contact_lists_company_name_index on contact_lists (company_id, name, id)`);
    // (contact_list_id, company_id) points at the list of the same company: an item cannot be filed in
    // another company's list whatever a query forgets.
    this.addSql(`
      create table contact_list_items (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        contact_list_id int not null,
        name varchar(100) not null,
        number varchar(15) not null,
        email varchar(254) not null default '',
        is_whatsapp_valid boolean,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        foreign key (contact_list_id, company_id) references contact_lists (id, company_id) on delete cascade
      )`);
    // One item per number per list: the API answers 409, an upload skips the row with "duplicated".
    this.addSql(`create unique index contact_list_items_list_number_unique on contact_list_items (contact_list_id, number)`);
    this.addSql(`create index contact_list_items_list_name_index on contact_list_items (contact_list_id, name, id)`);
    // What the WhatsApp check still has to look at.
    this.addSql(`create index contact_list_items_unchecked_index on contact_list_items (contact_list_id, id) where is_whatsapp_valid is null`);
  }
  override async down(): Promise<void> {
    this.addSql('drop table if exists contact_list_items');
    this.addSql('drop table if exists contact_lists');
  }
}
