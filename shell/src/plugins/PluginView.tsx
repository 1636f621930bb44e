import { Suspense, lazy, useMemo, type ComponentType } from 'react';
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

/** Renders one piece of a plugin (a route page or a settings tab) from its remote, isolated by an error boundary. */
export function PluginView({ manifest, pick, what }: { manifest: PluginManifest; pick: Pick; what: string }) {
  const Lazy = useMemo(
    () =>
      lazy(async () => {
        const def = await loadWebPlugin(manifest);
        const load = pick(def);
        if (!load) throw new Error(`Plugin ${manifest.id} does not provide ${what}.`);
        return load();
      }),
    [manifest.id, what],
  );
  return (
    <RemoteBoundary pluginId={manifest.id}>
      <Suspense fallback={<Loading />}>
        <Lazy />
      </Suspense>
    </RemoteBoundary>
  );
}
