import { Migration } from '@mikro-orm/migrations';

/**
 * The company's AI credits (commercial-admin: Company.creditos, the company form's "credits" field,
 * numeric, minimum 0). Never negative (issue 27 item 12): the check backs the contract's validation.
 */
export class CoreCompanyCredits extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table companies add column credits int not null default 0 check (credits >= 0)`);
  }
  override async down(): Promise<void> {
    this.addSql(`alter table companies drop column credits`);
  }
}
