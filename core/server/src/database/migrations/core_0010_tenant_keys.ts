import { Migration } from '@mikro-orm/migrations';

/**
 * A ticket's contact, connection, queue and user belong to the ticket's company, and the database
 * refuses anything else (issue 9 item 2): composite foreign keys on (company_id, x_id) against a
 * unique (company_id, id) of each parent. The application checks every id too; this is the floor
 * that holds when a code path forgets. `set null (col)` (PostgreSQL 15+) clears only the column, never
 * the ticket's company_id.
 */
const PARENTS = [
  ['contacts', 'contact_id', 'cascade'],
  ['whatsapps', 'whatsapp_id', 'cascade'],
  ['queues', 'queue_id', 'set null (queue_id)'],
  ['users', 'user_id', 'set null (user_id)'],
] as const;

export class CoreTenantKeys extends Migration {
  override async up(): Promise<void> {
    for (const [table, column, onDelete] of PARENTS) {
      this.addSql(`alter table ${table} add constraint ${table}_company_id_id_unique unique (company_id, id)`);
      this.addSql(
        `alter table tickets add constraint tickets_${column}_same_company
           foreign key (company_id, ${column}) references ${table} (company_id, id) on delete ${onDelete}`,
      );
    }
  }

  override async down(): Promise<void> {
    for (const [table, column] of PARENTS) {
      this.addSql(`alter table tickets drop constraint if exists tickets_${column}_same_company`);
      this.addSql(`alter table ${table} drop constraint if exists ${table}_company_id_id_unique`);
    }
  }
}
