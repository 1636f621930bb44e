import type { DomainEventName } from '@atende/core-contract';
import type { BatchSubscriptionOptions, DomainEventBatchHandler, DomainEventHandler } from './events.js';

/**
 * The calling plugin's own view of the kernel (issue 29 item 5), injected by the `PLUGIN_CONTEXT`
 * token: the kernel gives each plugin's module its own instance, so the plugin never names itself
 * (it cannot subscribe, read secrets or write settings as another plugin). It is the only way a
 * plugin reaches domain events and settings.
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

/** Domain events as this plugin: plan-flag gating (never a company whose plan lacks the plugin), durable retries. */
export interface PluginEvents {
  /** In-process, right after the commit; returns a function that ends the subscription. */
  on<K extends DomainEventName>(name: K, handler: DomainEventHandler<K>): () => void;
  /** Durable (this plugin's own queue): retried when the handler throws; may arrive more than once. */
  subscribe<K extends DomainEventName>(names: readonly K[], handler: DomainEventHandler<K>, options?: { concurrency?: number; attempts?: number }): void;
  /**
   * Durable like `subscribe`, handed over in batches: the events emitted together (in one turn of the
   * emitting process's event loop, at most `maxEvents`) come in one job and one call, in the order they
   * were emitted, one batch at a time. For a subscriber that writes for every event: one transaction
   * per batch instead of per event. A batch whose handler throws is split, each event retried alone
   * (with backoff, up to `attempts`), so one bad event never holds the others back; dedupe by
   * `event.id`, as any durable delivery may repeat. A plugin subscribes durably once: with
   * `subscribe` or with this.
   */
  subscribeBatches<K extends DomainEventName>(names: readonly K[], handler: DomainEventBatchHandler<K>, options?: BatchSubscriptionOptions): void;
}

/**
 * Settings as this plugin: it reads its own declared keys (`<pluginId>.…`, secret ones included) and
 * the kernel's non-secret options; it writes only its own keys. Reading another plugin's key, or a
 * secret kernel option (the `asaas` token), throws 403 ERR_NO_PERMISSION: a plugin needing another
 * plugin's data asks that plugin's port.
 */
export interface PluginSettings {
  /** A company's value of one of this plugin's keys or a non-secret kernel option, or its default. */
  company(companyId: number, key: string): Promise<string>;
  /** A platform-wide value of one of this plugin's global keys or a kernel option (`allowSignup`), or its default. */
  global(key: string): Promise<string>;
  /** One of this plugin's declared company keys (404 ERR_NO_SETTING_FOUND otherwise; 400 when its schema refuses). */
  setCompany(companyId: number, key: string, value: string): Promise<void>;
  /** One of this plugin's declared global keys, generated once when empty (see `Settings.globalSecret`). */
  globalSecret(key: string): Promise<string>;
}
