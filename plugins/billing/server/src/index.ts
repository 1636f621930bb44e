import { Module } from '@nestjs/common';
import { definePlugin } from '@atende/sdk-server';
import { BILLING_MANIFEST, BILLING_PERMISSIONS } from '@atende/plugin-billing-contract';
import { BonusController, CompanyPlanController, InvoicesController, ReferralsController, ResellerController, SubscriptionController, WebhookController } from './controllers.js';
import { CompanyOpsService } from './company-ops.service.js';
import { InvoicesService } from './invoices.service.js';
import { InvoicesJob } from './invoices.job.js';
import { LedgerService } from './ledger.service.js';
import { ManualReviewProvider, SignedWebhookProvider } from './payment-providers.js';
import { PlanChangeService } from './plan-change.service.js';
import { ResellerService } from './reseller.service.js';
import { SubscriptionService } from './subscription.service.js';
import { BillingInit } from './migrations/init.js';
import { BILLING_SETTINGS } from './settings.js';
import { KernelReads } from './kernel-reads.js';

export const BILLING_CONTROLLERS = [InvoicesController, SubscriptionController, CompanyPlanController, ResellerController, BonusController, ReferralsController, WebhookController];

@Module({
  controllers: BILLING_CONTROLLERS,
  providers: [KernelReads, CompanyOpsService, InvoicesService, InvoicesJob, LedgerService, ManualReviewProvider, SignedWebhookProvider, PlanChangeService, ResellerService, SubscriptionService],
})
export class BillingModule {}

export default definePlugin({
  id: 'billing',
  version: '0.1.0',
  module: BillingModule,
  entities: [],
  migrations: [{ name: 'billing_0001_init', class: BillingInit }],
  permissions: BILLING_PERMISSIONS,
  settings: BILLING_SETTINGS,
  manifest: BILLING_MANIFEST,
  web: { package: '@atende/plugin-billing-web' },
});
