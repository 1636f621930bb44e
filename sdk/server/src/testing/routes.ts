import 'reflect-metadata';
import type { Type } from '@nestjs/common';
import { controllerHandlers } from '../controller-handlers.js';

/** An endpoint as the contracts declare it (`endpoint({ method, path })`); only these two matter here. */
interface DeclaredEndpoint {
  method: string;
  path: string;
}

/** `/a/:x/b` and `/a/:id/b` are one route: parameter names do not matter to the router. */
const routeShape = (method: string, path: string): string =>
  `${method} /${path
    .split('/')
    .filter(Boolean)
    .map((s) => (s.startsWith(':') ? ':' : s))
    .join('/')}`;

/** Every `METHOD /path` these controllers answer (without the `/api` prefix), read from Nest's decorator metadata. */
export function controllerRoutes(controllers: readonly Type<unknown>[]): Set<string> {
  const routes = new Set<string>();
  for (const controller of controllers) {
    // Handlers a controller inherits from a base class count too; @All() answers every method.
    const { bases, handlers } = controllerHandlers(controller);
    for (const { methods, paths } of handlers) for (const base of bases) for (const p of paths) for (const m of methods) routes.add(routeShape(m, `${base}/${p}`));
  }
  return routes;
}

/**
 * The declared endpoints no controller answers, as `group.name: METHOD /path` (empty when the contract
 * and the server agree). It cannot see a route shadowed by an earlier one (`/:id` declared before
 * `/list`): keep literal paths first. A plugin's contract test: `expect(unservedEndpoints([MyController], { mine: MY_ENDPOINTS })).toEqual([])`.
 */
export function unservedEndpoints(controllers: readonly Type<unknown>[], groups: Record<string, Record<string, DeclaredEndpoint>>): string[] {
  const routes = controllerRoutes(controllers);
  const missing: string[] = [];
  for (const [group, endpoints] of Object.entries(groups)) {
    for (const [name, e] of Object.entries(endpoints)) if (!routes.has(routeShape(e.method, e.path))) missing.push(`${group}.${name}: ${e.method} ${e.path}`);
  }
  return missing;
}

/**
 * The other direction: every route these controllers answer that no declared endpoint names, as
 * `METHOD /path` (empty when each served route has its contract entry). The OpenAPI document is made
 * from the served routes, so a route missing here would be documented without its contract.
 * A plugin's test: `expect(undeclaredRoutes([MyController], { mine: MY_ENDPOINTS }, 'my-plugin')).toEqual([])`
 * (with its id: the kernel serves a plugin's routes under `/<id>/`, and its contract may name either form).
 */
export function undeclaredRoutes(controllers: readonly Type<unknown>[], groups: Record<string, Record<string, DeclaredEndpoint>>, pluginId?: string): string[] {
  const declared = new Set<string>();
  for (const endpoints of Object.values(groups))
    for (const e of Object.values(endpoints)) {
      declared.add(routeShape(e.method, e.path));
      if (pluginId) declared.add(routeShape(e.method, `/${pluginId}/${e.path}`));
    }
  const strip = (r: string) => (pluginId ? r.replace(` /${pluginId}/`, ' /').replace(new RegExp(`^(\\w+) /${pluginId}$`), '$1 /') : r);
  return [...controllerRoutes(controllers)].filter((r) => !declared.has(r) && !declared.has(strip(r))).sort();
}
