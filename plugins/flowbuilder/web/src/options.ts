import { useEffect, useState } from 'react';
import { api, call } from '@atende/sdk-web';
import { CONNECTION_ENDPOINTS, TAG_ENDPOINTS } from '@atende/core-contract';
import { FLOWBUILDER_ENDPOINTS } from '@atende/plugin-flowbuilder-contract';

export interface Choice {
  value: number;
  label: string;
}

/**
 * A list for a select, loaded once `enabled` (at once by default); empty when it cannot be read (the
 * select then shows nothing).
 */
export function useChoices(load: () => Promise<Choice[]>, enabled = true): Choice[] | null {
  const [choices, setChoices] = useState<Choice[] | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    load().then(
      (list) => live && setChoices(list),
      () => live && setChoices([]),
    );
    return () => {
      live = false;
    };
  }, [enabled]);
  return choices;
}

/**
 * The plugin that serves `/queueIntegration` (Google Sheets, TypeBot…). Not in this repository yet: the
 * flow builder asks the SDK whether it is installed before calling its API (issue 38 item 5).
 */
export const INTEGRATIONS_PLUGIN = 'integrations';

export interface SheetIntegration {
  id: number;
  name: string;
  type: string;
}
/** The company's authenticated Google Sheets integrations (§7: `GET /queueIntegration?type=googlesheets`, googlesheets-auth ones). */
export async function loadSheetIntegrations(): Promise<SheetIntegration[]> {
  const r = await api.get<{ integrations?: SheetIntegration[]; queueIntegrations?: SheetIntegration[] }>('/queueIntegration', { query: { type: 'googlesheets' } });
  return (r.integrations ?? r.queueIntegrations ?? []).filter((i) => i.type === 'googlesheets-auth');
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
