import { defineConfig, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import type { EntitySchema, MigrationObject } from '@mikro-orm/core';
import { KERNEL_ENTITIES } from './entities.js';
import { KERNEL_MIGRATIONS } from './migrations/index.js';
import { tenantFilter } from '../tenancy/tenant-filter.js';
import { releaseDeadCheckouts } from './pool-leaks.js';
import { watchDatabase } from './unavailable.js';
import { trackPool } from '../metrics/pool-gauge.js';

/**
 * One ORM for kernel and plugins. Schema changes only through migrations (never schema sync);
 * plugin migrations run after the kernel's, in plugin-list order.
 */
export function ormOptions(databaseUrl: string, pluginEntities: EntitySchema[], pluginMigrations: MigrationObject[]): Options {
  const entities = [...KERNEL_ENTITIES, ...pluginEntities];
  watchDatabase(databaseUrl);
  return defineConfig({
    clientUrl: databaseUrl,
    entities,
    filters: tenantFilter(entities),
    extensions: [Migrator],
    migrations: {
      tableName: 'atende_migrations',
      migrationsList: [...KERNEL_MIGRATIONS, ...pluginMigrations],
      transactional: true,
      allOrNothing: true,
      snapshot: false,
    },
    pool: { min: 0, max: 20 },
    // Connections a database outage left checked out go back to the pool (see pool-leaks.ts); the pool's use is a metric.
    driverOptions: {
      onPoolCreated: (pool: Parameters<typeof releaseDeadCheckouts>[0]) => {
        releaseDeadCheckouts(pool);
        trackPool(pool);
      },
    },
    allowGlobalContext: false,
    debug: false,
  });
}
