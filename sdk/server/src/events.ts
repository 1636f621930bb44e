import type { DomainEvent, DomainEventName } from '@atende/core-contract';

/**
 * Domain events (issue 11 item 1). The kernel emits them after the change is committed; a plugin
 * listens through `PLUGIN_CONTEXT.events` (the one way: the kernel binds it to the plugin, so no
 * plugin can subscribe under another's id). Delivery:
 *
 * - `on`: in-process, in the process that made the change, right after the commit. A failing handler
 *   is logged and never undoes the change; use it for cheap reactions (caches, realtime).
 * - `subscribe`: durable. Each plugin gets its own BullMQ queue; an event is retried with backoff when
 *   the handler throws and may arrive more than once (dedupe by `event.id`), possibly in another
 *   process. Use it for anything that must happen (sending, billing, syncing).
 * - `subscribeBatches`: durable too, the events emitted together handed over in one job and one call
 *   (an inbound flood emits hundreds a second: one queue job and, say, one transaction per batch
 *   instead of per event). A batch that throws is split: each of its events is retried alone.
 *
 * Both skip companies whose plan lacks the plugin's `planFlag`: a plugin never hears of a company that
 * may not use it.
 */
/** A handler of one domain event (`events.on` / `events.subscribe`). */
export type DomainEventHandler<K extends DomainEventName> = (event: DomainEvent<K>) => void | Promise<void>;
/** A handler of durable events handed over together (`events.subscribeBatches`), in the order they were emitted. */
export type DomainEventBatchHandler<K extends DomainEventName> = (events: DomainEvent<K>[]) => void | Promise<void>;
/** Options of `events.subscribeBatches`. */
export interface BatchSubscriptionOptions {
  /** Tries of a batch (and of each event of a failed batch, retried alone); default 8. */
  attempts?: number;
  /** The most events in one batch; default 100. */
  maxEvents?: number;
}

/** The kernel's side of domain events, behind `PLUGIN_CONTEXT.events` (which passes the plugin's id): in-process handlers after commit (`on`) and durable, retried delivery through the plugin's own queue (`subscribe`). Not injectable by plugins. */
export interface DomainEvents {
  /** In-process subscription; returns a function that ends it. `pluginId` is the subscriber (for plan gating). */
  on<K extends DomainEventName>(pluginId: string, name: K, handler: DomainEventHandler<K>): () => void;
  /**
   * Durable subscription of `pluginId` to `names`, handled by `handler` with up to `concurrency`
   * events at once (default 1: events in the order they were emitted, per process).
   */
  subscribe<K extends DomainEventName>(pluginId: string, names: readonly K[], handler: DomainEventHandler<K>, options?: { concurrency?: number; attempts?: number }): void;
  /** Durable subscription of `pluginId` to `names`, handed over in batches (see `PluginEvents.subscribeBatches`). */
  subscribeBatches<K extends DomainEventName>(pluginId: string, names: readonly K[], handler: DomainEventBatchHandler<K>, options?: BatchSubscriptionOptions): void;
}
