import { Module, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { createExtensionPoint, definePlugin } from '@atende/sdk-server';
import { BILLING_COINS_KEY, BILLING_COINS_POINT, BILLING_MANIFEST, BILLING_PERMISSIONS, type BillingCoins } from '@atende/plugin-billing-contract';
import { BonusController, CompanyPlanController, InvoicesController, PayNowController, ReferralsController, SubscriptionController, WebhookController } from './controllers.js';
import { BillingCoinsPort } from './billing-coins.port.js';
import { CompanyOpsService } from './company-ops.service.js';
import { InvoicesService } from './invoices.service.js';
import { InvoicesJob } from './invoices.job.js';
import { LedgerService } from './ledger.service.js';
import { ManualReviewProvider, SignedWebhookProvider } from './payment-providers.js';
import { PayNowService } from './pay-now.service.js';
import { PlanChangeService } from './plan-change.service.js';
import { CoinsService } from './coins.service.js';
import { SubscriptionService } from './subscription.service.js';
import { BillingInit } from './migrations/init.js';
import { BillingInvoiceKinds } from './migrations/invoice-kinds.js';
import { BILLING_SETTINGS } from './settings.js';
import { KernelReads } from './kernel-reads.js';

export const BILLING_CONTROLLERS = [InvoicesController, SubscriptionController, PayNowController, CompanyPlanController, BonusController, ReferralsController, WebhookController];

@Module({
  controllers: BILLING_CONTROLLERS,
  providers: [KernelReads, CompanyOpsService, InvoicesService, InvoicesJob, LedgerService, ManualReviewProvider, SignedWebhookProvider, PlanChangeService, PayNowService, CoinsService, SubscriptionService, BillingCoinsPort],
})
export class BillingModule implements OnModuleInit, OnModuleDestroy {
  private unregister?: () => void;
  constructor(private readonly coins: BillingCoinsPort) {}

  /** Offers BILLING_COINS to the plugins that depend on billing (the reseller plugin). */
  onModuleInit(): void {
    this.unregister = createExtensionPoint<BillingCoins>(BILLING_COINS_POINT).register(BILLING_COINS_KEY, this.coins);
  }

  onModuleDestroy(): void {
    this.unregister?.();
  }
}

export default definePlugin({
  id: 'billing',
  // The spec's paths, answered by the plugin's routes under /api/billing/ (issue 29 item 3).
  apiAliases: [
    'GET /invoices/all',
    'POST /invoices/generate',
    'POST /invoices/:id/approve',
    'POST /invoices/:id/reject',
    'POST /subscription',
    'GET /subscription/overview',
    'POST /company-plan/extend-plan',
    'POST /company-plan/upgrade-plan',
    'POST /company-plan/downgrade-plan',
    'POST /bonus-rewards/process-all',
    'GET /bonus-rewards/stats',
    'POST /referrals/adjust-coins',
  ],
  version: '0.1.0',
  module: BillingModule,
  entities: [],
  migrations: [
    { name: 'billing_0001_init', class: BillingInit },
    { name: 'billing_0002_invoice_kinds', class: BillingInvoiceKinds },
  ],
  permissions: BILLING_PERMISSIONS,
  settings: BILLING_SETTINGS,
  manifest: BILLING_MANIFEST,
  web: { package: '@atende/plugin-billing-web' },
});
