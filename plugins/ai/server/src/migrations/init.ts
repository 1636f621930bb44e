import { Migration } from '@mikro-orm/migrations';

export class AiInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table ai_items (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        title varchar(120) not null,
        source_event varchar(36) unique,
        created_at timestamptz not null default now()
      )`);
    this.addSql(`create index ai_items_company_id_index on ai_items (company_id)`);
  }
  override async down(): Promise<void> {
    this.addSql('drop table if exists ai_items');
  }
}
