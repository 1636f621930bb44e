import { Migration } from '@mikro-orm/migrations';

export class AiInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table ai_prompts (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        name varchar(100) not null,
        prompt text not null,
        model varchar(100) not null,
        max_tokens int not null check (max_tokens > 0),
        temperature double precision not null check (temperature between 0 and 1),
        max_messages int not null check (max_messages between 1 and 100),
        queue_id int not null,
        voice varchar(40),
        api_key_sealed text,
        base_url varchar(500),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);
    this.addSql(`create index ai_prompts_company_index on ai_prompts (company_id, name)`);
    this.addSql(`
      create table ai_credit_usage (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        operation varchar(30) not null,
        amount int not null check (amount >= 0),
        ticket_id int,
        user_id int,
        refunded boolean not null default false,
        detail varchar(255),
        created_at timestamptz not null default now()
      )`);
    this.addSql(`create index ai_credit_usage_company_index on ai_credit_usage (company_id, created_at)`);
    this.addSql(`
      create table ai_answers (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        ticket_id int not null,
        message_id int not null,
        prompt_id int,
        outcome varchar(20) not null,
        reason varchar(255),
        created_at timestamptz not null default now(),
        unique (company_id, message_id)
      )`);
    this.addSql(`create index ai_answers_ticket_index on ai_answers (company_id, ticket_id, id)`);
    this.addSql(`
      create table ai_images (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        user_id int not null,
        prompt text not null,
        model varchar(60) not null,
        quality varchar(10) not null,
        size varchar(12) not null,
        status varchar(10) not null check (status in ('pending', 'completed', 'error')),
        image_path text,
        credits_consumed int not null default 0,
        error_message varchar(255),
        created_at timestamptz not null default now()
      )`);
    this.addSql(`create index ai_images_company_index on ai_images (company_id, id)`);
    this.addSql(`
      create table ai_transcriptions (
        company_id int not null references companies(id) on delete cascade,
        message_id int not null,
        text text not null,
        credits_consumed int not null default 0,
        created_at timestamptz not null default now(),
        primary key (company_id, message_id)
      )`);
    // The platform's OpenAI key (the super user's Credits tab), sealed; held under the platform company.
    this.addSql(`
      create table ai_secrets (
        company_id int not null references companies(id) on delete cascade,
        key varchar(60) not null,
        sealed text not null,
        updated_at timestamptz not null default now(),
        primary key (company_id, key)
      )`);
  }
  override async down(): Promise<void> {
    this.addSql('drop table if exists ai_secrets');
    this.addSql('drop table if exists ai_transcriptions');
    this.addSql('drop table if exists ai_images');
    this.addSql('drop table if exists ai_answers');
    this.addSql('drop table if exists ai_credit_usage');
    this.addSql('drop table if exists ai_prompts');
  }
}
