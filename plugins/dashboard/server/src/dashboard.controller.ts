import { Controller, Get, Inject } from '@nestjs/common';
import { CurrentUser, RequirePermission, ZodQuery, type AuthUser } from '@atende/sdk-server';
import { dashboardQuerySchema, type DashboardFigures, type DashboardNow, type DashboardQuery } from '@atende/plugin-dashboard-contract';
import { FiguresService } from './figures/figures.service.js';
import { ReadCache } from './cache/read-cache.js';

/** Served under /api/dashboard. The kernel checks sign-in and `dashboard:view`; the service the viewer's visibility. */
@Controller('dashboard')
export class DashboardController {
  constructor(
    @Inject(FiguresService) private readonly figures: FiguresService,
    @Inject(ReadCache) private readonly cache: ReadCache,
  ) {}

  @Get('figures')
  @RequirePermission('dashboard:view')
  get(@CurrentUser() user: AuthUser, @ZodQuery(dashboardQuerySchema) query: DashboardQuery): Promise<DashboardFigures> {
    // Per viewer: what a user may see depends on their queues (the service applies it).
    return this.cache.read(user.companyId, `figures:${user.id}:${JSON.stringify(query)}`, () => this.figures.figures(user.companyId, user.id, query));
  }

  /** Only the "right now" counts: what the page refetches on a realtime nudge. */
  @Get('now')
  @RequirePermission('dashboard:view')
  now(@CurrentUser() user: AuthUser, @ZodQuery(dashboardQuerySchema) query: DashboardQuery): Promise<DashboardNow> {
    return this.figures.now(user.companyId, user.id, query);
  }
}
