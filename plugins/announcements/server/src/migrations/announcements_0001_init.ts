import { Migration } from '@mikro-orm/migrations';

export class AnnouncementsInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table announcements (
        id serial primary key,
        title varchar(150) not null,
        text text not null,
        priority smallint not null default 3 check (priority between 1 and 3),
        status boolean not null default true,
        media_url varchar(255),
        media_name varchar(255),
        media_company_id int references companies(id) on delete set null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);
    // Readers list active ones by priority, newest first.
    this.addSql(`create index announcements_status_priority_index on announcements (status, priority, id desc)`);
  }
  override async down(): Promise<void> {
    this.addSql('drop table if exists announcements');
  }
}
