import { Inject, Module, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { createExtensionPoint, definePlugin, TENANCY, type Tenancy } from '@atende/sdk-server';
import { INTEGRATION_DIRECTORY, INTEGRATIONS_MANIFEST, INTEGRATIONS_PERMISSIONS, type IntegrationDirectory } from '@atende/plugin-integrations-contract';
import { IntegrationsController } from './integrations.controller.js';
import { IntegrationsService } from './integrations.service.js';
import { IntegrationsRealtime } from './integrations.realtime.js';
import { IntegrationsRuntime } from './runtime.js';
import { RemoteCalls } from './remote-calls.js';
import { ENTITIES, IntegrationEntity } from './entities.js';
import { IntegrationsInit } from './migrations/init.js';
import { INTEGRATIONS_SETTINGS } from './settings.js';
import { integrationTypes } from './types.js';
import { BUILTIN_INTEGRATION_TYPES } from './builtin/index.js';
import { TypebotNodeExecutor } from './typebot-node.js';

export { INTEGRATION_DIRECTORY, INTEGRATION_TYPES, type IntegrationDirectory, type IntegrationType } from '@atende/plugin-integrations-contract';

/** Registers the built-in types on the extension point, as any other plugin would. */
class BuiltinTypes implements OnModuleInit, OnModuleDestroy {
  private off: (() => void)[] = [];
  onModuleInit(): void {
    this.off = BUILTIN_INTEGRATION_TYPES.map((t) => integrationTypes().register(`integrations.${t.type}`, t));
  }
  onModuleDestroy(): void {
    for (const off of this.off) off();
    this.off = [];
  }
}

/** Tells other plugins which integrations a company has (the google-sheets plugin checks ids against it). */
class Directory implements OnModuleInit, OnModuleDestroy {
  private off?: () => void;
  constructor(@Inject(TENANCY) private readonly tenancy: Tenancy) {}
  onModuleInit(): void {
    this.off = createExtensionPoint<IntegrationDirectory>(INTEGRATION_DIRECTORY).register('integrations', {
      find: (companyId, id) =>
        this.tenancy.forCompany(companyId, async (em) => {
          const row = await em.findOne(IntegrationEntity, { id, companyId });
          return row ? { id: row.id, name: row.name, type: row.type } : null;
        }),
    });
  }
  onModuleDestroy(): void {
    this.off?.();
  }
}

@Module({
  controllers: [IntegrationsController],
  providers: [BuiltinTypes, Directory, IntegrationsService, IntegrationsRealtime, IntegrationsRuntime, RemoteCalls, TypebotNodeExecutor],
})
export class IntegrationsModule {}

export default definePlugin({
  id: 'integrations',
  version: '0.1.0',
  requires: { kernel: '^1.0.0' },
  // "Integrations page: needs plan flag useIntegrations" (automation-productivity §6).
  planFlag: 'useIntegrations',
  // The spec's paths (§7), answered by the routes under /api/integrations/queueIntegration.
  apiAliases: [
    'GET /queueIntegration',
    'GET /queueIntegration/:id',
    'POST /queueIntegration',
    'PUT /queueIntegration/:id',
    'DELETE /queueIntegration/:id',
    'POST /queueIntegration/:id/image-upload',
    'DELETE /queueIntegration/:id/image-upload',
    'POST /queueIntegration/testSession',
  ],
  module: IntegrationsModule,
  entities: ENTITIES,
  migrations: [{ name: 'integrations_0001_init', class: IntegrationsInit }],
  permissions: INTEGRATIONS_PERMISSIONS,
  settings: INTEGRATIONS_SETTINGS,
  manifest: INTEGRATIONS_MANIFEST,
  web: { package: '@atende/plugin-integrations-web' },
});
