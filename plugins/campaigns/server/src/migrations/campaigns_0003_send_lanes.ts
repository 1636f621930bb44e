import { Migration } from '@mikro-orm/migrations';

/**
 * The send lanes (issue 37 items 2–3) read a running campaign's next pending row by time, and a batch
 * of its due rows in time order, straight from this index (no per-recipient jobs any more).
 */
export class CampaignsSendLanes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index campaign_shipping_pending_time_index on campaign_shipping (campaign_id, scheduled_for, id) where status = 'pending'`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists campaign_shipping_pending_time_index`);
  }
}
