import type { EntityManager } from '@mikro-orm/core';
import { createExtensionPoint } from './extension-point.js';
import type { TicketSummary } from './tickets.js';
import type { HandlerBinding } from './handler-bindings.js';

/**
 * The inbound handler chain (issue 11 item 2): every inbound message, once stored and committed, is
 * offered to the chain's handlers before any automatic answer. The kernel's own automation (queue
 * bot, options tree, rating capture, out-of-hours answer) is made of handlers on it; a plugin adds
 * its own (keywords, flows, AI…) by registering on `INBOUND_CHAIN` in its module's onModuleInit:
 *
 *   INBOUND_CHAIN.register('myplugin.keywords', { priority: 100, handle: async (ctx) => … });
 *
 * Order: lower `priority` first; the kernel's handlers sit at 900 and above, so a plugin's come first
 * unless it says otherwise. The first handler that returns 'handled' ends the chain.
 *
 * Holding: a handler may `claim` the ticket. The ticket then records the holder (its key) and its
 * `state` (JSON), so a restart resumes where it was; until the holder `release`s it, the holder alone
 * sees the ticket's next messages (as `ctx.holder`). An agent accepting, returning, transferring or
 * resolving the ticket (any change through the kernel's ticket lifecycle) releases any holder. A hold
 * may expire (`ttlMs`): an expired hold counts as released.
 *
 * A handler of a plugin runs only for companies whose plan has the plugin's flag (the key's first
 * part is the plugin id); a ticket held by a handler that is gone or no longer allowed is released.
 */
export interface InboundHandler {
  /** Lower runs first. Kernel handlers: 900 (rating), 910 (out of hours), 920 (options tree), 930 (queue bot). */
  priority: number;
  /**
   * A cheap test on what the pipeline already has (no query; a handler may consult what it keeps in
   * memory per company, e.g. the texts that trigger it): false skips the handler. When no handler
   * applies and the ticket is not held, the chain opens no transaction at all.
   */
  appliesTo?(message: InboundChainMessage, ticket: InboundChainTicket, companyId: number): boolean;
  /**
   * Runs only on tickets whose queue (or, without a queue binding, connection) is bound to this
   * handler's plugin (see `HANDLER_BINDINGS`); `ctx.binding` then names the bound record.
   */
  bound?: boolean;
  handle(ctx: InboundChainContext): Promise<InboundHandlerResult>;
}

/** 'handled': the message was this handler's, the chain ends. 'pass': the next handler sees it. */
export type InboundHandlerResult = 'handled' | 'pass';

/** The stored inbound message a chain handler sees. */
export interface InboundChainMessage {
  id: number;
  body: string;
  /** 'chat', 'image', 'audio', 'video', 'application', 'location', 'vcard', 'call_log'… */
  mediaType: string;
  fromMe: boolean;
  isGroup: boolean;
}

/** The ticket the message landed on, as a chain handler sees it. */
export interface InboundChainTicket extends TicketSummary {
  isGroup: boolean;
  /** Opened by this very message. */
  created: boolean;
  /** Who holds the ticket (a handler's key), null when nobody does. */
  holder: string | null;
}

/** What a chain handler gets: the message, its ticket, the company, claim/release of the ticket and `reply`. */
export interface InboundChainContext {
  readonly companyId: number;
  readonly message: InboundChainMessage;
  /** The ticket as it was when the chain started (read under a row lock: one chain per ticket at a time). */
  readonly ticket: InboundChainTicket;
  /**
   * The ticket's contact. Use it rather than `Contacts.get` inside `handle`: a port read takes another pooled
   * connection while this chain holds the ticket's row lock, and under a burst every connection can be waiting on
   * that lock (the pipeline's own ticket updates), so the read never gets one.
   */
  readonly contact: { readonly id: number; readonly name: string; readonly number: string };
  /** For a `bound` handler: the queue's (else the connection's) binding to its plugin; null otherwise. */
  readonly binding: HandlerBinding | null;
  /** When this handler holds the ticket: its state as it last stored it. */
  readonly holder: { state: unknown } | null;
  /**
   * The chain's transaction, tenant-scoped: a handler's own writes commit or roll back with the
   * holder changes. Use it for your plugin's own tables; kernel data goes through the SDK ports.
   */
  readonly em: EntityManager;
  /** Holds the ticket for this handler with `state` (replacing the state while it already holds it). */
  claim(state?: unknown, options?: { ttlMs?: number }): Promise<void>;
  /** Gives the hold to another handler (by key) with its starting state: e.g. a menu handing over to a flow. */
  handOver(handlerKey: string, state?: unknown, options?: { ttlMs?: number }): Promise<void>;
  /**
   * Lets go of the ticket; with `queueId` it moves to that queue (pending), with `userId` to that user.
   * Ids of another company are refused (ERR_QUEUE_NOT_FOUND / ERR_NO_USER_FOUND).
   */
  release(to?: { queueId?: number; userId?: number }): Promise<void>;
  /** A text the connection sends to the contact once the chain has committed (stored with this handler's plugin as source). */
  reply(text: string): void;
  /**
   * Runs `fn` once the chain has committed (not at all if it rolled back). Calls to the SDK ports that
   * change kernel data (Tickets.transition/tag/untag, Messages.send*, Contacts.upsert, Companies.set*,
   * Settings.setCompany) belong here: they run in their own transactions, and the chain's transaction
   * holds the ticket until it ends, so inside `handle` they throw (the handler is then rolled back and
   * counts as 'pass'). A throwing `fn` is logged.
   */
  afterCommit(fn: () => Promise<unknown> | void): void;
}

/** The kernel's inbound chain. Keys are `<plugin id>.<name>` (`kernel.<name>` for the kernel's own). */
export const INBOUND_CHAIN = createExtensionPoint<InboundHandler>('kernel.inbound-chain');

/** The plugin a handler key belongs to. */
export const handlerPluginId = (key: string): string => key.slice(0, key.indexOf('.'));

/**
 * An inbound observer (issue 29 item 5): sees every inbound message the chain sees, whoever holds
 * the ticket (a handler, an agent, nobody), and answers none of them. Register on
 * `INBOUND_OBSERVERS` in the module's onModuleInit:
 *
 *   INBOUND_OBSERVERS.register('myplugin.stats', { observe: async (ctx) => … });
 *
 * It runs after the chain has committed, outside its transaction (so it may read through the ports),
 * for companies whose plan has the plugin's flag. Its context offers no reply, claim or release, and
 * the ports that answer or take a ticket (Messages.send*, Tickets.transition/openFor,
 * TicketHolds.release) throw when an observer calls them. Delivery is at least once: a pipeline job
 * retried after the chain ran shows the message again (dedupe by `message.id` if it matters).
 * A throwing observer is logged and changes nothing for the others.
 */
export interface InboundObserver {
  /** A cheap test (no query): false skips the observer for this message. */
  appliesTo?(message: InboundChainMessage, ticket: InboundChainTicket, companyId: number): boolean;
  observe(ctx: InboundObserverContext): Promise<void> | void;
}

/** What an observer sees of one inbound message (frozen; it cannot answer or take the ticket). */
export interface InboundObserverContext {
  readonly companyId: number;
  readonly message: InboundChainMessage;
  /** The ticket as the chain left it (its holder included: a handler's key, or null). */
  readonly ticket: InboundChainTicket;
}

/** Inbound observers. Keys are `<plugin id>.<name>`. */
export const INBOUND_OBSERVERS = createExtensionPoint<InboundObserver>('kernel.inbound-observers');
