import { Migration } from '@mikro-orm/migrations';

/**
 * Plan features declared by plugins (issue 29 item 3): the spec's seven `use*` flags stay columns of
 * `plans`; any other feature a plugin's manifest declares (`useMyThing`) is a row here, one per plan
 * and feature. No row means the plan lacks it (a plugin installed later is off on existing plans).
 */
export class CorePlanFeatures extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table plan_features (
      plan_id int not null references plans(id) on delete cascade,
      feature varchar(60) not null check (feature ~ '^use[A-Z][A-Za-z0-9]*$'),
      enabled boolean not null,
      primary key (plan_id, feature)
    )`);
  }
  override async down(): Promise<void> {
    this.addSql(`drop table plan_features`);
  }
}
