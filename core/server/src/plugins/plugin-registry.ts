import type { DynamicModule, Type } from '@nestjs/common';
import { PERMISSIONS, type PermissionTable } from '@atende/core-contract';
import type { PluginDefinition } from '@atende/sdk-server';
import type { LoadedPlugin } from './plugin-loader.js';

type ModuleRef = Type<unknown> | DynamicModule | Promise<DynamicModule> | undefined;

/** Collects the controller classes a module declares, following its static imports. */
function controllersOf(mod: ModuleRef, seen = new Set<unknown>()): Type<unknown>[] {
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
