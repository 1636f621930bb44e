import { lazy, type ComponentType } from 'react';

/** The screens whose code is on its way (a first view's preloads, a first visit): ReadySuspense waits for them. */
const loading = new Set<Promise<unknown>>();

/** Resolves once every screen load started so far has settled (loaded or failed). */
export function screensLoaded(): Promise<unknown> {
  return Promise.allSettled([...loading]);
}

/**
 * A thenable already settled with `value`: it calls back at once, inside `then` (React's `lazy` only calls
 * `then`; its type asks for a Promise).
 */
function settled<T>(value: T): Promise<T> {
  return { then: (onFulfilled?: (v: T) => unknown) => (onFulfilled ? onFulfilled(value) : value) } as unknown as Promise<T>;
}

/**
 * A screen downloaded when first shown (with the antd components only it uses), so the first load of
 * /login does not bring the tickets screen, settings and the rest. `preload()` starts the same import
 * early (a first view's screen, while the session is restored).
 */
export function screen<M, P extends object>(load: () => Promise<M>, pick: (m: M) => ComponentType<P>) {
  let loaded: { default: ComponentType<P> } | undefined;
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  const loadScreen = () => {
    if (pending) return pending;
    const started = load().then((m) => (loaded = { default: pick(m) }));
    pending = started;
    loading.add(started);
    // A failed load may be tried again by the next render.
    started.then(
      () => loading.delete(started),
      () => (loading.delete(started), (pending = undefined)),
    );
    return started;
  };
  return Object.assign(
    // Loaded already (preloaded for a first view): React takes a thenable that calls back at once as
    // resolved, so the screen draws in the same render instead of its placeholder first.
    lazy(() => (loaded ? settled(loaded) : loadScreen())),
    { preload: () => void loadScreen().catch(() => undefined) },
  );
}
