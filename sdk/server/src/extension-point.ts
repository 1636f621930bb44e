/**
 * An extension point one plugin offers others (issue 11 item 3): the flow builder's node executors,
 * for example. The offering plugin exports the point from its contract-side package; contributors
 * `register` implementations (in their module's onModuleInit), the owner reads `all()`. Ids are
 * global: `<plugin id>.<name>`.
 */
export interface ExtensionPoint<T> {
  readonly id: string;
  /** Adds a contribution; returns a function that removes it. Two contributions under one key are refused. */
  register(key: string, contribution: T): () => void;
  get(key: string): T | undefined;
  /** Every contribution, in registration order. */
  all(): { key: string; contribution: T }[];
}

const points = new Map<string, ExtensionPoint<unknown>>();

/**
 * The extension point named `id`, created on first use. Asking twice gives the same point, so the
 * owner and the contributors meet whatever order their modules load in. Kept on `globalThis`, so two
 * bundled copies of the SDK in one process still share it.
 */
export function createExtensionPoint<T>(id: string): ExtensionPoint<T> {
  if (!/^[a-z][a-z0-9-]*\.[a-zA-Z0-9.-]+$/.test(id)) throw new Error(`Extension point id "${id}" must be "<plugin id>.<name>".`);
  const registry = ((globalThis as { __atendeExtensionPoints?: Map<string, ExtensionPoint<unknown>> }).__atendeExtensionPoints ??= points);
  const known = registry.get(id);
  if (known) return known as ExtensionPoint<T>;
  const contributions = new Map<string, T>();
  const point: ExtensionPoint<T> = {
    id,
    register(key, contribution) {
      if (contributions.has(key)) throw new Error(`Extension point "${id}" already has a contribution "${key}".`);
      contributions.set(key, contribution);
      return () => void contributions.delete(key);
    },
    get: (key) => contributions.get(key),
    all: () => [...contributions].map(([key, contribution]) => ({ key, contribution })),
  };
  registry.set(id, point as ExtensionPoint<unknown>);
  return point;
}
