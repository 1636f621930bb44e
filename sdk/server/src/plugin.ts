import type { DynamicModule, Type } from '@nestjs/common';
import type { EntitySchema } from '@mikro-orm/core';
import type { MigrationObject } from '@mikro-orm/core';
import type { PermissionTable, PlanFlag, PluginMenuItem, PluginRoute, PluginSettingsTab } from '@atende/core-contract';
import { PLUGIN_ID_PATTERN, PLAN_FLAGS } from '@atende/core-contract';

export interface PluginDefinition {
  /** kebab-case; also the URL segment of its remote (`/plugins/<id>/`). */
  id: string;
  version: string;
  /** When set, only companies whose plan has this flag may use the plugin (403 ERR_NO_PERMISSION otherwise). */
  planFlag?: PlanFlag;
  /** Ids of plugins that must be installed too. */
  dependsOn?: string[];
  /** The Nest module with the plugin's controllers and providers. */
  module: Type<unknown> | DynamicModule;
  /** MikroORM entities (defineEntity / EntitySchema). */
  entities?: EntitySchema[];
  /** Migrations in the order they run; names must start with the plugin id. */
  migrations?: MigrationObject[];
  /** The plugin's permission table (same shape as the kernel's); `@RequirePermission` names resolve here too. */
  permissions?: PermissionTable;
  /** What the shell shows: routes the remote renders, drawer entries, settings tabs, widget zones. */
  manifest?: { routes?: PluginRoute[]; menu?: PluginMenuItem[]; settingsTabs?: PluginSettingsTab[]; zones?: string[] };
  /**
   * Where the built web remote lives: an npm package name (its `dist/` holds `remoteEntry.js`) or an
   * absolute directory. Omit for server-only plugins.
   */
  web?: { package: string } | { dir: string };
}

export function definePlugin<T extends PluginDefinition>(definition: T): T {
  if (!PLUGIN_ID_PATTERN.test(definition.id)) {
    throw new Error(`Plugin id "${definition.id}" must be kebab-case (a-z, 0-9 and dashes).`);
  }
  if (definition.planFlag && !PLAN_FLAGS.includes(definition.planFlag)) {
    throw new Error(`Plugin "${definition.id}": unknown plan flag "${definition.planFlag}".`);
  }
  for (const m of definition.migrations ?? []) {
    if (!m.name.startsWith(`${definition.id}_`)) {
      throw new Error(`Plugin "${definition.id}": migration "${m.name}" must be named "${definition.id}_<sequence>_<what>".`);
    }
  }
  return Object.freeze(definition);
}

/** A plugin package's default export must be a PluginDefinition; the loader checks this shape. */
export function isPluginDefinition(value: unknown): value is PluginDefinition {
  const v = value as PluginDefinition | null;
  return !!v && typeof v === 'object' && typeof v.id === 'string' && typeof v.version === 'string' && !!v.module;
}
