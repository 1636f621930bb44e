import { Controller, Get, Inject, UseGuards } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { CurrentUser, RequirePermission, TICKETS, ZodResponse, type AuthUser, type Tickets } from '@atende/sdk-server';
import { campaignsSentTodaySchema, type CampaignsSentToday } from '@atende/plugin-campaigns-contract';
import { CampaignsEnabledGuard } from '../campaigns-enabled.guard.js';
import { q } from './sql.js';

/**
 * `GET /api/campaigns/stats/sent-today` (issue 32): the company's campaign messages the channel
 * accepted since midnight in its time zone, for the dashboard's `dashboard.cards` card. Its own rows
 * only (`campaign_shipping.sent_at`, indexed per company): a message delivered or read was sent first.
 */
@Controller('campaigns/stats')
@UseGuards(CampaignsEnabledGuard)
export class CampaignStatsController {
  constructor(
    private readonly em: EntityManager,
    @Inject(TICKETS) private readonly tickets: Tickets,
  ) {}

  @Get('sent-today')
  @RequirePermission('campaigns:read')
  @ZodResponse(campaignsSentTodaySchema)
  async sentToday(@CurrentUser() user: AuthUser): Promise<CampaignsSentToday> {
    const timeZone = await this.tickets.timeZone(user.companyId);
    const [row] = await q<{ day: string; sent: number }>(
      this.em.fork(),
      `select to_char((now() at time zone ?)::date, 'YYYY-MM-DD') as day, count(s.id)::int as sent
         from (select 1) one
         left join campaign_shipping s on s.company_id = ? and s.sent_at >= ((now() at time zone ?)::date::timestamp at time zone ?)`,
      [timeZone, user.companyId, timeZone, timeZone],
    );
    return { day: row.day, sent: Number(row.sent) };
  }
}
