import { Migration } from '@mikro-orm/migrations';

export class FilesInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table file_lists (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        user_id int references users(id) on delete set null,
        name varchar(255) not null,
        message text not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);
    // One name per company, whatever its case (the API answers 409 ERR_FILE_NAME_ALREADY_EXISTS).
    this.addSql(`create unique index file_lists_company_name_unique on file_lists (company_id, lower(name))`);
    this.addSql(`
      create table file_list_options (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        file_list_id int not null references file_lists(id) on delete cascade,
        name varchar(255) not null,
        position int not null default 0,
        media_url varchar(255),
        media_type varchar(255),
        media_name varchar(255),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);
    this.addSql(`create index file_list_options_list_index on file_list_options (file_list_id, position, id)`);
  }
  override async down(): Promise<void> {
    this.addSql('drop table if exists file_list_options');
    this.addSql('drop table if exists file_lists');
  }
}
