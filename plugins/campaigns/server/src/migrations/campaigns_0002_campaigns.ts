import { Migration } from '@mikro-orm/migrations';

export class CampaignsCampaigns extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table campaigns (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        name varchar(50) not null,
        status varchar(20) not null default 'INATIVA',
        message1 text, message2 text, message3 text, message4 text, message5 text,
        media_path varchar(255), media_name varchar(255),
        recipient_type varchar(10) not null default 'contacts',
        tag_id int, contact_list_id int, add_tag_id int, remove_tag_id int, whatsapp_id int,
        schedule_type varchar(10), confirm_now timestamptz, scheduled_at timestamptz, completed_at timestamptz,
        max_contacts int,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        unique (id, company_id)
      )`);
    this.addSql(`create index campaigns_company_index on campaigns (company_id, id)`);
    this.addSql(`create index campaigns_status_index on campaigns (status) where status in ('PROGRAMADA', 'EM_ANDAMENTO')`);
    // The send log: one row per (campaign, number), written when the campaign starts, before any send.
    this.addSql(`
      create table campaign_shipping (
        id serial primary key,
        company_id int not null,
        campaign_id int not null,
        number varchar(30) not null,
        name varchar(255) not null default '',
        email varchar(254) not null default '',
        contact_list_item_id int,
        contact_id int,
        is_whatsapp_valid boolean,
        variant smallint not null,
        status varchar(10) not null default 'pending',
        scheduled_for timestamptz,
        message text,
        message_id int,
        ticket_id int,
        sent_at timestamptz,
        delivered_at timestamptz,
        read_at timestamptz,
        error varchar(255),
        attempts int not null default 0,
        foreign key (campaign_id, company_id) references campaigns (id, company_id) on delete cascade,
        unique (campaign_id, number)
      )`);
    this.addSql(`create index campaign_shipping_open_index on campaign_shipping (campaign_id, id) where status in ('pending', 'sent')`);
    this.addSql(`
      create table campaign_settings (
        company_id int not null references companies(id) on delete cascade,
        key varchar(50) not null,
        value jsonb not null,
        primary key (company_id, key)
      )`);
  }
  override async down(): Promise<void> {
    this.addSql('drop table if exists campaign_settings');
    this.addSql('drop table if exists campaign_shipping');
    this.addSql('drop table if exists campaigns');
  }
}
