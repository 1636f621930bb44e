import { useEffect, useState } from 'react';
import { call } from '@atende/sdk-web';
import { CONNECTION_ENDPOINTS, TAG_ENDPOINTS } from '@atende/core-contract';
import { FLOWBUILDER_ENDPOINTS } from '@atende/plugin-flowbuilder-contract';

export interface Choice {
  value: number;
  label: string;
}

/** A list for a select, loaded once; empty when it cannot be read (the select then shows nothing). */
export function useChoices(load: () => Promise<Choice[]>): Choice[] | null {
  const [choices, setChoices] = useState<Choice[] | null>(null);
  useEffect(() => {
    let live = true;
    load().then(
      (list) => live && setChoices(list),
      () => live && setChoices([]),
    );
    return () => {
      live = false;
    };
  }, []);
  return choices;
}

/** Every flow of the company by name (the list answers by pages of 50: read them all). */
export async function loadFlows(): Promise<Choice[]> {
  const all: Choice[] = [];
  for (let pageNumber = 1; pageNumber <= 100; pageNumber++) {
    const page = await call(FLOWBUILDER_ENDPOINTS.list, { query: { pageNumber } });
    all.push(...page.flows.map((f) => ({ value: f.id, label: f.name })));
    if (!page.hasMore) break;
  }
  return all;
}

export const loadTags = async (): Promise<Choice[]> => (await call(TAG_ENDPOINTS.list)).map((t) => ({ value: t.id, label: t.name }));
export const loadConnections = async (): Promise<Choice[]> => (await call(CONNECTION_ENDPOINTS.list)).map((c) => ({ value: c.id, label: c.status === 'CONNECTED' ? `${c.name} · online` : c.name }));
