import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { useUnit } from 'effector-react';
import { CONNECTION_ENDPOINTS, SOCKET_EVENTS } from '@atende/core-contract';
import { $realtimeStatus, useRealtime, call } from '@atende/sdk-web';
import { applySession, upsertConnection, type LiveConnection, type SessionEvent, type WhatsappEvent } from './connectionStatus.js';

export interface ConnectionList {
  /** null until the first answer. */
  connections: LiveConnection[] | null;
  setConnections: Dispatch<SetStateAction<LiveConnection[] | null>>;
  error: unknown;
  reload: () => void;
}

/**
 * The company's connections (GET /whatsapp), kept live with the `whatsapp` and `whatsappSession`
 * events and read again after the socket reconnects (events sent while it was down are lost).
 */
export function useConnections(onError?: (err: unknown) => void): ConnectionList {
  const [connections, setConnections] = useState<LiveConnection[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const errorRef = useRef(onError);
  errorRef.current = onError;
  const generation = useRef(0);
  // Live changes that arrive while a read is in flight are replayed on its answer, which may predate them.
  const sinceRead = useRef<((list: LiveConnection[]) => LiveConnection[])[] | null>(null);

  const reload = useCallback(() => {
    const gen = ++generation.current;
    sinceRead.current = [];
    call(CONNECTION_ENDPOINTS.list).then(
      (rows) => {
        if (gen !== generation.current) return;
        const replay = sinceRead.current ?? [];
        sinceRead.current = null;
        setError(null);
        setConnections(replay.reduce((list, change) => change(list), rows as LiveConnection[]));
      },
      (err: unknown) => {
        if (gen !== generation.current) return;
        sinceRead.current = null;
        setError(err);
        setConnections((old) => old ?? []);
        errorRef.current?.(err);
      },
    );
  }, []);

  useEffect(reload, [reload]);

  const socketStatus = useUnit($realtimeStatus);
  const wasDown = useRef(false);
  useEffect(() => {
    if (socketStatus === 'disconnected') wasDown.current = true;
    else if (wasDown.current) {
      wasDown.current = false;
      reload();
    }
  }, [socketStatus, reload]);

  const rows = useRef(connections);
  rows.current = connections;
  const change = (fn: (list: LiveConnection[]) => LiveConnection[]) => {
    sinceRead.current?.push(fn);
    setConnections((old) => old && fn(old));
  };
  useRealtime<WhatsappEvent>(SOCKET_EVENTS.whatsapp, (ev) => {
    if (ev.action === 'delete') {
      const wasDefault = rows.current?.find((c) => c.id === ev.whatsappId)?.isDefault;
      change((list) => list.filter((c) => c.id !== ev.whatsappId));
      // The server hands the default flag to another connection without an event of its own.
      if (wasDefault) reload();
    } else if (ev.whatsapp) change((list) => upsertConnection(list, ev.whatsapp));
  });
  useRealtime<SessionEvent>(SOCKET_EVENTS.whatsappSession, (ev) => {
    if (ev.action === 'update' && ev.session) change((list) => applySession(list, ev.session));
  });

  return { connections, setConnections, error, reload };
}
