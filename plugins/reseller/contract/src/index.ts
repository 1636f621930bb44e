import type { z } from 'zod';
import { definePluginManifest, endpoint } from '@atende/core-contract';
import type { messageSchema } from '@atende/plugin-billing-contract';
import type * as S from './schemas.js';

/**
 * The reseller panel (commercial-admin §2, §7): a company admin sees the companies that signed up
 * with its referral code and pays their plan changes with its coins. A plugin of its own that
 * depends on billing (README decision: a reseller is any company admin).
 */
export const RESELLER_PERMISSIONS = {
  'reseller:use': ['admin', 'super'],
} as const;

const L = (es: string, pt: string, en: string) => ({ es, pt, en });

export const RESELLER_MANIFEST = definePluginManifest({
  pages: { reseller: { path: '/reseller', permission: 'reseller:use' } },
  menu: [{ page: 'reseller', icon: 'team', permission: 'reseller:use', label: L('Panel Reseller', 'Painel Revendedor', 'Reseller panel') }],
});

/** Typed for the web's `call()`; the server test checks each one is served. Paths are the spec's (§7). */
export const RESELLER_ENDPOINTS = {
  metrics: endpoint<{ response: typeof S.resellerMetricsSchema }>()({ method: 'GET', path: '/reseller/metrics' }),
  history: endpoint<{ response: z.ZodArray<typeof S.historyEntrySchema> }>()({ method: 'GET', path: '/reseller/history' }),
  extend: endpoint<{ body: typeof S.resellerExtendSchema; response: typeof messageSchema }>()({ method: 'POST', path: '/reseller/extend-plan' }),
  upgrade: endpoint<{ body: typeof S.resellerPlanChangeSchema; response: typeof messageSchema }>()({ method: 'POST', path: '/reseller/upgrade-plan' }),
  downgrade: endpoint<{ body: typeof S.resellerPlanChangeSchema; response: typeof messageSchema }>()({ method: 'POST', path: '/reseller/downgrade-plan' }),
};

export * from './schemas.js';
