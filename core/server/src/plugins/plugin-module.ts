import type { DynamicModule } from '@nestjs/common';
import { DOMAIN_EVENTS, PLUGIN_CONTEXT, REALTIME, SETTINGS, type DomainEvents, type PluginContext, type PluginDefinition, type Settings } from '@atende/sdk-server';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';
import { PluginRealtime } from '../realtime/plugin-realtime.js';

/**
 * A plugin's module as the application imports it: its own providers plus the kernel ports that
 * depend on which plugin asks (REALTIME, with the plugin's plan flag; PLUGIN_CONTEXT, its events
 * and settings under its own id). A provider of the module itself
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
      { provide: PLUGIN_CONTEXT, useFactory: (events: DomainEvents, settings: Settings) => pluginContext(definition.id, events, settings), inject: [DOMAIN_EVENTS, SETTINGS] },
    ],
  };
}

/** The kernel's events and settings bound to one plugin's id (the plugin never passes it). */
export function pluginContext(pluginId: string, events: DomainEvents, settings: Settings): PluginContext {
  return Object.freeze({
    pluginId,
    events: Object.freeze({
      on: (name, handler) => events.on(pluginId, name, handler),
      subscribe: (names, handler, options) => events.subscribe(pluginId, names, handler, options),
    } satisfies PluginContext['events']),
    settings: Object.freeze({
      company: (companyId, key) => settings.company(companyId, key),
      global: (key) => settings.global(key),
      setCompany: (companyId, key, value) => settings.setCompany(pluginId, companyId, key, value),
      globalSecret: (key) => settings.globalSecret(pluginId, key),
    } satisfies PluginContext['settings']),
  });
}
