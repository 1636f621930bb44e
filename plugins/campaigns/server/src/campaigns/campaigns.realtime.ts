import { Inject, Injectable, Logger } from '@nestjs/common';
import { REALTIME, type RealtimeAudience, type RealtimePublisher } from '@atende/sdk-server';
import { CAMPAIGN_EVENT, CAMPAIGN_PROGRESS_EVENT, type Campaign, type CampaignEvent, type CampaignProgressEvent } from '@atende/plugin-campaigns-contract';
import { CampaignReader } from './campaign-reader.js';

/** Who hears campaigns: those who may open /campaigns (admins), and only while the plan has useCampaigns (kernel). */
const AUDIENCE: RealtimeAudience = { permission: 'campaigns:read' };

/** Live updates to the company's users who may read campaigns. */
@Injectable()
export class CampaignsRealtime {
  private readonly log = new Logger('CampaignsRealtime');

  constructor(
    @Inject(REALTIME) private readonly realtime: RealtimePublisher,
    private readonly campaigns: CampaignReader,
  ) {}

  changed(companyId: number, action: 'create' | 'update', record: Campaign): void {
    this.realtime.toCompany(companyId, CAMPAIGN_EVENT, { action, record } satisfies CampaignEvent, AUDIENCE);
  }

  removed(companyId: number, id: number): void {
    this.realtime.toCompany(companyId, CAMPAIGN_EVENT, { action: 'delete', id } satisfies CampaignEvent, AUDIENCE);
  }

  /** Reads the campaign again and tells it (the engine's changes). */
  changedById(companyId: number, id: number): void {
    void this.campaigns
      .findDto(companyId, id)
      .then((dto) => dto && this.changed(companyId, 'update', dto))
      .catch((err: unknown) => this.log.warn(`campaign ${id} not told: ${err instanceof Error ? err.message : String(err)}`));
  }

  async progress(companyId: number, id: number): Promise<void> {
    try {
      const dto = await this.campaigns.findDto(companyId, id);
      if (dto) {
        this.realtime.toCompany(
          companyId,
          CAMPAIGN_PROGRESS_EVENT,
          { campaignId: id, status: dto.status, progress: dto.progress, completedAt: dto.completedAt } satisfies CampaignProgressEvent,
          AUDIENCE,
        );
      }
    } catch (err) {
      this.log.warn(`campaign ${id} progress not told: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}
