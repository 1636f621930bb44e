import { useEffect, useRef } from 'react';
import { io, type Socket } from 'socket.io-client';
import { createEvent, createStore } from 'effector';

let socket: Socket | null = null;

export const realtimeStatusChanged = createEvent<'connected' | 'disconnected'>();
export const $realtimeStatus = createStore<'connected' | 'disconnected'>('disconnected').on(
  realtimeStatusChanged,
  (_, s) => s,
);

/** Opens the one socket of the page (websocket transport, token in the handshake). Called by the shell. */
export function connectRealtime(token: string): Socket {
  socket?.disconnect();
  socket = io({ path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: true });
  socket.on('connect', () => realtimeStatusChanged('connected'));
  socket.on('disconnect', () => realtimeStatusChanged('disconnected'));
  return socket;
}

export function disconnectRealtime(): void {
  socket?.disconnect();
  socket = null;
}

export function getSocket(): Socket | null {
  return socket;
}

/** Subscribes a component to a realtime event for as long as it is mounted. */
export function useRealtime<T = unknown>(event: string, handler: (payload: T) => void): void {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    const s = socket;
    if (!s) return;
    const listener = (payload: T) => ref.current(payload);
    s.on(event, listener);
    return () => {
      s.off(event, listener);
    };
  }, [event]);
}
