import { Migration } from '@mikro-orm/migrations';

/**
 * The Cloud API numbers (one per connection, secrets sealed with AES-256-GCM), each contact's
 * customer-service window, and the template sends the provider reads when their message leaves.
 */
export class CloudApiInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table cloud_api_numbers (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        whatsapp_id int not null unique references whatsapps(id) on delete cascade,
        phone_number_id varchar(30) not null unique,
        waba_id varchar(30) not null,
        access_token_enc text not null,
        app_secret_enc text not null,
        verify_token varchar(64) not null,
        webhook_key varchar(64) not null unique,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);
    this.addSql(`create index cloud_api_numbers_company_id_index on cloud_api_numbers (company_id)`);
    this.addSql(`
      create table cloud_api_windows (
        company_id int not null references companies(id) on delete cascade,
        whatsapp_id int not null references whatsapps(id) on delete cascade,
        wa_id varchar(30) not null,
        last_inbound_at timestamptz not null,
        primary key (whatsapp_id, wa_id)
      )`);
    this.addSql(`create index cloud_api_windows_company_id_index on cloud_api_windows (company_id)`);
    this.addSql(`
      create table cloud_api_template_sends (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        whatsapp_id int not null references whatsapps(id) on delete cascade,
        name varchar(512) not null,
        language varchar(15) not null,
        parameters jsonb not null default '[]',
        created_at timestamptz not null default now()
      )`);
    this.addSql(`create index cloud_api_template_sends_company_id_index on cloud_api_template_sends (company_id)`);
  }
  override async down(): Promise<void> {
    this.addSql('drop table if exists cloud_api_template_sends');
    this.addSql('drop table if exists cloud_api_windows');
    this.addSql('drop table if exists cloud_api_numbers');
  }
}
