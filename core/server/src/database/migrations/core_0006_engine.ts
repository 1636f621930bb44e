import { Migration } from '@mikro-orm/migrations';

/**
 * Channel engine, second round: the pairing code a session shows (beside the QR), when the queue bot
 * first spoke on a ticket (timeUseBotQueues counts from there), and the sandbox phone's calls.
 */
export class CoreEngine extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table whatsapps add column pairing_code varchar(20) not null default ''`);
    this.addSql(`alter table tickets add column bot_started_at timestamptz`);
    this.addSql(`
      create table sandbox_calls (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        whatsapp_id int not null references whatsapps(id) on delete cascade,
        from_number varchar(60) not null,
        call_id varchar(100) not null,
        rejected_at timestamptz,
        created_at timestamptz not null default now(),
        unique (whatsapp_id, call_id)
      )`);
    this.addSql(`create index sandbox_calls_lookup on sandbox_calls (whatsapp_id, from_number, id)`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists sandbox_calls');
    this.addSql('alter table tickets drop column if exists bot_started_at');
    this.addSql('alter table whatsapps drop column if exists pairing_code');
  }
}
