import type { SocketEventMap, SocketEventName } from '@atende/core-contract';
import { useEffect, useRef } from 'react';
import type { Socket } from 'socket.io-client';
import { createEvent, createStore } from 'effector';
import { useUnit } from 'effector-react';

let socket: Socket | null = null;
/** Counts connect and disconnect calls, so the last one wins while socket.io-client is being fetched. */
let generation = 0;

/** The current socket; a new one replaces it whenever the access token changes. */
export const socketChanged = createEvent<Socket | null>();
/** The realtime socket of this session (null when signed out). */
export const $socket = createStore<Socket | null>(null, { serialize: 'ignore' }).on(socketChanged, (_, s) => s);

/** Fired when the realtime socket connects or drops. */
export const realtimeStatusChanged = createEvent<'connected' | 'disconnected'>();
/** Whether the realtime socket is connected now. */
export const $realtimeStatus = createStore<'connected' | 'disconnected'>('disconnected').on(
  realtimeStatusChanged,
  (_, s) => s,
);

/**
 * Opens the one socket of the page (websocket transport, token in the handshake). Called by the shell.
 * socket.io-client (~15 kB gzip) is fetched on the first call, after sign-in, not with the first page.
 * Resolves to null when another connect or a disconnect was called meanwhile.
 */
export async function connectRealtime(token: string): Promise<Socket | null> {
  const mine = ++generation;
  socket?.disconnect();
  socket = null;
  socketChanged(null);
  let io: typeof import('socket.io-client').io;
  for (let attempt = 0; ; attempt++) {
    try {
      ({ io } = await import('socket.io-client'));
      break;
    } catch {
      // The chunk did not load (network, a deploy replaced it): try again while this connect is still wanted,
      // so live updates and revocation notices are not silently lost for the rest of the page's life.
      if (mine !== generation) return null;
      await new Promise((r) => setTimeout(r, Math.min(30_000, 1_000 * 2 ** attempt)));
      if (mine !== generation) return null;
    }
  }
  if (mine !== generation) return null;
  socket = io({ path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: true });
  socket.on('connect', () => realtimeStatusChanged('connected'));
  socket.on('disconnect', () => realtimeStatusChanged('disconnected'));
  socketChanged(socket);
  return socket;
}

/** Closes the realtime socket (the shell does it on sign-out). */
export function disconnectRealtime(): void {
  generation++;
  socket?.disconnect();
  socket = null;
  socketChanged(null);
}

/** The current realtime socket, or null (prefer `useRealtime`). */
export function getSocket(): Socket | null {
  return socket;
}

/**
 * Listens to a realtime event while the component is mounted (following socket replacements). A kernel event is typed by the
 * contract's socket event map (`useRealtime('ticket', (e) => e.action …)`); a plugin's own events
 * take the payload type it names.
 */
export function useRealtime<K extends SocketEventName>(event: K, handler: (payload: SocketEventMap[K]) => void): void;
export function useRealtime<T = unknown>(event: string, handler: (payload: T) => void): void;
export function useRealtime<T = unknown>(event: string, handler: (payload: T) => void): void {
  const ref = useRef(handler);
  ref.current = handler;
  const current = useUnit($socket);
  useEffect(() => {
    if (!current) return;
    const listener = (payload: T) => ref.current(payload);
    current.on(event, listener);
    return () => {
      current.off(event, listener);
    };
  }, [event, current]);
}

/**
 * Calls `handler` each time the socket connects after having been down (a network drop, a server
 * restart, the first connect of a page that mounted before it): events sent meanwhile were missed, so
 * a screen kept live by events reloads what it shows.
 */
export function useRealtimeReconnected(handler: () => void): void {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    let down = false;
    const subscription = $realtimeStatus.watch((status) => {
      if (status === 'disconnected') down = true;
      else if (down) {
        down = false;
        ref.current();
      }
    });
    return () => subscription.unsubscribe();
  }, []);
}
