import { Module } from '@nestjs/common';
import { definePlugin } from '@atende/sdk-server';
import { CAMPAIGNS_MANIFEST, CAMPAIGNS_PERMISSIONS } from '@atende/plugin-campaigns-contract';
import { CampaignsEnabledGuard } from './campaigns-enabled.guard.js';
import { ContactListItemSchema, ContactListSchema } from './contact-lists/contact-list.entity.js';
import { ContactListItemsController } from './contact-lists/contact-list-items.controller.js';
import { ContactListItemsService } from './contact-lists/contact-list-items.service.js';
import { ContactListsController } from './contact-lists/contact-lists.controller.js';
import { ContactListsRealtime } from './contact-lists/contact-lists.realtime.js';
import { ContactListsService } from './contact-lists/contact-lists.service.js';
import { NumberCheck } from './contact-lists/number-check.js';
import { CampaignsContactLists } from './migrations/campaigns_0001_contact_lists.js';
import { CampaignsCampaigns } from './migrations/campaigns_0002_campaigns.js';
import { CampaignsSendLanes } from './migrations/campaigns_0003_send_lanes.js';
import { CampaignsSentIndex } from './migrations/campaigns_0004_sent_index.js';
import { CampaignStatsController } from './campaigns/sent-today.controller.js';
import { CampaignEngine } from './campaigns/campaign.engine.js';
import { CampaignSender } from './campaigns/campaign.sender.js';
import { SendSignal } from './campaigns/send-signal.js';
import { CampaignSettingsService } from './campaigns/campaign-settings.service.js';
import { CampaignSettingsController, CampaignsController } from './campaigns/campaigns.controller.js';
import { CampaignsRealtime } from './campaigns/campaigns.realtime.js';
import { CampaignsService } from './campaigns/campaigns.service.js';
import { CampaignReader } from './campaigns/campaign-reader.js';
import { CampaignRecipientsService } from './campaigns/campaign-recipients.service.js';

/** Contact lists, campaigns, campaign settings and the sending engine. */
@Module({
  // Under /api/campaigns/ (issue 29 item 3) `GET /campaigns/:id` would capture `/campaigns/campaign-settings`,
  // `/campaigns/contact-lists`…: Express answers with the first match, so those controllers come first.
  controllers: [ContactListsController, ContactListItemsController, CampaignSettingsController, CampaignStatsController, CampaignsController],
  providers: [
    CampaignsEnabledGuard,
    ContactListsRealtime,
    ContactListsService,
    ContactListItemsService,
    NumberCheck,
    CampaignSettingsService,
    CampaignReader,
    CampaignsService,
    CampaignRecipientsService,
    CampaignsRealtime,
    CampaignEngine,
    SendSignal,
    CampaignSender,
  ],
})
export class CampaignsModule {}

export default definePlugin({
  id: 'campaigns',
  // The spec's paths, answered by the plugin's routes under /api/campaigns/ (issue 29 item 3).
  apiAliases: [
    'GET /contact-lists/list',
    'GET /contact-lists/sample',
    'GET /contact-lists',
    'GET /contact-lists/:id',
    'POST /contact-lists',
    'PUT /contact-lists/:id',
    'DELETE /contact-lists/:id',
    'POST /contact-lists/:id/upload',
    'GET /contact-list-items',
    'GET /contact-list-items/:id',
    'POST /contact-list-items',
    'PUT /contact-list-items/:id',
    'DELETE /contact-list-items/:id',
    'GET /campaign-settings',
    'POST /campaign-settings',
  ],
  version: '0.1.0',
  planFlag: 'useCampaigns',
  module: CampaignsModule,
  entities: [ContactListSchema, ContactListItemSchema],
  migrations: [
    { name: 'campaigns_0001_contact_lists', class: CampaignsContactLists },
    { name: 'campaigns_0002_campaigns', class: CampaignsCampaigns },
    { name: 'campaigns_0003_send_lanes', class: CampaignsSendLanes },
    { name: 'campaigns_0004_sent_index', class: CampaignsSentIndex },
  ],
  permissions: CAMPAIGNS_PERMISSIONS,
  manifest: CAMPAIGNS_MANIFEST,
  web: { package: '@atende/plugin-campaigns-web' },
});
