/** The parts of an Express 5 router layer this reads (`router` package). */
export interface RouterLayer {
  route?: { path: unknown; methods: Record<string, boolean | undefined> };
  match(path: string): boolean;
}

const dynamic = (path: string) => /[:*]/.test(path);
const sharesMethod = (a: Record<string, boolean | undefined>, b: Record<string, boolean | undefined>) => Object.keys(b).some((m) => b[m] && a[m]);

/**
 * Express answers with the first route that matches, and the kernel's routes are registered before the
 * plugins': a kernel route with a parameter (`GET /api/tags/:id`) would capture a path a plugin declares
 * literally (`GET /api/tags/kanban`) and answer 400. This moves each literal route ahead of the earlier
 * parameter routes of the same method that match its path, as routers that prefer static segments do.
 * Only among routes of single methods: nothing ever moves across a middleware. Answers how many routes moved.
 */
export function literalRoutesFirst(stack: RouterLayer[]): number {
  let moved = 0;
  for (let i = 0; i < stack.length; i++) {
    const layer = stack[i];
    const path = layer.route?.path;
    if (!layer.route || typeof path !== 'string' || dynamic(path)) continue;
    let target = -1;
    for (let j = i - 1; j >= 0; j--) {
      const other = stack[j].route;
      // A middleware, a route of several methods (Nest mounts middleware such as the ORM's request
      // context as a route of every method) or a wildcard route (how Nest mounts a middleware bound to one
      // method, `forRoutes({ path: 'x/*', method })`) is a wall: a route never moves ahead of one.
      if (!other || other.methods._all || Object.values(other.methods).filter(Boolean).length > 1) break;
      if (typeof other.path !== 'string' || other.path.includes('*')) break;
      if (typeof other.path === 'string' && dynamic(other.path) && sharesMethod(other.methods, layer.route.methods) && stack[j].match(path)) target = j;
    }
    if (target >= 0) {
      stack.splice(i, 1);
      stack.splice(target, 0, layer);
      moved++;
    }
  }
  return moved;
}
