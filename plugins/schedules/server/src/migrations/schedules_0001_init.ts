import { Migration } from '@mikro-orm/migrations';

export class SchedulesInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table schedules (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        contact_id int not null references contacts(id) on delete cascade,
        user_id int references users(id) on delete set null,
        body text not null,
        send_at timestamptz not null,
        sent_at timestamptz,
        status varchar(10) not null default 'pending' check (status in ('pending', 'sent', 'failed')),
        error varchar(255),
        attempts int not null default 0,
        whatsapp_id int,
        ticket_id int,
        message_id int,
        media_url varchar(255),
        media_name varchar(255),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);
    // The calendar reads a company's range by send time; the boot re-arm scans pending ones.
    this.addSql(`create index schedules_company_send_at_index on schedules (company_id, send_at, id)`);
    this.addSql(`create index schedules_pending_index on schedules (id) where status = 'pending'`);
  }
  override async down(): Promise<void> {
    this.addSql('drop table if exists schedules');
  }
}
