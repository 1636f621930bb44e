import { Migration } from '@mikro-orm/migrations';

/** Webhook subscriptions and their delivery log (issue 34 item 2). */
export class WebhooksInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table webhook_subscriptions (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        url varchar(2000) not null,
        events jsonb not null,
        active boolean not null default true,
        secret varchar(64) not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);
    this.addSql(`create index webhook_subscriptions_company_id_index on webhook_subscriptions (company_id)`);
    this.addSql(`
      create table webhook_deliveries (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        subscription_id int not null references webhook_subscriptions(id) on delete cascade,
        event_id varchar(80),
        event varchar(40) not null,
        lane varchar(40) not null,
        ticket_id int,
        body text not null,
        status varchar(12) not null default 'pending',
        attempts int not null default 0,
        response_code int,
        error varchar(500),
        next_attempt_at timestamptz,
        delivered_at timestamptz,
        redelivery_of int,
        created_at timestamptz not null default now()
      )`);
    this.addSql(`create index webhook_deliveries_company_id_index on webhook_deliveries (company_id, id desc)`);
    // One delivery per (subscription, domain event, webhook event): a domain event handed over twice adds nothing.
    this.addSql(`create unique index webhook_deliveries_event_unique on webhook_deliveries (subscription_id, event_id, event) where event_id is not null`);
    // The head of a lane: its oldest delivery not yet settled.
    this.addSql(`create index webhook_deliveries_lane_open on webhook_deliveries (subscription_id, lane, id) where status in ('pending', 'retrying')`);
  }
  override async down(): Promise<void> {
    this.addSql('drop table if exists webhook_deliveries');
    this.addSql('drop table if exists webhook_subscriptions');
  }
}
