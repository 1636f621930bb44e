import { call } from '@atende/sdk-web';
import { DASHBOARD_ENDPOINTS, type DashboardFigures } from '@atende/plugin-dashboard-contract';

/** The page's first query (the default period, no filter): asked for while the page's code downloads. */
export const FIRST_QUERY = { days: 7 } as const;
/** An early answer older than this is not used: the page reads the figures again. */
const FRESH_MS = 5000;

let early: { at: number; figures: Promise<DashboardFigures> } | null = null;

/**
 * Starts reading the default figures when the page's route starts loading (plugin.tsx), in parallel with
 * the page's chunk, instead of after the page has rendered (issue 32: the first view of /dashboard).
 */
export function prefetchFirstFigures(): void {
  const figures = call(DASHBOARD_ENDPOINTS.figures, { query: FIRST_QUERY });
  figures.catch(() => undefined); // taken (and its error shown) by the page, or dropped
  early = { at: Date.now(), figures };
}

/** The early answer, once, if it is for this query and fresh; otherwise undefined (the page asks itself). */
export function takeFirstFigures(query: { days?: number; from?: string; whatsappId?: number; queueId?: number }): Promise<DashboardFigures> | undefined {
  const taken = early;
  early = null;
  const isFirst = query.days === FIRST_QUERY.days && query.from === undefined && query.whatsappId === undefined && query.queueId === undefined;
  return taken && isFirst && Date.now() - taken.at <= FRESH_MS ? taken.figures : undefined;
}
