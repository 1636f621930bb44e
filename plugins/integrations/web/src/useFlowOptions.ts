import { useEffect, useState } from 'react';
import { api, usePlugin } from '@atende/sdk-web';

/** The company's flows for a select (null while loading), and whether the flow builder plugin is there. */
export function useFlowOptions(): { present: boolean | null; list: { value: number; label: string }[] | null } {
  const present = usePlugin('flowbuilder');
  const [list, setList] = useState<{ value: number; label: string }[] | null>(null);
  useEffect(() => {
    if (!present) return;
    api.get<{ flows: { id: number; name: string }[] }>('/flowbuilder').then(
      (r) => setList(r.flows.map((f) => ({ value: f.id, label: f.name }))),
      () => setList([]),
    );
  }, [present]);
  return { present, list };
}
