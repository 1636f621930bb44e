import 'reflect-metadata';
import { RequestMethod, type Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';

/** The HTTP methods `@All()` answers. */
const ALL_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'];

/** One route handler of a controller: its method(s) and its path(s) relative to the controller's base. */
export interface ControllerHandler {
  methods: string[];
  paths: string[];
  /** The method's name on the controller (its parameter metadata is keyed by it). */
  name: string;
  /** The handler function (its own metadata: response schema, HTTP code, public flag…). */
  handler: (...args: unknown[]) => unknown;
}

/**
 * A controller's base paths and handlers (inherited ones too), read from Nest's decorator metadata: what
 * the kernel's route planner and the test kit's contract check both need.
 */
export function controllerHandlers(controller: Type<unknown>): { bases: string[]; handlers: ControllerHandler[] } {
  const bases = [Reflect.getMetadata(PATH_METADATA, controller) as string | string[] | undefined].flat().map((b) => b ?? '');
  const handlers: ControllerHandler[] = [];
  const seen = new Set<string>();
  for (let proto = controller.prototype as Record<string, unknown> | null; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto) as Record<string, unknown> | null) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      if (name === 'constructor' || seen.has(name)) continue;
      seen.add(name);
      const handler = proto[name];
      if (typeof handler !== 'function') continue;
      const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
      if (method === undefined) continue;
      handlers.push({
        methods: method === RequestMethod.ALL ? ALL_METHODS : [RequestMethod[method]],
        paths: [Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined].flat().map((p) => p ?? ''),
        name,
        handler: handler as (...args: unknown[]) => unknown,
      });
    }
  }
  return { bases, handlers };
}
