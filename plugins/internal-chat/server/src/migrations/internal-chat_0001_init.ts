import { Migration } from '@mikro-orm/migrations';

export class InternalChatInit extends Migration {
  override async up(): Promise<void> {
    // Every table carries company_id and every query of the plugin filters by it.
    this.addSql(`
      create table chats (
        id serial primary key,
        uuid uuid not null default gen_random_uuid() unique,
        company_id int not null references companies(id) on delete cascade,
        title varchar(100) not null,
        owner_id int references users(id) on delete set null,
        last_message text not null default '',
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);
    this.addSql(`create index chats_company_id_updated_at_index on chats (company_id, updated_at desc)`);
    this.addSql(`
      create table chat_users (
        chat_id int not null references chats(id) on delete cascade,
        user_id int not null references users(id) on delete cascade,
        company_id int not null references companies(id) on delete cascade,
        unreads int not null default 0 check (unreads >= 0),
        created_at timestamptz not null default now(),
        primary key (chat_id, user_id)
      )`);
    // A user's chats (the list) are found by user.
    this.addSql(`create index chat_users_user_id_index on chat_users (user_id, company_id)`);
    this.addSql(`
      create table chat_messages (
        id serial primary key,
        chat_id int not null references chats(id) on delete cascade,
        company_id int not null references companies(id) on delete cascade,
        sender_id int references users(id) on delete set null,
        message text not null,
        created_at timestamptz not null default now()
      )`);
    this.addSql(`create index chat_messages_chat_id_id_index on chat_messages (chat_id, id desc)`);
  }
  override async down(): Promise<void> {
    this.addSql('drop table if exists chat_messages');
    this.addSql('drop table if exists chat_users');
    this.addSql('drop table if exists chats');
  }
}
