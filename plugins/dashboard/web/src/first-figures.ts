import { prefetch } from '@atende/sdk-web';
import { DASHBOARD_DEFAULT_DAYS, DASHBOARD_ENDPOINTS } from '@atende/plugin-dashboard-contract';

/** The page's default period (days): its first query, and the one asked for early. */
export const FIRST_DAYS = DASHBOARD_DEFAULT_DAYS;

/** The figures' query the page sends for a period, a custom range and the filters. */
export function figuresQuery(period: number | 'custom', range: [string, string] | null, whatsappId?: number, queueId?: number) {
  return { ...(period === 'custom' ? (range ? { from: range[0], to: range[1] } : { days: FIRST_DAYS }) : { days: period }), whatsappId, queueId };
}

/**
 * Starts reading the default figures when the page's route starts loading (plugin.tsx), in parallel with
 * the page's chunk, instead of after the page has rendered (issue 32). The page's first `call` of the same
 * query takes the answer (the SDK's `prefetch`, fresh for 10 s). On a first visit the shell has started
 * the same request earlier still (the manifest's `firstRequests`), and this one finds it waiting.
 */
export function prefetchFirstFigures(): void {
  prefetch(DASHBOARD_ENDPOINTS.figures.path, figuresQuery(FIRST_DAYS, null));
}
