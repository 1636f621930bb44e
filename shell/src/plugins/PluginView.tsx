import { Suspense, lazy, useEffect, useReducer, type ComponentType, type LazyExoticComponent } from 'react';
import { firstContentShown } from './first-content.js';
import { Spin } from 'antd';
import type { PluginManifest } from '@atende/core-contract';
import type { WebPluginDefinition } from '@atende/sdk-web';
import { loadWebPlugin } from './remote-loader.js';
import { RemoteBoundary } from './RemoteBoundary.js';

type Pick = (def: WebPluginDefinition) => (() => Promise<{ default: ComponentType }>) | undefined;

/**
 * The placeholder while a piece's code loads. It asks its PluginView to render again once the code is in
 * (`onReady`): an ordinary update that shows the piece at once. Left to React, the piece would be shown
 * by its Suspense retry, which React holds back until 300 ms after the placeholder appeared
 * (FALLBACK_THROTTLE_MS): on a first view of /dashboard, ~120 ms with nothing left to do (issue 32).
 */
function Loading({ onReady, ...of }: PieceProps & { onReady: () => void }) {
  // Looked up here, not handed down: after the boundary's retry forgot a failed piece, this is the new one.
  const { loaded } = pieceOf(of.manifest, of.pick, of.what);
  useEffect(() => {
    let live = true;
    const reveal = () => void (live && onReady());
    loaded().then(reveal, reveal);
    return () => {
      live = false;
    };
  }, [loaded, onReady]);
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
  const [, revealed] = useReducer((n: number) => n + 1, 0);
  // Keyed by the piece: routes render PluginView at the same place, and without a key the boundary of a
  // failed (or refused) plugin page kept its error over the next plugin's page.
  return (
    <RemoteBoundary key={keyOf(manifest, what)} pluginId={manifest.id} onRetry={() => pieces.delete(keyOf(manifest, what))}>
      <Suspense fallback={<Loading manifest={manifest} pick={pick} what={what} onReady={revealed} />}>
        <Content manifest={manifest} pick={pick} what={what} />
      </Suspense>
    </RemoteBoundary>
  );
}
