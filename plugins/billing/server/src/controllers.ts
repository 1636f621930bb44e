import { Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import { z } from 'zod';
import { AllowExpired, CurrentUser, Public, RequirePermission, ZodBody, ZodParam, ZodQuery, ZodResponse, type AuthUser } from '@atende/sdk-server';
import * as S from '@atende/plugin-billing-contract';
import { CompanyOpsService } from './company-ops.service.js';
import { InvoicesService } from './invoices.service.js';
import { ManualReviewProvider, SIGNATURE_HEADER, SignedWebhookProvider, TIMESTAMP_HEADER } from './payment-providers.js';
import { PlanChangeService } from './plan-change.service.js';
import { CoinsService } from './coins.service.js';
import { PayNowService } from './pay-now.service.js';
import { SubscriptionService } from './subscription.service.js';

type Body<T extends z.ZodType> = z.infer<T>;
const idParam = z.coerce.number().int().positive().max(2_147_483_647);
interface RawRequest {
  rawBody?: Buffer;
  headers: Record<string, string | string[] | undefined>;
  protocol: string;
  get(name: string): string | undefined;
}
const header = (req: RawRequest, name: string) => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/** /api/invoices: the company's list (everyone's for the super user) and the super user's review. */
@Controller('invoices')
export class InvoicesController {
  constructor(
    private readonly invoices: InvoicesService,
    private readonly manual: ManualReviewProvider,
    private readonly ops: CompanyOpsService,
  ) {}

  @Get('all')
  @AllowExpired()
  @RequirePermission('billing:read')
  @ZodResponse(S.invoicePageSchema)
  list(@CurrentUser() user: AuthUser, @ZodQuery(S.invoiceListQuerySchema) q: Body<typeof S.invoiceListQuerySchema>) {
    return this.invoices.list(user, q);
  }

  /** Runs the scheduled generation now (it also runs hourly by itself). */
  @Post('generate')
  @RequirePermission('billing:review')
  @ZodResponse(S.generateResultSchema)
  async generate() {
    await this.ops.reconcile();
    return { created: await this.invoices.generate() };
  }

  @Post(':id/approve')
  @RequirePermission('billing:review')
  @ZodResponse(S.invoiceSchema)
  async approve(@ZodParam('id', idParam) id: number, @CurrentUser() user: AuthUser) {
    const c = await this.manual.confirm({ invoiceId: id, reviewerId: user.id });
    return (await this.invoices.settle(c.invoiceId, c.settlement)).invoice;
  }

  @Post(':id/reject')
  @RequirePermission('billing:review')
  @ZodResponse(S.invoiceSchema)
  reject(@ZodParam('id', idParam) id: number) {
    return this.invoices.reject(id);
  }
}

/** /api/subscription: checkout (§7) and what the subscription page and checkout dialog show. */
@Controller('subscription')
export class SubscriptionController {
  constructor(
    private readonly invoices: InvoicesService,
    private readonly subscription: SubscriptionService,
  ) {}

  @Post()
  @AllowExpired()
  @RequirePermission('billing:pay')
  @ZodResponse(S.subscriptionResultSchema)
  async subscribe(@CurrentUser() user: AuthUser, @ZodBody(S.subscriptionRequestSchema) body: Body<typeof S.subscriptionRequestSchema>) {
    await this.invoices.submit(user, body);
    return { success: true };
  }

  @Get('overview')
  @AllowExpired()
  @RequirePermission('billing:read')
  @ZodResponse(S.subscriptionOverviewSchema)
  overview(@CurrentUser() user: AuthUser) {
    return this.subscription.overview(user.companyId);
  }
}

/** /api/billing/renewal and /api/billing/upgrade-invoice: an invoice to pay now, whenever the company wants (issue 38 item 13). */
@Controller('billing')
export class PayNowController {
  constructor(private readonly payNow: PayNowService) {}

  @Post('renewal')
  @AllowExpired()
  @RequirePermission('billing:pay')
  @ZodResponse(S.invoiceSchema)
  renew(@CurrentUser() user: AuthUser) {
    return this.payNow.renew(user);
  }

  @Post('upgrade-invoice')
  @AllowExpired()
  @RequirePermission('billing:pay')
  @ZodResponse(S.invoiceSchema)
  upgrade(@CurrentUser() user: AuthUser, @ZodBody(S.planChangeSchema) body: Body<typeof S.planChangeSchema>) {
    return this.payNow.upgrade(user, body.newPlanId);
  }
}

/** /api/company-plan: the company changes its own plan with its coins (on the subscription page: reachable when expired). */
@Controller('company-plan')
export class CompanyPlanController {
  constructor(private readonly plans: PlanChangeService) {}

  @Post('extend-plan')
  @AllowExpired()
  @RequirePermission('billing:pay')
  @ZodResponse(S.messageSchema)
  extend(@CurrentUser() user: AuthUser, @ZodBody(S.extendSchema) body: Body<typeof S.extendSchema>) {
    return this.plans.apply(user.companyId, user.companyId, user.id, { mode: 'extension', months: body.months });
  }

  @Post('upgrade-plan')
  @AllowExpired()
  @RequirePermission('billing:pay')
  @ZodResponse(S.messageSchema)
  upgrade(@CurrentUser() user: AuthUser, @ZodBody(S.planChangeSchema) body: Body<typeof S.planChangeSchema>) {
    return this.plans.apply(user.companyId, user.companyId, user.id, { mode: 'upgrade', newPlanId: body.newPlanId });
  }

  @Post('downgrade-plan')
  @AllowExpired()
  @RequirePermission('billing:pay')
  @ZodResponse(S.messageSchema)
  downgrade(@CurrentUser() user: AuthUser, @ZodBody(S.planChangeSchema) body: Body<typeof S.planChangeSchema>) {
    return this.plans.apply(user.companyId, user.companyId, user.id, { mode: 'downgrade', newPlanId: body.newPlanId });
  }
}

/** /api/bonus-rewards (super user). */
@Controller('bonus-rewards')
export class BonusController {
  constructor(private readonly coins: CoinsService) {}

  @Post('process-all')
  @RequirePermission('billing:review')
  @ZodResponse(S.bonusProcessSchema)
  process() {
    return this.coins.processBonuses();
  }

  @Get('stats')
  @RequirePermission('billing:review')
  @ZodResponse(S.bonusStatsSchema)
  async stats() {
    return { data: await this.coins.bonusStats() };
  }
}

/** /api/referrals/adjust-coins (super user, §7). */
@Controller('referrals')
export class ReferralsController {
  constructor(private readonly coins: CoinsService) {}

  @Post('adjust-coins')
  @RequirePermission('billing:coins-adjust')
  @ZodResponse(S.adjustCoinsResultSchema)
  adjust(@CurrentUser() user: AuthUser, @ZodBody(S.adjustCoinsSchema) body: Body<typeof S.adjustCoinsSchema>) {
    return this.coins.adjust(user, body);
  }
}

/** /api/billing/webhook: a payment gateway's signed notification (public; the signature is the auth). */
@Controller('billing/webhook')
export class WebhookController {
  constructor(
    private readonly webhook: SignedWebhookProvider,
    private readonly invoices: InvoicesService,
  ) {}

  @Post()
  @Public()
  @HttpCode(200)
  async receive(@Req() req: RawRequest) {
    const c = await this.webhook.confirm({ rawBody: req.rawBody, signature: header(req, SIGNATURE_HEADER), timestamp: header(req, TIMESTAMP_HEADER) });
    const { invoice, duplicate } = await this.invoices.settle(c.invoiceId, c.settlement, c.payment);
    return duplicate ? { received: true, duplicate: true } : { received: true, status: invoice.status };
  }
}
