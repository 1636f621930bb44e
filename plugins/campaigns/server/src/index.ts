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

/** Contact lists now; campaigns, campaign settings and the sending engine join this module later. */
@Module({
  controllers: [ContactListsController, ContactListItemsController],
  providers: [CampaignsEnabledGuard, ContactListsRealtime, ContactListsService, ContactListItemsService, NumberCheck],
})
export class CampaignsModule {}

export default definePlugin({
  id: 'campaigns',
  version: '0.1.0',
  planFlag: 'useCampaigns',
  module: CampaignsModule,
  entities: [ContactListSchema, ContactListItemSchema],
  migrations: [{ name: 'campaigns_0001_contact_lists', class: CampaignsContactLists }],
  permissions: CAMPAIGNS_PERMISSIONS,
  manifest: CAMPAIGNS_MANIFEST,
  web: { package: '@atende/plugin-campaigns-web' },
});
