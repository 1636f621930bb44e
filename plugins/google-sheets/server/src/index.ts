import { Inject, Module, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { createExtensionPoint, definePlugin } from '@atende/sdk-server';
import { FLOW_NODE_EXECUTORS, KEYWORD_ACTIONS, type KeywordAction, type NodeExecutor } from '@atende/plugin-flowbuilder-contract';
import { GOOGLE_SHEETS_MANIFEST, GOOGLE_SHEETS_PERMISSIONS } from '@atende/plugin-google-sheets-contract';
import { INTEGRATION_TYPES, type IntegrationType } from '@atende/plugin-integrations-contract';
import { googleSheetsAuthType } from './integration-type.js';
import { GoogleAccountEntity } from './account.entity.js';
import { GoogleSheetsController } from './google-sheets.controller.js';
import { GoogleSheetsService } from './google-sheets.service.js';
import { googleSheetsExecutor } from './flow-node.js';
import { keywordAction } from './keyword-action.js';
import { GoogleSheetsInit } from './migrations/init.js';
import { GOOGLE_SHEETS_SETTINGS } from './settings.js';

export { googleSheetsAuthType, GOOGLE_SHEETS_AUTH_TYPE } from './integration-type.js';
export { INTEGRATION_DIRECTORY, type IntegrationDirectory } from './integration-directory.js';

/** Contributes the flow builder's Sheets step and its keyword action, and the integrations plugin's `googlesheets-auth` type. */
class GoogleSheetsContributions implements OnModuleInit, OnModuleDestroy {
  private off: (() => void)[] = [];
  constructor(@Inject(GoogleSheetsService) private readonly service: GoogleSheetsService) {}
  onModuleInit(): void {
    this.off.push(
      createExtensionPoint<NodeExecutor>(FLOW_NODE_EXECUTORS).register('google-sheets.googlesheets', googleSheetsExecutor(this.service)),
      createExtensionPoint<KeywordAction>(KEYWORD_ACTIONS).register('google-sheets.append', keywordAction(this.service)),
      createExtensionPoint<IntegrationType>(INTEGRATION_TYPES).register('google-sheets.auth', googleSheetsAuthType(this.service)),
    );
  }
  onModuleDestroy(): void {
    for (const off of this.off) off();
    this.off = [];
  }
}

@Module({ controllers: [GoogleSheetsController], providers: [GoogleSheetsService, GoogleSheetsContributions] })
export class GoogleSheetsModule {}

export default definePlugin({
  id: 'google-sheets',
  version: '0.1.0',
  requires: { kernel: '^1.0.0' },
  // The same gate as the integrations plugin (commercial-admin: useIntegrations → integrations, google-sheets).
  planFlag: 'useIntegrations',
  // The spec's paths (§7), answered by this plugin's routes under /api/google-sheets/.
  apiAliases: [
    'GET /queueIntegration/google-sheets/auth',
    'GET /queueIntegration/google-sheets/auth-status',
    'POST /queueIntegration/google-sheets/callback',
    'POST /queueIntegration/google-sheets/disconnect',
    'POST /queueIntegration/google-sheets/disconnect/:id',
    'GET /queueIntegration/:id/google-sheets/sheets',
  ],
  module: GoogleSheetsModule,
  entities: [GoogleAccountEntity],
  migrations: [{ name: 'google-sheets_0001_init', class: GoogleSheetsInit }],
  permissions: GOOGLE_SHEETS_PERMISSIONS,
  settings: GOOGLE_SHEETS_SETTINGS,
  manifest: GOOGLE_SHEETS_MANIFEST,
  web: { package: '@atende/plugin-google-sheets-web' },
});
