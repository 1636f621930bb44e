import { useEffect, useSyncExternalStore } from 'react';
import { createEvent, createStore } from 'effector';
import { sessionEnded } from '../session.model.js';

/**
 * A web extension point one plugin offers others (issue 30 item 6), the browser twin of the server SDK's
 * `createExtensionPoint`: the flow builder's node editors, for example. The owner reads `all()` (or
 * `useExtensions`), contributors `register` from their remote's code. Ids are global:
 * `<plugin id>.<name>`; contribution keys too (`ai.openai`).
 */
export interface WebExtensionPoint<T> {
  readonly id: string;
  /** Adds a contribution; returns a function that removes it. Two contributions under one key are refused. */
  register(key: string, contribution: T): () => void;
  get(key: string): T | undefined;
  /** Every contribution, in registration order (the same array until the next change). */
  all(): readonly { key: string; contribution: T }[];
  /** Called after each change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

const points = new Map<string, WebExtensionPoint<unknown>>();

/**
 * The extension point named `id`, created on first use: owner and contributors meet whatever order their
 * remotes load in. Kept on `globalThis`, so two copies of the SDK in one page (a remote built elsewhere)
 * still share it.
 */
export function createWebExtensionPoint<T>(id: string): WebExtensionPoint<T> {
  if (!/^[a-z][a-z0-9-]*\.[a-zA-Z0-9.-]+$/.test(id)) throw new Error(`Extension point id "${id}" must be "<plugin id>.<name>".`);
  const registry = ((globalThis as { __atendeWebExtensionPoints?: Map<string, WebExtensionPoint<unknown>> }).__atendeWebExtensionPoints ??= points);
  const known = registry.get(id);
  if (known) return known as WebExtensionPoint<T>;
  const contributions = new Map<string, T>();
  const listeners = new Set<() => void>();
  let snapshot: { key: string; contribution: T }[] = [];
  const changed = () => {
    snapshot = [...contributions].map(([key, contribution]) => ({ key, contribution }));
    for (const l of [...listeners]) l();
  };
  const point: WebExtensionPoint<T> = {
    id,
    register(key, contribution) {
      if (contributions.has(key)) throw new Error(`Extension point "${id}" already has a contribution "${key}".`);
      contributions.set(key, contribution);
      changed();
      return () => {
        // Only this registration is removed (a later one under the same key stays).
        if (contributions.get(key) !== contribution) return;
        contributions.delete(key);
        changed();
      };
    },
    get: (key) => contributions.get(key),
    all: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
  registry.set(id, point as WebExtensionPoint<unknown>);
  return point;
}

/**
 * A screen read an extension point. The shell then loads the remotes whose manifest `contributes` to
 * it (as a zone on screen loads the plugins that fill it): a plugin whose only web part is a flow step
 * editor is there when the canvas opens, not only once some page of it was visited.
 */
export const extensionPointShown = createEvent<string>();
/** The extension points read so far in this session. */
export const $extensionPointsShown = createStore<string[]>([])
  .on(extensionPointShown, (all, id) => (all.includes(id) ? all : [...all, id]))
  .reset(sessionEnded);

/** The contributions of a point, re-rendering when a plugin adds or removes one (its contributors are loaded). */
export function useExtensions<T>(point: WebExtensionPoint<T>): readonly { key: string; contribution: T }[] {
  useEffect(() => {
    extensionPointShown(point.id);
  }, [point.id]);
  return useSyncExternalStore(point.subscribe, point.all, point.all);
}
