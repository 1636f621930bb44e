import { useCallback, useEffect, useState } from 'react';
import { useRealtime, call } from '@atende/sdk-web';
import { HELP_ENDPOINTS, HELP_EVENT, type Help, type HelpEvent } from '@atende/plugin-helps-contract';

const byTitle = (a: Help, b: Help) => a.title.localeCompare(b.title) || a.id - b.id;

/** The help list, kept live by the platform-wide `help` realtime event. */
export function useHelps() {
  const [helps, setHelps] = useState<Help[] | null>(null);
  const [error, setError] = useState<unknown>(null);

  const reload = useCallback(async () => {
    try {
      setError(null);
      setHelps(await call(HELP_ENDPOINTS.list));
    } catch (err) {
      setError(err);
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  useRealtime<HelpEvent>(HELP_EVENT, (e) => {
    setHelps((list) => {
      if (!list) return list;
      if (e.action === 'delete') return list.filter((h) => h.id !== e.id);
      return [...list.filter((h) => h.id !== e.record.id), e.record].sort(byTitle);
    });
  });

  return { helps, error, reload, setHelps };
}

export function upsert(list: Help[] | null, h: Help): Help[] {
  return [...(list ?? []).filter((x) => x.id !== h.id), h].sort(byTitle);
}
