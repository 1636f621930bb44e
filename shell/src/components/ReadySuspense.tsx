import { Suspense, useEffect, useReducer, type ReactNode } from 'react';

/**
 * A Suspense boundary whose content shows as soon as what it waits for has arrived (`ready` settles).
 * Left to React, the content replacing a placeholder is a Suspense retry, which React commits no sooner
 * than 300 ms after the placeholder appeared (FALLBACK_THROTTLE_MS in react-dom 19): a first view of
 * /dashboard sat ~120 ms idle on it, /contacts ~0.3 s. Here the placeholder asks the boundary to render
 * again once `ready` settles: an ordinary update, which React commits at once.
 */
export function ReadySuspense({ fallback, ready, children }: { fallback: ReactNode; ready: () => Promise<unknown>; children: ReactNode }) {
  const [, revealed] = useReducer((n: number) => n + 1, 0);
  return (
    <Suspense
      fallback={
        <Reveal ready={ready} onReady={revealed}>
          {fallback}
        </Reveal>
      }
    >
      {children}
    </Suspense>
  );
}

function Reveal({ ready, onReady, children }: { ready: () => Promise<unknown>; onReady: () => void; children: ReactNode }) {
  useEffect(() => {
    let live = true;
    const reveal = () => void (live && onReady());
    ready().then(reveal, reveal);
    return () => {
      live = false;
    };
  }, [ready, onReady]);
  return <>{children}</>;
}
