import { definePluginManifest, endpoint } from '@atende/core-contract';
import type * as S from './schemas.js';

export * from './rules.js';

/**
 * Who may do what (commercial-admin §6). Billing is for admins (issue 27 item 5: agents saw Financeiro and
 * Suscripción in their menu): admins see their company's invoices and plan, pay and
 * change plans (the reseller panel is the reseller plugin's, paid through BILLING_COINS); the super user
 * reviews payments, generates invoices, processes bonuses and adjusts coins.
 */
export const BILLING_PERMISSIONS = {
  'billing:read': ['admin', 'super'],
  'billing:pay': ['admin', 'super'],
  'billing:review': ['super'],
  'billing:coins-adjust': ['super'],
} as const;

const L = (es: string, pt: string, en: string) => ({ es, pt, en });

/**
 * Declared once for both sides. /financeiro and /subscription stay reachable when expired (§2). They
 * are one billing area (issue 36 item 9): both paths show the plan, coins, renew/change and the
 * invoices, and the drawer lists it once, so nobody wonders which of two pages to use.
 */
export const BILLING_MANIFEST = definePluginManifest({
  pages: {
    financeiro: { path: '/financeiro', permission: 'billing:read', allowExpired: true },
    subscription: { path: '/subscription', permission: 'billing:read', allowExpired: true },
    review: { path: '/billing-review', permission: 'billing:review' },
  },
  tabs: { settings: { key: 'billing', permission: 'billing:review', label: L('Facturación', 'Faturamento', 'Billing') } },
  menu: [
    { page: 'financeiro', icon: 'dollar', permission: 'billing:read', label: L('Financiero', 'Financeiro', 'Billing') },
    { page: 'review', icon: 'audit', permission: 'billing:review', label: L('Revisión de pagos', 'Revisão de pagamentos', 'Payment review') },
  ],
  zones: ['layout.drawer.footer', 'users.row.actions'],
});

/** The realtime payment channel of a company (§7): action CONCLUIDA or PENDING_REVIEW. */
export const PAYMENT_EVENT = 'payment';
/** To super users: an invoice changed (the review screen refreshes). */
export const INVOICE_REVIEW_EVENT = 'billingInvoice';

/** Typed for the web's `call()`; the server test checks each one is served. */
export const BILLING_ENDPOINTS = {
  invoices: endpoint<{ query: typeof S.invoiceListQuerySchema; response: typeof S.invoicePageSchema }>()({ method: 'GET', path: '/invoices/all' }),
  generate: endpoint<{ response: typeof S.generateResultSchema }>()({ method: 'POST', path: '/invoices/generate' }),
  approve: endpoint<{ params: { id: number }; response: typeof S.invoiceSchema }>()({ method: 'POST', path: '/invoices/:id/approve' }),
  reject: endpoint<{ params: { id: number }; response: typeof S.invoiceSchema }>()({ method: 'POST', path: '/invoices/:id/reject' }),
  subscribe: endpoint<{ body: typeof S.subscriptionRequestSchema; response: typeof S.subscriptionResultSchema }>()({ method: 'POST', path: '/subscription' }),
  overview: endpoint<{ response: typeof S.subscriptionOverviewSchema }>()({ method: 'GET', path: '/subscription/overview' }),
  extend: endpoint<{ body: typeof S.extendSchema; response: typeof S.messageSchema }>()({ method: 'POST', path: '/company-plan/extend-plan' }),
  upgrade: endpoint<{ body: typeof S.planChangeSchema; response: typeof S.messageSchema }>()({ method: 'POST', path: '/company-plan/upgrade-plan' }),
  downgrade: endpoint<{ body: typeof S.planChangeSchema; response: typeof S.messageSchema }>()({ method: 'POST', path: '/company-plan/downgrade-plan' }),
  bonusProcess: endpoint<{ response: typeof S.bonusProcessSchema }>()({ method: 'POST', path: '/bonus-rewards/process-all' }),
  bonusStats: endpoint<{ response: typeof S.bonusStatsSchema }>()({ method: 'GET', path: '/bonus-rewards/stats' }),
  adjustCoins: endpoint<{ body: typeof S.adjustCoinsSchema; response: typeof S.adjustCoinsResultSchema }>()({ method: 'POST', path: '/referrals/adjust-coins' }),
  /** Renew now (issue 38 item 13): the open invoice of the next period, created when there is none yet; paid through `subscribe`. */
  renew: endpoint<{ response: typeof S.invoiceSchema }>()({ method: 'POST', path: '/billing/renewal' }),
  /** Upgrade paid with money: an invoice of the price difference for the days left; the plan changes when it is settled. */
  upgradeInvoice: endpoint<{ body: typeof S.planChangeSchema; response: typeof S.invoiceSchema }>()({ method: 'POST', path: '/billing/upgrade-invoice' }),
  /** A payment provider's signed confirmation (public; HMAC over the raw body). Listed so the API docs know it. */
  webhook: endpoint()({ method: 'POST', path: '/billing/webhook' }),
};

export * from './schemas.js';
export * from './coins-port.js';
