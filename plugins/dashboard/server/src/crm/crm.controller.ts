import { Controller, Get, Inject } from '@nestjs/common';
import { CurrentUser, RequirePermission, ZodQuery, type AuthUser } from '@atende/sdk-server';
import { crmQuerySchema, type CrmAnalyticsResponse, type CrmMetricsResponse, type CrmQuery } from '@atende/plugin-dashboard-contract';
import { CrmService } from './crm.service.js';

/** /api/dashboard/crm/… (mounted under the plugin's id), also answering the spec's /api/crm/metrics and /api/crm/analytics (apiAliases). */
@Controller('crm')
export class CrmController {
  constructor(@Inject(CrmService) private readonly crm: CrmService) {}

  @Get('metrics')
  @RequirePermission('dashboard:view')
  async metrics(@CurrentUser() user: AuthUser, @ZodQuery(crmQuerySchema) query: CrmQuery): Promise<CrmMetricsResponse> {
    return { success: true, data: await this.crm.metrics(user.companyId, query) };
  }

  @Get('analytics')
  @RequirePermission('dashboard:view')
  async analytics(@CurrentUser() user: AuthUser, @ZodQuery(crmQuerySchema) query: CrmQuery): Promise<CrmAnalyticsResponse> {
    return { success: true, analytics: await this.crm.analytics(user.companyId, query) };
  }
}
