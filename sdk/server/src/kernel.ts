import type { SocketPayload } from '@atende/core-contract';
import type { Queue, Worker, Processor, WorkerOptions } from 'bullmq';

/**
 * Kernel services a plugin may inject by these tokens. They are the whole surface a plugin sees:
 * anything else in core/server is private and may change.
 */
export const REALTIME = Symbol.for('atende:realtime');
/** Injection token of the JobQueues port. */
export const JOB_QUEUES = Symbol.for('atende:job-queues');

/**
 * Socket events. A kernel event name (core-contract `socketEventSchemas`) takes exactly its payload
 * type; any other name (a plugin's own event) takes what the plugin sends.
 */
export interface RealtimePublisher {
  /**
   * Everyone signed in to this company or, with `audience.permission`, only its users who hold that
   * permission (kernel table or any plugin's: an unknown name throws), as the HTTP guard decides it;
   * the sockets follow profile changes. A permission of a plugin with a plan flag, and any emit of a
   * plugin with one (the instance a plugin injects knows its plugin), reach a company only while its
   * plan has that flag. Gated emits of one company keep their order.
   */
  toCompany<K extends string>(companyId: number, event: K, payload: SocketPayload<K>, audience?: RealtimeAudience): void;
  /** Every open socket of one user (from a plugin with a plan flag: only while the user's company plan has it). */
  toUser<K extends string>(userId: number, event: K, payload: SocketPayload<K>): void;
  /**
   * Every signed-in user of every company: only platform-wide data meant for all (help videos,
   * announcements). A plugin with a plan flag cannot use it (it throws): no company could be left out.
   */
  toPlatform<K extends string>(event: K, payload: SocketPayload<K>): void;
  /** The platform's super users only (companies, plans, billing of every company). */
  toSuperUsers<K extends string>(event: K, payload: SocketPayload<K>): void;
}

/** Who in a company hears an event (`RealtimePublisher.toCompany`). */
export interface RealtimeAudience {
  /** Only users who hold this permission (e.g. `campaigns:read`): the same rule as `@RequirePermission`. */
  permission: string;
  /**
   * The event belongs to pages a plan without the plugin's flag still has (routes marked
   * `@WithoutPlanFlag()`, manifest pages with `withoutPlanFlag`): the plan flag is not applied to it.
   */
  withoutPlanFlag?: boolean;
}

/** The JOB_QUEUES port: BullMQ queues and workers on the kernel's Redis, named per plugin. */
export interface JobQueues {
  /** A BullMQ queue on the kernel's Redis connection; names are prefixed with the plugin id by convention. */
  queue(name: string): Queue;
  /** A worker closed with the application. */
  worker(name: string, processor: Processor, options?: Omit<WorkerOptions, 'connection'>): Worker;
}
