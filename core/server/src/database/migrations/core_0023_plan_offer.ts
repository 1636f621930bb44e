import { Migration } from '@mikro-orm/migrations';

/**
 * Plans gain whether tenants may choose them (issue 27 item 1: a company could change to the platform's
 * own plan by id) and their trial days (item 6: a new company is due today + the plan's trial days).
 * The platform company's plan is never offered.
 */
export class CorePlanOffer extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table plans
      add column offered boolean not null default true,
      add column trial_days int not null default 30 check (trial_days between 0 and 365)`);
    this.addSql(`update plans set offered = false where id in (select plan_id from companies where is_platform and plan_id is not null)`);
  }
  override async down(): Promise<void> {
    this.addSql(`alter table plans drop column offered, drop column trial_days`);
  }
}
