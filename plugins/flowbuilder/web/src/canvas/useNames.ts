import { useEffect, useState } from 'react';
import { call } from '@atende/sdk-web';
import { QUEUE_ENDPOINTS } from '@atende/core-contract';

/** Queue names for the transfer cards, loaded once per canvas (an empty map if they cannot be read). */
export function useNames(): { queues: Map<number, string> } {
  const [names, setNames] = useState(() => ({ queues: new Map<number, string>() }));
  useEffect(() => {
    let live = true;
    call(QUEUE_ENDPOINTS.names).then(
      (list) => live && setNames({ queues: new Map(list.map((q) => [q.id, q.name])) }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return names;
}
