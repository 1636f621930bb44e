import type { DynamicModule, Type } from '@nestjs/common';
import { PERMISSIONS, type PermissionTable, type PlanFeatureInfo } from '@atende/core-contract';
import type { CspDirective, PluginDefinition } from '@atende/sdk-server';
import type { LoadedPlugin } from './plugin-loader.js';

type ModuleRef = Type<unknown> | DynamicModule | Promise<DynamicModule> | undefined;

/** Collects the controller classes a module declares, following its static imports. */
export function controllersOf(mod: ModuleRef, seen = new Set<unknown>()): Type<unknown>[] {
  if (!mod || seen.has(mod) || mod instanceof Promise) return [];
  seen.add(mod);
  const isDynamic = typeof mod === 'object' && 'module' in mod;
  const cls = isDynamic ? mod.module : mod;
  const controllers: Type<unknown>[] = [
    ...((Reflect.getMetadata('controllers', cls) as Type<unknown>[] | undefined) ?? []),
    ...(isDynamic ? ((mod.controllers as Type<unknown>[] | undefined) ?? []) : []),
  ];
  const imports: ModuleRef[] = [
    ...((Reflect.getMetadata('imports', cls) as ModuleRef[] | undefined) ?? []),
    ...(isDynamic ? ((mod.imports as ModuleRef[] | undefined) ?? []) : []),
  ];
  return [...controllers, ...imports.flatMap((m) => controllersOf(m, seen))];
}

/** What the kernel knows about installed plugins at run time. */
export class PluginRegistry {
  private readonly byController = new Map<unknown, PluginDefinition>();
  private readonly permissionTable: Record<string, PermissionTable[string]>;
  private readonly byPermission = new Map<string, PluginDefinition>();

  constructor(readonly plugins: LoadedPlugin[]) {
    for (const { definition } of plugins) {
      for (const ctrl of controllersOf(definition.module)) this.byController.set(ctrl, definition);
    }
    this.permissionTable = { ...PERMISSIONS };
    for (const { definition } of plugins) {
      for (const [name, profiles] of Object.entries(definition.permissions ?? {})) {
        if (name in this.permissionTable) throw new Error(`Permission "${name}" is declared twice (plugin ${definition.id}).`);
        this.permissionTable[name] = profiles;
        this.byPermission.set(name, definition);
      }
    }
  }

  /** Plan features the installed plugins declare (not the spec's flags), in load order. */
  get planFeatures(): PlanFeatureInfo[] {
    return this.plugins.flatMap(({ definition: d }) => Object.entries(d.manifest?.planFeatures ?? {}).map(([key, label]) => ({ key, plugin: d.id, label })));
  }

  /** The CSP sources the plugins' manifests add, by directive (validated at load: https origins only). */
  get cspSources(): Partial<Record<CspDirective, string[]>> {
    const out: Partial<Record<CspDirective, string[]>> = {};
    for (const { definition: d } of this.plugins) {
      for (const [directive, sources] of Object.entries(d.manifest?.csp ?? {}) as [CspDirective, string[]][]) {
        out[directive] = [...new Set([...(out[directive] ?? []), ...sources])];
      }
    }
    return out;
  }

  /** Paths of the plugins' popup landing pages (`opener: true`), served without COOP (security-headers.ts). */
  get openerPaths(): string[] {
    return this.plugins.flatMap(({ definition: d }) => (d.manifest?.routes ?? []).filter((r) => r.opener).map((r) => r.path));
  }

  pluginOfController(controller: unknown): PluginDefinition | undefined {
    return this.byController.get(controller);
  }

  /** The plugin that declared a permission (undefined for the kernel's own). */
  pluginOfPermission(permission: string): PluginDefinition | undefined {
    return this.byPermission.get(permission);
  }

  /** Kernel permissions merged with every plugin's. */
  get permissions(): PermissionTable {
    return this.permissionTable;
  }
}
