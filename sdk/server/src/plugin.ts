import type { DynamicModule, Type } from '@nestjs/common';
import { getDomain } from 'tldts';
import type { ZodType } from 'zod';
import type { EntitySchema } from '@mikro-orm/core';
import type { MigrationObject } from '@mikro-orm/core';
import type { LocalizedText, PermissionTable, PlanFeature, PluginMenuItem, PluginRoute, PluginSettingsTab, ZoneName } from '@atende/core-contract';
import { FIRST_REQUEST_PATTERN, PLUGIN_ID_PATTERN, PLAN_FEATURE_PATTERN, PLAN_FLAGS, ZONE_NAMES } from '@atende/core-contract';
import { assertRequirements, type PluginRequirements } from './compat.js';

/** CSP directives a plugin may add sources to (never scripts: the shell runs only its own origin's code). */
export const CSP_DIRECTIVES = ['img-src', 'media-src', 'frame-src', 'connect-src', 'font-src'] as const;
/** One of CSP_DIRECTIVES: a directive a plugin's manifest may add https origins to. */
export type CspDirective = (typeof CSP_DIRECTIVES)[number];
/** An https origin (a leading `*.` for subdomains allowed), no path: what a plugin may add to the shell's CSP. */
export const CSP_SOURCE_PATTERN = /^https:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)+(:\d{1,5})?$/;

/**
 * Whether `https://*.<domain>` covers names anyone can register or create: `*.co.uk`, `*.github.io`,
 * `*.vercel.app` (the public suffix list, its private section included).
 */
function wildcardOverPublicSuffix(source: string): boolean {
  const m = /^https:\/\/\*\.([^:]+)/.exec(source);
  if (!m) return false;
  const probe = `atende-probe.${m[1]}`;
  // When the registrable domain of a name under it is that name itself, the rest is a public suffix.
  return getDomain(probe, { allowPrivateDomains: true }) !== m[1];
}
/** `<METHOD> <path>`: a route of the plugin also answered at its spec path (`GET /tags/kanban`). */
export const API_ALIAS_PATTERN = /^(GET|POST|PUT|PATCH|DELETE) \/[A-Za-z0-9_:./-]*$/;

/** What the shell shows and what the kernel opens for a plugin; validated when the plugin loads. */
export interface PluginManifestInput {
  routes?: PluginRoute[];
  menu?: PluginMenuItem[];
  settingsTabs?: PluginSettingsTab[];
  zones?: ZoneName[];
  /**
   * Plan features this plugin adds (issue 29 item 3): `useMyThing` → its label in the plan form. Stored
   * per plan (`plan_features`); a plugin's `planFlag` may name one of these. The spec's seven flags are
   * the kernel's and cannot be declared again.
   */
  planFeatures?: Record<string, LocalizedText>;
  /** Origins the plugin's pages load from (a video player, an image host): https origins only. */
  csp?: Partial<Record<CspDirective, string[]>>;
  /**
   * Web extension points its remote contributes to (`flowbuilder.node-editors`): the shell loads the
   * remote when a screen reads one of them (`useExtensions`), as it does for zones (issue 30 item 6).
   */
  contributes?: string[];
}

/** A web extension point's id, `<plugin id>.<name>` (as `createWebExtensionPoint` takes it). */
export const EXTENSION_POINT_PATTERN = /^[a-z][a-z0-9-]*\.[a-zA-Z0-9.-]+$/;

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
  /**
   * When set, only companies whose plan has this feature may use the plugin (403 ERR_NO_PERMISSION
   * otherwise): one of the spec's flags or a feature a loaded plugin declares in `manifest.planFeatures`.
   */
  planFlag?: PlanFeature;
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
  /** What the shell shows: routes the remote renders, drawer entries, settings tabs, widget zones, plan features, CSP sources. */
  manifest?: PluginManifestInput;
  /**
   * The plugin's API lives under `/api/<id>/…` (its controllers' paths, prefixed by the kernel). Each
   * alias `'<METHOD> <path>'` also answers that route at `/api<path>` — for the spec's paths
   * (`'GET /tags/kanban'` → `/api/tags/kanban`). Two plugins, or a plugin and the kernel, claiming one
   * method and path are refused at boot.
   */
  apiAliases?: string[];
  /**
   * Where the built web remote lives: an npm package name (its `dist/` holds `remoteEntry.js`) or an
   * absolute directory. Omit for server-only plugins.
   */
  web?: { package: string } | { dir: string };
  /**
   * The plugin's own settings (issue 11 item 3). Keys are `<plugin id>.<name>`; values are strings
   * checked by `schema`. Company keys are served by GET/PUT /api/settings to companies whose plan
   * includes the plugin (PUT: admins); `secret` ones are read only by who may change settings. Global
   * keys go through /api/settings/global (super users). Read them server-side with `PLUGIN_CONTEXT.settings`.
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
  validatePluginDefinition(definition);
  return Object.freeze(definition);
}

/**
 * Throws on the first thing wrong with a definition. definePlugin calls it; the kernel's loader calls it
 * again at boot (a package may build its definition another way). Cross-plugin checks (a `planFlag`
 * nobody declares, a route collision) are the loader's.
 */
export function validatePluginDefinition(definition: PluginDefinition): void {
  assertRequirements(definition.id, definition.requires);
  if (!PLUGIN_ID_PATTERN.test(definition.id)) {
    throw new Error(`Plugin id "${definition.id}" must be kebab-case (a-z, 0-9 and dashes).`);
  }
  if (definition.planFlag && !PLAN_FEATURE_PATTERN.test(definition.planFlag)) {
    throw new Error(`Plugin "${definition.id}": plan flag "${definition.planFlag}" must be "use" followed by PascalCase (useMyThing).`);
  }
  for (const [key, label] of Object.entries(definition.manifest?.planFeatures ?? {})) {
    if (!PLAN_FEATURE_PATTERN.test(key)) throw new Error(`Plugin "${definition.id}": plan feature "${key}" must be "use" followed by PascalCase (useMyThing).`);
    if ((PLAN_FLAGS as readonly string[]).includes(key)) throw new Error(`Plugin "${definition.id}": "${key}" is one of the kernel's plan flags; name the plugin's own feature differently.`);
    if (!label || typeof label.es !== 'string' || !label.es.trim()) throw new Error(`Plugin "${definition.id}": plan feature "${key}" needs a label with at least its Spanish text (es).`);
  }
  for (const [directive, sources] of Object.entries(definition.manifest?.csp ?? {})) {
    if (!(CSP_DIRECTIVES as readonly string[]).includes(directive)) {
      throw new Error(`Plugin "${definition.id}": CSP directive "${directive}" cannot be extended (allowed: ${CSP_DIRECTIVES.join(', ')}).`);
    }
    for (const source of sources ?? []) {
      if (!CSP_SOURCE_PATTERN.test(source)) throw new Error(`Plugin "${definition.id}": CSP source "${source}" for ${directive} must be an https origin (https://host[:port], no path).`);
      if (wildcardOverPublicSuffix(source)) throw new Error(`Plugin "${definition.id}": CSP source "${source}" for ${directive} is a wildcard over a public suffix (anyone can own a name under it); name the domain you control.`);
    }
  }
  for (const alias of definition.apiAliases ?? []) {
    if (!API_ALIAS_PATTERN.test(alias)) throw new Error(`Plugin "${definition.id}": API alias "${alias}" must be "<GET|POST|PUT|PATCH|DELETE> /path".`);
  }
  for (const key of [...Object.keys(definition.settings?.company ?? {}), ...Object.keys(definition.settings?.global ?? {})]) {
    if (!key.startsWith(`${definition.id}.`) || key.length > 100) {
      throw new Error(`Plugin "${definition.id}": setting "${key}" must be named "${definition.id}.<name>" (100 characters at most).`);
    }
  }
  for (const point of definition.manifest?.contributes ?? []) {
    if (!EXTENSION_POINT_PATTERN.test(point)) throw new Error(`Plugin "${definition.id}": contributes to "${point}", which is not an extension point id ("<plugin id>.<name>").`);
  }
  for (const route of definition.manifest?.routes ?? []) {
    const first = route.firstRequests ?? [];
    if (first.length > 5) throw new Error(`Plugin "${definition.id}": page ${route.path} lists ${first.length} first requests (5 at most).`);
    for (const request of first) {
      if (!FIRST_REQUEST_PATTERN.test(request)) throw new Error(`Plugin "${definition.id}": first request "${request}" of page ${route.path} must be an API path and query ("/path?key=value").`);
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
}

/** A plugin package's default export must be a PluginDefinition; the loader checks this shape. */
export function isPluginDefinition(value: unknown): value is PluginDefinition {
  const v = value as PluginDefinition | null;
  return !!v && typeof v === 'object' && typeof v.id === 'string' && typeof v.version === 'string' && !!v.module;
}
