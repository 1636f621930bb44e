import type { IncomingMessage, ServerResponse } from 'node:http';
import { Controller, Delete, Get, HttpCode, Inject, Post, Put, Req, Res, UseGuards } from '@nestjs/common';
import { z } from 'zod';
import { CurrentUser, MEDIA, RequirePermission, ZodBody, ZodParam, ZodQuery, ZodResponse, type AuthUser, type Media } from '@atende/sdk-server';
import {
  CAMPAIGN_MEDIA_MAX_BYTES,
  CAMPAIGN_MEDIA_TYPES,
  campaignInputSchema,
  campaignPageSchema,
  campaignRecipientPageSchema,
  campaignRecipientQuerySchema,
  campaignQuerySchema,
  campaignSchema,
  campaignSettingRecords,
  campaignSettingRecordsSchema,
  campaignSettingsInputSchema,
  campaignUpdateSchema,
  type Campaign,
  type CampaignPage,
  type CampaignRecipientPage,
  type CampaignSettingRecord,
} from '@atende/plugin-campaigns-contract';
import { CampaignsEnabledGuard } from '../campaigns-enabled.guard.js';
import { idSchema } from '../contact-lists/contact-lists.controller.js';
import { CampaignSettingsService } from './campaign-settings.service.js';
import { CampaignsService } from './campaigns.service.js';
import { CampaignRecipientsService } from './campaign-recipients.service.js';

const csvQuery = z.object({ lang: z.enum(['es', 'pt', 'en']).catch('es').default('es') });

/** /api/campaigns (automation-productivity §7): admins of a plan with useCampaigns and campaignsEnabled on. */
@Controller('campaigns')
@UseGuards(CampaignsEnabledGuard)
export class CampaignsController {
  constructor(
    private readonly campaigns: CampaignsService,
    private readonly recipients: CampaignRecipientsService,
    @Inject(MEDIA) private readonly media: Media,
  ) {}

  @Get()
  @RequirePermission('campaigns:read')
  @ZodResponse(campaignPageSchema)
  page(@CurrentUser() user: AuthUser, @ZodQuery(campaignQuerySchema) q: z.infer<typeof campaignQuerySchema>): Promise<CampaignPage> {
    return this.campaigns.page(user.companyId, q.searchParam, q.pageNumber);
  }

  @Get(':id')
  @RequirePermission('campaigns:read')
  @ZodResponse(campaignSchema)
  show(@CurrentUser() user: AuthUser, @ZodParam('id', idSchema) id: number): Promise<Campaign> {
    return this.campaigns.show(user.companyId, id);
  }

  @Post()
  @RequirePermission('campaigns:write')
  @ZodResponse(campaignSchema)
  create(@CurrentUser() user: AuthUser, @ZodBody(campaignInputSchema) body: z.output<typeof campaignInputSchema>): Promise<Campaign> {
    return this.campaigns.create(user.companyId, body);
  }

  @Put(':id')
  @RequirePermission('campaigns:write')
  @ZodResponse(campaignSchema)
  update(@CurrentUser() user: AuthUser, @ZodParam('id', idSchema) id: number, @ZodBody(campaignUpdateSchema) body: z.output<typeof campaignUpdateSchema>): Promise<Campaign> {
    return this.campaigns.update(user.companyId, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequirePermission('campaigns:write')
  async remove(@CurrentUser() user: AuthUser, @ZodParam('id', idSchema) id: number): Promise<void> {
    await this.campaigns.remove(user.companyId, id);
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @RequirePermission('campaigns:write')
  @ZodResponse(campaignSchema)
  cancel(@CurrentUser() user: AuthUser, @ZodParam('id', idSchema) id: number): Promise<Campaign> {
    return this.campaigns.cancel(user.companyId, id);
  }

  @Post(':id/restart')
  @HttpCode(200)
  @RequirePermission('campaigns:write')
  @ZodResponse(campaignSchema)
  restart(@CurrentUser() user: AuthUser, @ZodParam('id', idSchema) id: number): Promise<Campaign> {
    return this.campaigns.restart(user.companyId, id);
  }

  /** Multipart `file`: png, jpg, mp4, ogg, mp3 or pdf, 20 MB, checked by the Media port. */
  @Post(':id/media-upload')
  @HttpCode(200)
  @RequirePermission('campaigns:write')
  @ZodResponse(campaignSchema)
  upload(@CurrentUser() user: AuthUser, @ZodParam('id', idSchema) id: number, @Req() req: IncomingMessage, @Res({ passthrough: true }) res: ServerResponse): Promise<Campaign> {
    return this.campaigns.attach(user.companyId, id, () => this.media.receive(req, res, { field: 'file', accept: CAMPAIGN_MEDIA_TYPES, maxBytes: CAMPAIGN_MEDIA_MAX_BYTES }));
  }

  @Delete(':id/media-upload')
  @RequirePermission('campaigns:write')
  @ZodResponse(campaignSchema)
  removeMedia(@CurrentUser() user: AuthUser, @ZodParam('id', idSchema) id: number): Promise<Campaign> {
    return this.campaigns.detach(user.companyId, id);
  }

  /** Who got which variant, what failed and why (issue 38 item 8), 50 a page. */
  @Get(':id/recipients')
  @RequirePermission('campaigns:read')
  @ZodResponse(campaignRecipientPageSchema)
  recipientPage(@CurrentUser() user: AuthUser, @ZodParam('id', idSchema) id: number, @ZodQuery(campaignRecipientQuerySchema) q: z.infer<typeof campaignRecipientQuerySchema>): Promise<CampaignRecipientPage> {
    return this.recipients.page(user.companyId, id, q.pageNumber, q.status);
  }

  /** The same report, every recipient, as a CSV download (`?lang=` names the header row). */
  @Get(':id/recipients/export')
  @RequirePermission('campaigns:read')
  async recipientCsv(@CurrentUser() user: AuthUser, @ZodParam('id', idSchema) id: number, @ZodQuery(csvQuery) q: z.infer<typeof csvQuery>, @Res() res: ServerResponse): Promise<void> {
    const csv = await this.recipients.csv(user.companyId, id, q.lang);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="campaign-${id}-recipients.csv"`);
    res.setHeader('Cache-Control', 'no-store');
    res.end(csv);
  }
}

/** /api/campaign-settings: the company's sending intervals and variables. */
@Controller('campaign-settings')
@UseGuards(CampaignsEnabledGuard)
export class CampaignSettingsController {
  constructor(private readonly settings: CampaignSettingsService) {}

  /** §3: key/value records with JSON values, every key (its default when never saved). */
  @Get()
  @RequirePermission('campaigns:read')
  @ZodResponse(campaignSettingRecordsSchema)
  async show(@CurrentUser() user: AuthUser): Promise<CampaignSettingRecord[]> {
    return campaignSettingRecords(await this.settings.get(user.companyId));
  }

  /** `{ settings }` as an object of the keys to change; answers the records as GET does. */
  @Post()
  @HttpCode(200)
  @RequirePermission('campaigns:write')
  @ZodResponse(campaignSettingRecordsSchema)
  async save(@CurrentUser() user: AuthUser, @ZodBody(campaignSettingsInputSchema) body: z.infer<typeof campaignSettingsInputSchema>): Promise<CampaignSettingRecord[]> {
    return campaignSettingRecords(await this.settings.save(user.companyId, body.settings));
  }
}
