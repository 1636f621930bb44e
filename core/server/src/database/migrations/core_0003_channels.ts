import { Migration } from '@mikro-orm/migrations';

/** Channel engine: connections, contacts, tickets, messages, and the sandbox phone's outbox. */
export class CoreChannels extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table whatsapps (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        name varchar(50) not null,
        provider varchar(30) not null default 'baileys',
        status varchar(20) not null default 'DISCONNECTED',
        qrcode text not null default '',
        retries int not null default 0,
        number varchar(30),
        is_default boolean not null default false,
        greeting_message text not null default '',
        complation_message text not null default '',
        out_of_hours_message text not null default '',
        rating_message text not null default '',
        expires_inactive_message text not null default '',
        expires_ticket int not null default 0,
        time_use_bot_queues int not null default 0,
        max_use_bot_queues int not null default 3,
        transfer_queue_id int references queues(id) on delete set null,
        time_to_transfer int not null default 0,
        integration_id int,
        prompt_id int,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        unique (company_id, name)
      )`);
    this.addSql(`create unique index whatsapps_one_default on whatsapps (company_id) where is_default`);
    this.addSql(`
      create table whatsapp_queues (
        whatsapp_id int not null references whatsapps(id) on delete cascade,
        queue_id int not null references queues(id) on delete cascade,
        primary key (whatsapp_id, queue_id)
      )`);
    this.addSql(`
      create table contacts (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        uuid uuid not null default gen_random_uuid() unique,
        name varchar(100) not null,
        number varchar(60) not null,
        email varchar(254) not null default '',
        profile_pic_url text not null default '',
        is_group boolean not null default false,
        whatsapp_id int references whatsapps(id) on delete set null,
        extra_info jsonb not null default '[]',
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        unique (company_id, number)
      )`);
    this.addSql(`
      create table tickets (
        id serial primary key,
        uuid uuid not null default gen_random_uuid() unique,
        company_id int not null references companies(id) on delete cascade,
        contact_id int not null references contacts(id) on delete cascade,
        whatsapp_id int not null references whatsapps(id) on delete cascade,
        queue_id int references queues(id) on delete set null,
        user_id int references users(id) on delete set null,
        status varchar(10) not null default 'pending' check (status in ('pending','open','closed')),
        unread_messages int not null default 0,
        last_message text not null default '',
        is_group boolean not null default false,
        bot_attempts int not null default 0,
        chatbot boolean not null default false,
        queue_option_id int,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);
    // One pending/open ticket per contact and connection, enforced by the database (no in-process lock).
    this.addSql(`create unique index tickets_one_active on tickets (contact_id, whatsapp_id) where status in ('pending','open')`);
    this.addSql(`create index tickets_list_index on tickets (company_id, status, updated_at desc, id desc)`);
    this.addSql(`
      create table messages (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        ticket_id int not null references tickets(id) on delete cascade,
        contact_id int references contacts(id) on delete set null,
        whatsapp_id int not null references whatsapps(id) on delete cascade,
        user_id int references users(id) on delete set null,
        provider_message_id varchar(200),
        body text not null default '',
        from_me boolean not null default false,
        read boolean not null default false,
        media_type varchar(30) not null default 'chat',
        media_url text,
        ack int not null default 0,
        is_deleted boolean not null default false,
        is_edited boolean not null default false,
        quoted_msg_id int references messages(id) on delete set null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);
    // Replays and retries of the same provider message store it once.
    this.addSql(`create unique index messages_provider_unique on messages (whatsapp_id, provider_message_id) where provider_message_id is not null`);
    this.addSql(`create index messages_ticket_index on messages (ticket_id, id desc)`);
    this.addSql(`
      create table queue_options (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        queue_id int not null references queues(id) on delete cascade,
        parent_id int references queue_options(id) on delete cascade,
        title varchar(100) not null,
        message text not null default '',
        option varchar(10) not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);
    this.addSql(`create index queue_options_tree on queue_options (queue_id, parent_id)`);
    this.addSql(`
      create table tags (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        name varchar(60) not null,
        color varchar(9) not null default '#A4CCCC',
        kanban int not null default 0 check (kanban in (0, 1)),
        user_id int references users(id) on delete set null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        unique (company_id, name)
      )`);
    this.addSql(`
      create table ticket_tags (
        ticket_id int not null references tickets(id) on delete cascade,
        tag_id int not null references tags(id) on delete cascade,
        primary key (ticket_id, tag_id)
      )`);
    this.addSql(`create index ticket_tags_tag_id_index on ticket_tags (tag_id)`);
    this.addSql(`
      create table ticket_notes (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        ticket_id int not null references tickets(id) on delete cascade,
        contact_id int not null references contacts(id) on delete cascade,
        user_id int references users(id) on delete set null,
        note text not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);
    this.addSql(`create index ticket_notes_contact_index on ticket_notes (contact_id, id)`);
    this.addSql(`
      create table quick_messages (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        user_id int references users(id) on delete cascade,
        shortcode varchar(100) not null,
        message text not null default '',
        geral boolean not null default false,
        media_path text,
        media_name varchar(255),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);
    this.addSql(`create index quick_messages_company_user on quick_messages (company_id, user_id)`);
    this.addSql(`
      create table ticket_ratings (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        ticket_id int not null references tickets(id) on delete cascade,
        contact_id int not null references contacts(id) on delete cascade,
        whatsapp_id int not null references whatsapps(id) on delete cascade,
        user_id int references users(id) on delete set null,
        rate int check (rate between 1 and 5),
        created_at timestamptz not null default now(),
        rated_at timestamptz
      )`);
    this.addSql(`create index ticket_ratings_pending on ticket_ratings (contact_id, whatsapp_id) where rate is null`);
    this.addSql(`
      create table sandbox_outbox (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        whatsapp_id int not null references whatsapps(id) on delete cascade,
        to_number varchar(60) not null,
        body text not null default '',
        media_url text,
        provider_message_id varchar(100) not null,
        created_at timestamptz not null default now()
      )`);
    this.addSql(`create index sandbox_outbox_lookup on sandbox_outbox (whatsapp_id, to_number, id)`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists sandbox_outbox, quick_messages, ticket_ratings, ticket_notes, ticket_tags, tags, queue_options, messages, tickets, contacts, whatsapp_queues, whatsapps cascade');
  }
}
