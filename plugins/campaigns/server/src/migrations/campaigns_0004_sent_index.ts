import { Migration } from '@mikro-orm/migrations';

/** The dashboard's "sent today" card (issue 32) counts a company's sends since midnight from this index. */
export class CampaignsSentIndex extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index campaign_shipping_sent_index on campaign_shipping (company_id, sent_at) where sent_at is not null`);
  }
  override async down(): Promise<void> {
    this.addSql(`drop index if exists campaign_shipping_sent_index`);
  }
}
