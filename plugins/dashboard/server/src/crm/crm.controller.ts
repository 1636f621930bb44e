import { Controller, Get, Inject } from '@nestjs/common';
import { CurrentUser, RequirePermission, ZodQuery, type AuthUser } from '@atende/sdk-server';
import { crmQuerySchema, type CrmAnalyticsResponse, type CrmMetricsResponse, type CrmQuery } from '@atende/plugin-dashboard-contract';
import { CrmService } from './crm.service.js';
import { ReadCache } from '../cache/read-cache.js';

/** /api/dashboard/crm/… (mounted under the plugin's id), also answering the spec's /api/crm/metrics and /api/crm/analytics (apiAliases). */
@Controller('crm')
export class CrmController {
  constructor(
    @Inject(CrmService) private readonly crm: CrmService,
    @Inject(ReadCache) private readonly cache: ReadCache,
  ) {}

  @Get('metrics')
  @RequirePermission('dashboard:view')
  async metrics(@CurrentUser() user: AuthUser, @ZodQuery(crmQuerySchema) query: CrmQuery): Promise<CrmMetricsResponse> {
    // Company-wide figures (no per-viewer rule): one cached answer per company and query.
    return { success: true, data: await this.cache.read(user.companyId, `crm.metrics:${JSON.stringify(query)}`, () => this.crm.metrics(user.companyId, query)) };
  }

  @Get('analytics')
  @RequirePermission('dashboard:view')
  async analytics(@CurrentUser() user: AuthUser, @ZodQuery(crmQuerySchema) query: CrmQuery): Promise<CrmAnalyticsResponse> {
    return { success: true, analytics: await this.cache.read(user.companyId, `crm.analytics:${JSON.stringify(query)}`, () => this.crm.analytics(user.companyId, query)) };
  }
}
