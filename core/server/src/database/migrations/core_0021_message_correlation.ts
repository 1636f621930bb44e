import { Migration } from '@mikro-orm/migrations';

/**
 * Messages port `findSent`: a job asks whether its message was already stored before sending again.
 * Partial (only messages sent by plugins with a correlation id), so it stays small and that look cheap.
 */
export class CoreMessageCorrelation extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index messages_correlation_index on messages (company_id, source, correlation_id) where correlation_id is not null`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists messages_correlation_index`);
  }
}
