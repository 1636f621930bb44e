import type { DomainEventName } from '@atende/core-contract';
import type { DomainEventHandler } from './events.js';

/**
 * The calling plugin's own view of the kernel (issue 29 item 5), injected by the `PLUGIN_CONTEXT`
 * token: the kernel gives each plugin's module its own instance, so the plugin never names itself
 * (it cannot subscribe or write settings as another plugin). Prefer it to passing an id to
 * `DOMAIN_EVENTS` or `SETTINGS`.
 *
 *   constructor(@Inject(PLUGIN_CONTEXT) private readonly plugin: PluginContext) {}
 *   onModuleInit() { this.plugin.events.subscribe(['ticket.updated'], (e) => …); }
 */
export const PLUGIN_CONTEXT = Symbol.for('atende:plugin-context');

/** What `PLUGIN_CONTEXT` gives the plugin it was made for. */
export interface PluginContext {
  /** The plugin's id (from its definePlugin), as the kernel loaded it. */
  readonly pluginId: string;
  readonly events: PluginEvents;
  readonly settings: PluginSettings;
}

/** `DOMAIN_EVENTS` as this plugin: same delivery rules (plan flag gating, durable retries). */
export interface PluginEvents {
  /** In-process, right after the commit; returns a function that ends the subscription. */
  on<K extends DomainEventName>(name: K, handler: DomainEventHandler<K>): () => void;
  /** Durable (this plugin's own queue): retried when the handler throws; may arrive more than once. */
  subscribe<K extends DomainEventName>(names: readonly K[], handler: DomainEventHandler<K>, options?: { concurrency?: number; attempts?: number }): void;
}

/** `SETTINGS` as this plugin: reads any key, writes only its own declared keys. */
export interface PluginSettings {
  company(companyId: number, key: string): Promise<string>;
  global(key: string): Promise<string>;
  /** One of this plugin's declared company keys (404 ERR_NO_SETTING_FOUND otherwise; 400 when its schema refuses). */
  setCompany(companyId: number, key: string, value: string): Promise<void>;
  /** One of this plugin's declared global keys, generated once when empty (see `Settings.globalSecret`). */
  globalSecret(key: string): Promise<string>;
}
