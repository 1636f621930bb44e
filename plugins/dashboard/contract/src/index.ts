import type { z } from 'zod';
import { definePluginManifest, endpoint } from '@atende/core-contract';
import type { dashboardQuerySchema, DashboardFigures, DashboardNow } from './figures.js';
import type { crmQuerySchema, CrmAnalyticsResponse, CrmMetricsResponse } from './crm.js';
import { DASHBOARD_DEFAULT_DAYS } from './periods.js';

export * from './periods.js';
export * from './figures.js';
export * from './crm.js';

/**
 * The dashboard reads the kernel's `dashboard:view` (admins and the super user): the plugin declares no
 * permission of its own (a name is declared once across kernel and plugins).
 */
export const DASHBOARD_PERMISSIONS = {} as const;

/** Realtime event the plugin sends to `dashboard:view` holders when its rollups moved. */
export const DASHBOARD_EVENT = 'dashboard:update';

/** Declared once for both sides: the server's manifest and the web remote's pages read it. */
export const DASHBOARD_MANIFEST = definePluginManifest({
  pages: {
    // The page's first read (its default period, no filter): started by the shell beside the page's code.
    main: { path: '/dashboard', permission: 'dashboard:view', firstRequests: [`/dashboard/figures?days=${DASHBOARD_DEFAULT_DAYS}`] },
    crm: { path: '/crm', permission: 'dashboard:view' },
  },
  menu: [
    { page: 'main', icon: 'dashboard', permission: 'dashboard:view', placement: 'top', label: { es: 'Dashboard', pt: 'Dashboard', en: 'Dashboard' } },
    { page: 'crm', icon: 'dashboard', permission: 'dashboard:view', label: { es: 'Dashboard IA', pt: 'Dashboard IA', en: 'AI dashboard' } },
  ],
  zones: [],
});

/** The plugin's API, typed for the web's `call()`; the server test checks each one is served. */
export const DASHBOARD_ENDPOINTS = {
  figures: endpoint<{ query: typeof dashboardQuerySchema; response: z.ZodType<DashboardFigures> }>()({ method: 'GET', path: '/dashboard/figures' }),
  crmMetrics: endpoint<{ query: typeof crmQuerySchema; response: z.ZodType<CrmMetricsResponse> }>()({ method: 'GET', path: '/crm/metrics' }),
  crmAnalytics: endpoint<{ query: typeof crmQuerySchema; response: z.ZodType<CrmAnalyticsResponse> }>()({ method: 'GET', path: '/crm/analytics' }),
  now: endpoint<{ query: typeof dashboardQuerySchema; response: z.ZodType<DashboardNow> }>()({ method: 'GET', path: '/dashboard/now' }),
};
