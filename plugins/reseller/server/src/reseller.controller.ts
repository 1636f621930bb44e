import { Controller, Get, Post, Req } from '@nestjs/common';
import type { z } from 'zod';
import { CurrentUser, RequirePermission, ZodBody, ZodResponse, type AuthUser } from '@atende/sdk-server';
import { messageSchema } from '@atende/plugin-billing-contract';
import { historyEntrySchema, resellerExtendSchema, resellerMetricsSchema, resellerPlanChangeSchema } from '@atende/plugin-reseller-contract';
import { ResellerService } from './reseller.service.js';

interface OriginRequest {
  headers: Record<string, string | string[] | undefined>;
  protocol: string;
  get(name: string): string | undefined;
}

/** /api/reseller (§7): referred companies' plans paid with the reseller's coins. */
@Controller('reseller')
export class ResellerController {
  constructor(private readonly reseller: ResellerService) {}

  @Get('metrics')
  @RequirePermission('reseller:use')
  @ZodResponse(resellerMetricsSchema)
  metrics(@CurrentUser() user: AuthUser, @Req() req: OriginRequest) {
    const header = req.headers.origin;
    const origin = (Array.isArray(header) ? header[0] : header) ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`;
    return this.reseller.metrics(user.companyId, origin);
  }

  @Get('history')
  @RequirePermission('reseller:use')
  @ZodResponse(historyEntrySchema.array())
  history(@CurrentUser() user: AuthUser) {
    return this.reseller.history(user.companyId);
  }

  @Post('extend-plan')
  @RequirePermission('reseller:use')
  @ZodResponse(messageSchema)
  extend(@CurrentUser() user: AuthUser, @ZodBody(resellerExtendSchema) body: z.infer<typeof resellerExtendSchema>) {
    return this.reseller.change(user.companyId, body.targetCompanyId, user.id, { mode: 'extension', months: body.months });
  }

  @Post('upgrade-plan')
  @RequirePermission('reseller:use')
  @ZodResponse(messageSchema)
  upgrade(@CurrentUser() user: AuthUser, @ZodBody(resellerPlanChangeSchema) body: z.infer<typeof resellerPlanChangeSchema>) {
    return this.reseller.change(user.companyId, body.targetCompanyId, user.id, { mode: 'upgrade', newPlanId: body.newPlanId });
  }

  @Post('downgrade-plan')
  @RequirePermission('reseller:use')
  @ZodResponse(messageSchema)
  downgrade(@CurrentUser() user: AuthUser, @ZodBody(resellerPlanChangeSchema) body: z.infer<typeof resellerPlanChangeSchema>) {
    return this.reseller.change(user.companyId, body.targetCompanyId, user.id, { mode: 'downgrade', newPlanId: body.newPlanId });
  }
}
