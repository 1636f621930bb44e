import { lazy, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { firstContentShown } from './first-content.js';
import { Spin } from 'antd';
import type { PluginManifest } from '@atende/core-contract';
import type { WebPluginDefinition } from '@atende/sdk-web';
import { loadWebPlugin } from './remote-loader.js';
import { RemoteBoundary } from './RemoteBoundary.js';
import { ReadySuspense } from '../components/ReadySuspense.js';

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
 * again) until the boundary's retry forgets it. `loaded` is the piece's load, the one its lazy started.
 */
interface Piece {
  View: LazyExoticComponent<ComponentType>;
  loaded: () => Promise<unknown>;
}
const pieces = new Map<string, Piece>();
const keyOf = (manifest: PluginManifest, what: string) => `${manifest.id}\n${what}`;

function pieceOf(manifest: PluginManifest, pick: Pick, what: string): Piece {
  const key = keyOf(manifest, what);
  let piece = pieces.get(key);
  if (!piece) {
    let loading: Promise<{ default: ComponentType }> | undefined;
    const load = () =>
      (loading ??= (async () => {
        const def = await loadWebPlugin(manifest);
        const loadPiece = pick(def);
        if (!loadPiece) throw new Error(`Plugin ${manifest.id} does not provide ${what}.`);
        return loadPiece();
      })());
    // Started by the lazy when first rendered, never before: a piece loads only when shown.
    piece = { View: lazy(load), loaded: load };
    pieces.set(key, piece);
  }
  return piece;
}

interface PieceProps {
  manifest: PluginManifest;
  pick: Pick;
  what: string;
}

function Content({ manifest, pick, what }: PieceProps) {
  const { View } = pieceOf(manifest, pick, what);
  return (
    <>
      <View />
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
  // failed (or refused) plugin page kept its error over the next plugin's page. The piece shows as soon as
  // its code is in (ReadySuspense); looked up when asked, so after the boundary's retry forgot a failed
  // piece, the new one.
  return (
    <RemoteBoundary key={keyOf(manifest, what)} pluginId={manifest.id} onRetry={() => pieces.delete(keyOf(manifest, what))}>
      <ReadySuspense fallback={<Loading />} ready={() => pieceOf(manifest, pick, what).loaded()}>
        <Content manifest={manifest} pick={pick} what={what} />
      </ReadySuspense>
    </RemoteBoundary>
  );
}
