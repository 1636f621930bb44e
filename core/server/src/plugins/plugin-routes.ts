import 'reflect-metadata';
import type { Type } from '@nestjs/common';
import { PATH_METADATA } from '@nestjs/common/constants.js';
import type { NextFunction, Request, Response } from 'express';
import { controllerHandlers, type PluginDefinition } from '@atende/sdk-server';
import { controllersOf } from './plugin-registry.js';
import type { LoadedPlugin } from './plugin-loader.js';

/**
 * Plugin routes (issue 29 item 3): each plugin's API lives under `/api/<id>/…`; a controller whose path
 * already starts with the id (`@Controller('helps')` in plugin helps) stays as it is, any other is
 * prefixed. A plugin's `apiAliases` (`'GET /tags/kanban'`) answer the spec's paths by rewriting the
 * request's URL to the plugin's own route before Express routes it. Whoever claims a method and path
 * another plugin or the kernel already answers is refused at boot: no route ever silently shadows another.
 */

export interface RouteClaim {
  method: string;
  /** Full path without `/api` (`/kanban/tags/kanban`). */
  path: string;
  owner: string;
}

export interface PluginAlias {
  method: string;
  /** The spec's path (`/tags/kanban`), without `/api`. */
  path: string;
  /** The plugin's own path it answers with (`/kanban/tags/kanban`). */
  target: string;
  plugin: string;
}

const segments = (path: string) => path.split('/').filter(Boolean);
const join = (...parts: string[]) => `/${parts.flatMap(segments).join('/')}`;
/** `/a/:x` and `/a/:id` are one route to the router. */
const shape = (path: string) => `/${segments(path).map((s) => (s.startsWith(':') ? ':' : s)).join('/')}`;


/** Every method and path these controllers answer (without `/api`). */
export function routesOf(controllers: readonly Type<unknown>[], owner: string): RouteClaim[] {
  return controllers.flatMap((c) => {
    const { bases, handlers } = controllerHandlers(c);
    return handlers.flatMap((h) => bases.flatMap((base) => h.paths.flatMap((p) => h.methods.map((method) => ({ method, path: join(base, p), owner })))));
  });
}

const underId = (base: string, id: string) => segments(base)[0] === id;
const mounted = new WeakSet<object>();

/** Puts a plugin's controllers under `/<id>` (once per class: a second boot in one process changes nothing). */
export function mountUnderId(id: string, controllers: readonly Type<unknown>[]): void {
  for (const c of controllers) {
    if (mounted.has(c)) continue;
    mounted.add(c);
    const { bases } = controllerHandlers(c);
    if (bases.every((b) => underId(b, id))) continue;
    const prefixed = bases.map((b) => (underId(b, id) ? b : join(id, b)));
    Reflect.defineMetadata(PATH_METADATA, prefixed.length === 1 ? prefixed[0] : prefixed, c);
  }
}

/** Whether a route pattern (`/tags/:id`) matches a concrete path (`/tags/kanban`). */
function matches(pattern: string, path: string): boolean {
  const a = segments(pattern);
  const b = segments(path);
  return a.length === b.length && a.every((s, i) => s.startsWith(':') || s === b[i]);
}


/**
 * Checks every claim against every other and resolves the aliases. Throws one clear line on the first
 * collision: two claims of one method and path shape, or an alias whose parameters would capture a
 * literal route of the kernel or another plugin.
 */
export function planRoutes(kernel: RouteClaim[], plugins: { definition: PluginDefinition; routes: RouteClaim[] }[]): PluginAlias[] {
  const aliases: PluginAlias[] = [];
  const ids = new Set(plugins.map((p) => p.definition.id));
  for (const { definition: d, routes } of plugins) {
    for (const alias of d.apiAliases ?? []) {
      const [method, path] = alias.split(' ');
      // Another plugin's namespace is that plugin's: an alias there could answer its requests.
      const first = segments(path)[0];
      if (first && first !== d.id && ids.has(first)) throw new Error(`Plugin "${d.id}": API alias "${alias}" lies under /api/${first}/, plugin "${first}"'s namespace.`);
      const own = routes.find((r) => r.method === method && shape(r.path) === shape(join(d.id, path)));
      const exact = routes.find((r) => r.method === method && shape(r.path) === shape(path));
      const target = own ?? exact;
      if (!target) throw new Error(`Plugin "${d.id}": API alias "${alias}" names no route of the plugin (its routes live under /api/${d.id}/).`);
      if (shape(target.path) === shape(path)) continue; // already served there (a controller under its id)
      aliases.push({ method, path, target: target.path, plugin: d.id });
    }
  }
  // `by`: who answers (the kernel or a plugin's id); one owner's own routes and aliases are its business.
  const claims: (RouteClaim & { alias?: boolean; by: string })[] = [
    ...kernel.map((c) => ({ ...c, by: '' })),
    ...plugins.flatMap((p) => p.routes.map((c) => ({ ...c, by: p.definition.id }))),
    ...aliases.map((a) => ({ method: a.method, path: a.path, owner: `plugin "${a.plugin}" (alias of /api${a.target})`, alias: true, by: a.plugin })),
  ];
  // Among claims of different owners: the same route twice, or a route whose parameters would capture
  // another's path. An alias is rewritten before routing, so a parameter route never captures it; an
  // alias that would capture another's route is refused like any other.
  for (let i = 0; i < claims.length; i++) {
    for (let j = i + 1; j < claims.length; j++) {
      const [a, b] = [claims[i], claims[j]];
      if (a.by === b.by || a.method !== b.method) continue;
      const aTakesB = matches(a.path, shape(b.path)) && !(b.alias && !a.alias);
      const bTakesA = matches(b.path, shape(a.path)) && !(a.alias && !b.alias);
      // An alias answers before the router, so where another owner's route has a parameter its literal
      // would take that value from it: only a word may stand there (no digits), never what could be an
      // id, a uuid or a number ('GET /tags/kanban' beside /tags/:id, never 'GET /users/1').
      for (const [alias, route] of [
        [a, b],
        [b, a],
      ]) {
        if (!alias.alias || route.alias || !matches(route.path, shape(alias.path))) continue;
        const literals = segments(alias.path);
        const taken = segments(route.path)
          .map((s, k) => (s.startsWith(':') && !literals[k].startsWith(':') ? literals[k] : null))
          .filter((s): s is string => s !== null);
        const unsafe = taken.find((s) => !/^[a-z][a-z-]*$/i.test(s));
        if (unsafe) throw new Error(`Plugin alias ${alias.method} /api${alias.path} of ${alias.owner} would answer ${route.method} /api${route.path} of ${route.owner} for "${unsafe}": an alias may stand where another route has a parameter only with a word (letters and dashes).`);
      }
      if (aTakesB || bTakesA) {
        const same = shape(a.path) === shape(b.path);
        throw new Error(
          same
            ? `Route collision: ${a.method} /api${a.path} is claimed by ${a.owner} and by ${b.owner}. A plugin's routes live under /api/<its id>/; drop or rename the alias.`
            : `Route collision: ${a.method} /api${aTakesB ? a.path : b.path} of ${aTakesB ? a.owner : b.owner} would capture ${a.method} /api${aTakesB ? b.path : a.path} of ${aTakesB ? b.owner : a.owner}.`,
        );
      }
    }
  }
  return aliases;
}

/**
 * Express middleware, registered before the routes: a request to an alias is answered by the
 * plugin's own route (the URL is rewritten; `req.originalUrl` keeps what was asked).
 */
export function aliasRewriter(aliases: PluginAlias[]) {
  const compiled = aliases.map((a) => ({ ...a, parts: segments(a.path), targetParts: segments(a.target) }));
  return function rewriteAliases(req: Request, _res: Response, next: NextFunction) {
    if (!compiled.length || !req.url.startsWith('/api/')) return next();
    const q = req.url.indexOf('?');
    const path = q < 0 ? req.url : req.url.slice(0, q);
    const parts = segments(path.slice(4));
    for (const a of compiled) {
      if (a.method !== req.method && !(req.method === 'HEAD' && a.method === 'GET')) continue;
      if (a.parts.length !== parts.length || !a.parts.every((s, i) => s.startsWith(':') || s === parts[i])) continue;
      // Parameters carry over in order (the target is the alias's shape under the plugin's id).
      const values = a.parts.map((s, i) => (s.startsWith(':') ? parts[i] : null)).filter((v): v is string => v !== null);
      let k = 0;
      const target = a.targetParts.map((s) => (s.startsWith(':') ? values[k++] : s));
      req.url = `/api/${target.join('/')}${q < 0 ? '' : req.url.slice(q)}`;
      break;
    }
    next();
  };
}

/**
 * At boot, before Nest registers any route: mounts every plugin's controllers under its id, checks
 * all claims (the kernel's included) and answers the aliases to rewrite. Throws on a collision.
 */
export function preparePluginRoutes(kernelControllers: readonly Type<unknown>[], plugins: LoadedPlugin[]): PluginAlias[] {
  const prepared = plugins.map(({ definition }) => {
    const controllers = controllersOf(definition.module);
    mountUnderId(definition.id, controllers);
    return { definition, routes: routesOf(controllers, `plugin "${definition.id}"`) };
  });
  return planRoutes(routesOf(kernelControllers, 'the kernel'), prepared);
}
