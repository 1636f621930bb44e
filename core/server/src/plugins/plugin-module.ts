import type { DynamicModule } from '@nestjs/common';
import { REALTIME, type PluginDefinition } from '@atende/sdk-server';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';
import { PluginRealtime } from '../realtime/plugin-realtime.js';

/**
 * A plugin's module as the application imports it: its own providers plus the kernel ports that
 * depend on which plugin asks (REALTIME, with the plugin's plan flag). A provider of the module itself
 * wins over the global one; a module the plugin imports gets the kernel's instance, which still applies
 * the flag of the plugin owning an audience's permission.
 */
export function pluginModule(definition: PluginDefinition): DynamicModule {
  const base: DynamicModule = typeof definition.module === 'function' ? { module: definition.module } : definition.module;
  return {
    ...base,
    providers: [
      ...(base.providers ?? []),
      { provide: REALTIME, useFactory: (gateway: RealtimeGateway) => new PluginRealtime(gateway, definition), inject: [RealtimeGateway] },
    ],
  };
}
