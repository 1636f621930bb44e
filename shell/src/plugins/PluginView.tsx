import { Suspense, lazy, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { firstContentShown } from './first-content.js';
import { Spin } from 'antd';
import type { PluginManifest } from '@atende/core-contract';
import type { WebPluginDefinition } from '@atende/sdk-web';
import { loadWebPlugin } from './remote-loader.js';
import { RemoteBoundary } from './RemoteBoundary.js';

type Pick = (def: WebPluginDefinition) => (() => Promise<{ default: ComponentType }>) | undefined;

function Loading() {
  return (
    <div style={{ display: 'grid', placeItems: 'center', padding: 48 }}>
      <Spin />
    </div>
  );
}

/**
 * One lazy component per plugin piece, kept outside React: a navigation is a transition, and a render
 * that suspends in a transition is thrown away with its hooks, so a lazy made during render (useMemo)
 * would be made again on each retry and suspend forever (the first page stayed on screen). A piece that
 * failed to load keeps its failed lazy (so the error reaches the boundary instead of loading again and
 * again) until the boundary's retry forgets it.
 */
const views = new Map<string, LazyExoticComponent<ComponentType>>();
const keyOf = (manifest: PluginManifest, what: string) => `${manifest.id}\n${what}`;

function viewOf(manifest: PluginManifest, pick: Pick, what: string): LazyExoticComponent<ComponentType> {
  const key = keyOf(manifest, what);
  let view = views.get(key);
  if (!view) {
    view = lazy(async () => {
      const def = await loadWebPlugin(manifest);
      const load = pick(def);
      if (!load) throw new Error(`Plugin ${manifest.id} does not provide ${what}.`);
      return load();
    });
    views.set(key, view);
  }
  return view;
}

function View({ manifest, pick, what }: { manifest: PluginManifest; pick: Pick; what: string }) {
  const Lazy = viewOf(manifest, pick, what);
  return (
    <>
      <Lazy />
      <Shown />
    </>
  );
}

/** Committed with the piece it follows, so once that piece is on screen: the first content (first-content.ts). */
function Shown() {
  useEffect(() => firstContentShown(), []);
  return null;
}

/** Renders one piece of a plugin (a route page or a settings tab) from its remote, isolated by an error boundary. */
export function PluginView({ manifest, pick, what }: { manifest: PluginManifest; pick: Pick; what: string }) {
  // Keyed by the piece: routes render PluginView at the same place, and without a key the boundary of a
  // failed (or refused) plugin page kept its error over the next plugin's page.
  return (
    <RemoteBoundary key={keyOf(manifest, what)} pluginId={manifest.id} onRetry={() => views.delete(keyOf(manifest, what))}>
      <Suspense fallback={<Loading />}>
        <View manifest={manifest} pick={pick} what={what} />
      </Suspense>
    </RemoteBoundary>
  );
}
