import { SANDBOX_ENDPOINTS } from '@atende/core-contract';
import { useEffect, useRef, useState } from 'react';
import type { sandboxOutboxItemSchema } from '@atende/core-contract';
import { call } from '@atende/sdk-web';

/** One message Atende sent to the simulated phone (GET /api/sandbox/{id}/messages). */
export type OutboxItem = ReturnType<typeof sandboxOutboxItemSchema.parse>;

/** How often the simulated phone looks for new replies: the outbox is not pushed live. */
export const OUTBOX_POLL_MS = 1500;

interface OutboxState {
  /** `${whatsappId}:${number}` the items belong to. */
  key: string;
  items: OutboxItem[];
}

export const chatKey = (whatsappId: number, number: string) => `${whatsappId}:${number}`;

/**
 * What Atende sent to `to` through a sandbox connection, polled every 1.5 s while both are set. A
 * failing poll shows one error, not one per tick; the next success re-arms it. Returns null until the
 * first answer for the current pair.
 */
export function useOutbox(whatsappId: number | null, to: string | null, onError: (err: unknown) => void): OutboxItem[] | null {
  const [state, setState] = useState<OutboxState | null>(null);
  const errorRef = useRef(onError);
  errorRef.current = onError;

  useEffect(() => {
    if (whatsappId === null || to === null) return;
    const key = chatKey(whatsappId, to);
    const ctrl = new AbortController();
    let stopped = false;
    let failing = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A chain of timeouts rather than an interval: a slow answer never overlaps the next poll.
    const tick = async () => {
      try {
        const items = await call(SANDBOX_ENDPOINTS.outbox, { params: { id: whatsappId }, query: { to }, signal: ctrl.signal });
        if (stopped) return;
        failing = false;
        setState((old) => (old?.key === key && sameItems(old.items, items) ? old : { key, items }));
      } catch (err) {
        if (stopped) return;
        if (!failing) errorRef.current(err);
        failing = true;
      }
      if (!stopped) timer = setTimeout(() => void tick(), OUTBOX_POLL_MS);
    };
    void tick();
    return () => {
      stopped = true;
      ctrl.abort();
      clearTimeout(timer);
    };
  }, [whatsappId, to]);

  if (whatsappId === null || to === null || state?.key !== chatKey(whatsappId, to)) return null;
  return state.items;
}

/** The outbox only grows (oldest first), so equal length and equal last item mean nothing new. */
function sameItems(a: OutboxItem[], b: OutboxItem[]): boolean {
  if (a.length !== b.length) return false;
  const x = a.at(-1);
  const y = b.at(-1);
  return x?.createdAt === y?.createdAt && x?.body === y?.body;
}
