import { Migration } from '@mikro-orm/migrations';

export class HelpsInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table helps (
        id serial primary key,
        title varchar(120) not null,
        video varchar(32) not null,
        description text not null default '',
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);
    this.addSql(`create index helps_title_lower_index on helps (lower(title))`);
  }
  override async down(): Promise<void> {
    this.addSql('drop table if exists helps');
  }
}
