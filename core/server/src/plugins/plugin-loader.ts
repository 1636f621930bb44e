import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Logger } from '@nestjs/common';
import { PLAN_FLAGS } from '@atende/core-contract';
import { isPluginDefinition, kernelMismatch, validatePluginDefinition, type PluginDefinition } from '@atende/sdk-server';
import { KERNEL_VERSION } from './kernel-version.js';

export interface LoadedPlugin {
  definition: PluginDefinition;
  /** Directory holding the built remote (remoteEntry.js), or null for server-only plugins or unbuilt remotes. */
  webDir: string | null;
  /** The @atende/sdk-web version its remote was built with (the remote's atende-remote.json), null when unknown. */
  webSdk?: string | null;
}

const here = path.dirname(fileURLToPath(import.meta.url));
/** Repository root: core/server/dist/plugins → four levels up. */
export const REPO_ROOT = path.resolve(here, '../../../..');
export const INSTALLED_PLUGINS_FILE = path.join(REPO_ROOT, 'plugins', 'installed.json');

/**
 * The one list of installed plugins: plugins/installed.json (workspace or npm package names) plus
 * ATENDE_PLUGINS (comma-separated names or absolute paths, used by tests for fixtures).
 */
export function readPluginList(extra: string, file = INSTALLED_PLUGINS_FILE, disabled = ''): string[] {
  const listed = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as unknown) : [];
  if (!Array.isArray(listed) || !listed.every((x) => typeof x === 'string')) {
    throw new Error(`${file} must be a JSON array of package names.`);
  }
  const extras = extra
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const off = new Set(disabled.split(',').map((s) => s.trim()).filter(Boolean));
  return [...new Set([...listed, ...extras])].filter((name) => !off.has(name));
}

const requireFromHere = createRequire(import.meta.url);

function resolveWebDir(def: PluginDefinition): string | null {
  if (!def.web) return null;
  let dir: string;
  if ('dir' in def.web) dir = def.web.dir;
  else {
    try {
      dir = path.join(path.dirname(requireFromHere.resolve(`${def.web.package}/package.json`)), 'dist');
    } catch {
      return null;
    }
  }
  return existsSync(path.join(dir, 'remoteEntry.js')) ? dir : null;
}

/**
 * Imports the listed plugins. A plugin whose `requires.kernel` range this kernel's version does not
 * satisfy is refused with one error line, and so is every plugin that depends on it; the others boot
 * (README: compatibility). Anything else wrong with a plugin stops the boot.
 */
/** The SDK version a built remote declares (`atende-remote.json`, written by its build), or null. */
export function readWebSdk(webDir: string | null): string | null {
  if (!webDir) return null;
  try {
    const stamp = JSON.parse(readFileSync(path.join(webDir, 'atende-remote.json'), 'utf8')) as { sdkWeb?: unknown };
    return typeof stamp.sdkWeb === 'string' ? stamp.sdkWeb : null;
  } catch {
    return null;
  }
}

export async function loadPlugins(
  specifiers: string[],
  opts: { kernelVersion?: string; refuse?: (line: string) => void } = {},
): Promise<LoadedPlugin[]> {
  const kernelVersion = opts.kernelVersion ?? KERNEL_VERSION;
  const refuse = opts.refuse ?? ((line: string) => Logger.error(line, 'PluginLoader'));
  const refused = new Set<string>();
  let loaded: LoadedPlugin[] = [];
  for (const spec of specifiers) {
    const url = path.isAbsolute(spec) ? pathToFileURL(spec).href : spec;
    let mod: { default?: unknown };
    try {
      mod = (await import(url)) as { default?: unknown };
    } catch (err) {
      throw new Error(`Plugin "${spec}" could not be imported (is it installed and built?): ${(err as Error).message}`);
    }
    if (!isPluginDefinition(mod.default)) {
      throw new Error(`Plugin "${spec}" must default-export definePlugin({...}).`);
    }
    const definition = mod.default;
    validatePluginDefinition(definition);
    if (loaded.some((p) => p.definition.id === definition.id)) {
      throw new Error(`Two plugins use the id "${definition.id}".`);
    }
    const mismatch = kernelMismatch(definition.requires, kernelVersion);
    if (mismatch) {
      refuse(`Plugin "${definition.id}" ${definition.version} not loaded: it ${mismatch}.`);
      refused.add(definition.id);
      continue;
    }
    const webDir = resolveWebDir(definition);
    loaded.push({ definition, webDir, webSdk: readWebSdk(webDir) });
  }
  // A plugin that needs a refused one is refused too (repeated: a chain of dependents).
  for (let changed = true; changed; ) {
    changed = false;
    for (const { definition } of loaded) {
      const missing = (definition.dependsOn ?? []).find((dep) => refused.has(dep));
      if (!missing) continue;
      refuse(`Plugin "${definition.id}" ${definition.version} not loaded: it depends on "${missing}", which was not loaded.`);
      refused.add(definition.id);
      changed = true;
    }
    loaded = loaded.filter((p) => !refused.has(p.definition.id));
  }
  const ids = new Set(loaded.map((p) => p.definition.id));
  for (const { definition } of loaded) {
    for (const dep of definition.dependsOn ?? []) {
      if (!ids.has(dep)) throw new Error(`Plugin "${definition.id}" depends on "${dep}", which is not installed.`);
    }
  }
  checkPlanFeatures(loaded.map((p) => p.definition));
  return loaded;
}

/**
 * A feature is declared by one plugin only, and a plugin's `planFlag` is one of the spec's flags or a
 * feature some loaded plugin declares: otherwise no plan could ever switch it on.
 */
export function checkPlanFeatures(definitions: PluginDefinition[]): void {
  const declaredBy = new Map<string, string>();
  for (const d of definitions) {
    for (const key of Object.keys(d.manifest?.planFeatures ?? {})) {
      const other = declaredBy.get(key);
      if (other) throw new Error(`Plan feature "${key}" is declared by both "${other}" and "${d.id}".`);
      declaredBy.set(key, d.id);
    }
  }
  for (const d of definitions) {
    if (d.planFlag && !(PLAN_FLAGS as readonly string[]).includes(d.planFlag) && !declaredBy.has(d.planFlag)) {
      throw new Error(`Plugin "${d.id}": plan flag "${d.planFlag}" is neither one of the kernel's (${PLAN_FLAGS.join(', ')}) nor declared in a loaded plugin's manifest.planFeatures.`);
    }
  }
}
