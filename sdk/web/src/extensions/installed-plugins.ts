import { useEffect, useState } from 'react';
import { useUnit } from 'effector-react';
import { PLUGIN_ENDPOINTS } from '@atende/core-contract';
import { $sessionGeneration } from '../session.model.js';
import { call } from '../kit/call.js';

/**
 * Which plugins the signed-in user's company has (issue 38 item 5): a plugin asks before calling another
 * plugin's API, so a missing plugin is said on screen instead of ending in a 404. One `GET /plugins` per
 * session, shared by every caller; a locked plugin (plan or expiry) counts as not there.
 */
let cached: { generation: number; ids: Promise<Set<string>> } | null = null;

/** The ids of the plugins this user's company may use now (one `GET /plugins` per session, shared). */
export function installedPlugins(): Promise<Set<string>> {
  const generation = $sessionGeneration.getState();
  if (cached?.generation !== generation) {
    const ids = call(PLUGIN_ENDPOINTS.list).then((list) => new Set(list.filter((m) => !m.locked).map((m) => m.id)));
    cached = { generation, ids };
    // A failed read is asked again next time.
    ids.catch(() => {
      if (cached?.ids === ids) cached = null;
    });
  }
  return cached.ids;
}

/** Whether plugin `id` is installed and usable: null while the list loads, false when it cannot be read. */
export function usePlugin(id: string): boolean | null {
  const generation = useUnit($sessionGeneration);
  const [present, setPresent] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    setPresent(null);
    installedPlugins().then(
      (ids) => live && setPresent(ids.has(id)),
      () => live && setPresent(false),
    );
    return () => {
      live = false;
    };
  }, [id, generation]);
  return present;
}
