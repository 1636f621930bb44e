import type { DynamicModule, Type } from '@nestjs/common';
import type { ZodType } from 'zod';
import type { EntitySchema } from '@mikro-orm/core';
import type { MigrationObject } from '@mikro-orm/core';
import type { PermissionTable, PlanFlag, PluginMenuItem, PluginRoute, PluginSettingsTab, ZoneName } from '@atende/core-contract';
import { PLUGIN_ID_PATTERN, PLAN_FLAGS, ZONE_NAMES } from '@atende/core-contract';
import { assertRequirements, type PluginRequirements } from './compat.js';

/** What a plugin package default-exports (through `definePlugin`); the kernel's loader reads it at boot. */
export interface PluginDefinition {
  /** kebab-case; also the URL segment of its remote (`/plugins/<id>/`). */
  id: string;
  /** The plugin's own version (semver recommended; shown in logs and `GET /api/plugins`). */
  version: string;
  /**
   * The kernel versions it runs on (`{ kernel: '^1.0.0' }`, a semver range). A kernel outside the range
   * refuses the plugin at boot with one log line and boots the rest; omitted, any kernel loads it.
   */
  requires?: PluginRequirements;
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
  manifest?: { routes?: PluginRoute[]; menu?: PluginMenuItem[]; settingsTabs?: PluginSettingsTab[]; zones?: ZoneName[] };
  /**
   * Where the built web remote lives: an npm package name (its `dist/` holds `remoteEntry.js`) or an
   * absolute directory. Omit for server-only plugins.
   */
  web?: { package: string } | { dir: string };
  /**
   * The plugin's own settings (issue 11 item 3). Keys are `<plugin id>.<name>`; values are strings
   * checked by `schema`. Company keys are served by GET/PUT /api/settings to companies whose plan
   * includes the plugin (PUT: admins); `secret` ones are read only by who may change settings. Global
   * keys go through /api/settings/global (super users). Read them server-side with the SETTINGS port.
   */
  settings?: { company?: Record<string, PluginSetting>; global?: Record<string, PluginSetting> };
}

/** One setting a plugin declares (`definePlugin({ settings })`). */
export interface PluginSetting {
  schema: ZodType<string>;
  default: string;
  /** A credential (an API key): never sent to users who may not change settings. */
  secret?: boolean;
}

/**
 * Declares a plugin: the default export of its server package. Checks what can be checked without the
 * kernel (id, plan flag, settings keys, zones, migration names, `requires` ranges) and freezes it.
 */
export function definePlugin<T extends PluginDefinition>(definition: T): T {
  assertRequirements(definition.id, definition.requires);
  if (!PLUGIN_ID_PATTERN.test(definition.id)) {
    throw new Error(`Plugin id "${definition.id}" must be kebab-case (a-z, 0-9 and dashes).`);
  }
  if (definition.planFlag && !PLAN_FLAGS.includes(definition.planFlag)) {
    throw new Error(`Plugin "${definition.id}": unknown plan flag "${definition.planFlag}".`);
  }
  for (const key of [...Object.keys(definition.settings?.company ?? {}), ...Object.keys(definition.settings?.global ?? {})]) {
    if (!key.startsWith(`${definition.id}.`) || key.length > 100) {
      throw new Error(`Plugin "${definition.id}": setting "${key}" must be named "${definition.id}.<name>" (100 characters at most).`);
    }
  }
  for (const zone of definition.manifest?.zones ?? []) {
    if (!ZONE_NAMES.includes(zone)) throw new Error(`Plugin "${definition.id}": unknown zone "${zone}" (the shell's zones: ${ZONE_NAMES.join(', ')}).`);
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
