import { Module } from '@nestjs/common';
import { definePlugin } from '@atende/sdk-server';
import { FLOWBUILDER_MANIFEST, FLOWBUILDER_PERMISSIONS } from '@atende/plugin-flowbuilder-contract';
import { FlowsController } from './flows.controller.js';
import { FlowsService } from './flows.service.js';
import { FlowCampaignsController, KeywordsController } from './triggers.controller.js';
import { ENTITIES } from './entities.js';
import { FlowbuilderInit } from './migrations/init.js';
import { FlowEngine } from './engine.js';
import { FlowRuntime } from './runtime.js';
import { TriggerIndex } from './trigger-index.js';
import { FLOWBUILDER_SETTINGS } from './settings.js';

export { NODE_EXECUTORS } from './engine.js';

@Module({ controllers: [FlowsController, KeywordsController, FlowCampaignsController], providers: [FlowsService, FlowEngine, FlowRuntime, TriggerIndex] })
export class FlowbuilderModule {}

export default definePlugin({
  id: 'flowbuilder',
  // The spec's paths, answered by the plugin's routes under /api/flowbuilder/ (issue 29 item 3).
  apiAliases: [
    'GET /keywords',
    'GET /keywords/:id',
    'POST /keywords',
    'PUT /keywords/:id',
    'DELETE /keywords/:id',
    'GET /flowcampaign',
    'GET /flowcampaign/:id',
    'POST /flowcampaign',
    'PUT /flowcampaign',
    'DELETE /flowcampaign/:id',
  ],
  version: '0.1.0',
  // "Campaigns, phrase lists and flows … need a plan that allows campaigns" (automation-productivity §6).
  planFlag: 'useCampaigns',
  module: FlowbuilderModule,
  entities: ENTITIES,
  migrations: [{ name: 'flowbuilder_0001_init', class: FlowbuilderInit }],
  permissions: FLOWBUILDER_PERMISSIONS,
  settings: FLOWBUILDER_SETTINGS,
  manifest: FLOWBUILDER_MANIFEST,
  web: { package: '@atende/plugin-flowbuilder-web' },
});
