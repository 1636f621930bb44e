import { Suspense, lazy, type ComponentType, type LazyExoticComponent } from 'react';
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
 * would be made again on each retry and suspend forever (the first page stayed on screen). A piece
 * that failed to load is forgotten, so the boundary's retry fetches it again.
 */
const views = new Map<string, LazyExoticComponent<ComponentType>>();

function viewOf(manifest: PluginManifest, pick: Pick, what: string): LazyExoticComponent<ComponentType> {
  const key = `${manifest.id}\n${what}`;
  let view = views.get(key);
  if (!view) {
    view = lazy(async () => {
      try {
        const def = await loadWebPlugin(manifest);
        const load = pick(def);
        if (!load) throw new Error(`Plugin ${manifest.id} does not provide ${what}.`);
        return await load();
      } catch (err) {
        views.delete(key);
        throw err;
      }
    });
    views.set(key, view);
  }
  return view;
}

/** Looks the piece up on each mount, so a retry after a failure gets a fresh one. */
function View({ manifest, pick, what }: { manifest: PluginManifest; pick: Pick; what: string }) {
  const Lazy = viewOf(manifest, pick, what);
  return <Lazy />;
}

/** Renders one piece of a plugin (a route page or a settings tab) from its remote, isolated by an error boundary. */
export function PluginView({ manifest, pick, what }: { manifest: PluginManifest; pick: Pick; what: string }) {
  return (
    <RemoteBoundary pluginId={manifest.id}>
      <Suspense fallback={<Loading />}>
        <View manifest={manifest} pick={pick} what={what} />
      </Suspense>
    </RemoteBoundary>
  );
}
