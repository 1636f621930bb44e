import type { DynamicModule } from '@nestjs/common';
import { COMPANY_SETTING_KEYS, GLOBAL_SETTINGS, SECRET_COMPANY_SETTINGS, type CompanySettingKey } from '@atende/core-contract';
import { AppError, MESSAGES, PLUGIN_CONTEXT, REALTIME, TICKETS, type DomainEvents, type PluginContext, type PluginDefinition, type Settings } from '@atende/sdk-server';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';
import { PluginRealtime } from '../realtime/plugin-realtime.js';
import { DomainEventsService } from '../events/domain-events.service.js';
import { SettingsService } from '../settings/settings.service.js';
import { MessagesPortService } from '../messages/messages-port.service.js';
import { pluginMessages } from './plugin-messages.js';
import { TicketsPortService } from '../tickets/tickets-port.service.js';
import { pluginTickets } from './plugin-tickets.js';

/**
 * A plugin's module as the application imports it: its own providers plus the kernel ports that
 * depend on which plugin asks (REALTIME, with the plugin's plan flag; PLUGIN_CONTEXT, its events
 * and settings under its own id; MESSAGES, its sends under its own id as `source`; TICKETS, whose `mark` is its own). A provider of the module itself
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
      { provide: PLUGIN_CONTEXT, useFactory: (events: DomainEvents, settings: Settings) => pluginContext(definition.id, events, settings), inject: [DomainEventsService, SettingsService] },
      { provide: MESSAGES, useFactory: (messages: MessagesPortService) => pluginMessages(definition.id, messages), inject: [MessagesPortService] },
      { provide: TICKETS, useFactory: (tickets: TicketsPortService) => pluginTickets(definition.id, tickets), inject: [TicketsPortService] },
    ],
  };
}

/** The kernel's company options a plugin may read: all but the secret ones (a payment token). */
const READABLE_KERNEL_COMPANY_KEYS = new Set<string>(COMPANY_SETTING_KEYS.filter((k: CompanySettingKey) => !SECRET_COMPANY_SETTINGS.includes(k)));
const KERNEL_GLOBAL_KEYS = new Set<string>(Object.keys(GLOBAL_SETTINGS));

/** The kernel's events and settings bound to one plugin's id (the plugin never passes it). */
export function pluginContext(pluginId: string, events: DomainEvents, settings: Settings): PluginContext {
  const own = (key: string) => key.startsWith(`${pluginId}.`);
  // Another plugin's keys may hold its secrets (an API key, a webhook secret): refused, not filtered.
  const readable = (key: string, kernelKeys: Set<string>) => {
    if (!own(key) && !kernelKeys.has(key)) throw AppError.forbidden(`Plugin ${pluginId} may not read the setting "${key}".`);
  };
  return Object.freeze({
    pluginId,
    events: Object.freeze({
      on: (name, handler) => events.on(pluginId, name, handler),
      subscribe: (names, handler, options) => events.subscribe(pluginId, names, handler, options),
      subscribeBatches: (names, handler, options) => events.subscribeBatches(pluginId, names, handler, options),
    } satisfies PluginContext['events']),
    settings: Object.freeze({
      company: async (companyId, key) => {
        readable(key, READABLE_KERNEL_COMPANY_KEYS);
        return settings.company(companyId, key);
      },
      global: async (key) => {
        readable(key, KERNEL_GLOBAL_KEYS);
        return settings.global(key);
      },
      setCompany: (companyId, key, value) => settings.setCompany(pluginId, companyId, key, value),
      globalSecret: (key) => settings.globalSecret(pluginId, key),
    } satisfies PluginContext['settings']),
  });
}
