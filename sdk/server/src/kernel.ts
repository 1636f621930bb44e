import type { SocketPayload } from '@atende/core-contract';
import type { Queue, Worker, Processor, WorkerOptions } from 'bullmq';

/**
 * Kernel services a plugin may inject by these tokens. They are the whole surface a plugin sees:
 * anything else in core/server is private and may change.
 */
export const REALTIME = Symbol.for('atende:realtime');
export const JOB_QUEUES = Symbol.for('atende:job-queues');

/**
 * Socket events. A kernel event name (core-contract `socketEventSchemas`) takes exactly its payload
 * type; any other name (a plugin's own event) takes what the plugin sends.
 */
export interface RealtimePublisher {
  /** Everyone signed in to this company. */
  toCompany<K extends string>(companyId: number, event: K, payload: SocketPayload<K>): void;
  /** Every open socket of one user. */
  toUser<K extends string>(userId: number, event: K, payload: SocketPayload<K>): void;
  /** Every signed-in user of every company: only platform-wide data meant for all (help videos, announcements). */
  toPlatform<K extends string>(event: K, payload: SocketPayload<K>): void;
  /** The platform's super users only (companies, plans, billing of every company). */
  toSuperUsers<K extends string>(event: K, payload: SocketPayload<K>): void;
}

export interface JobQueues {
  /** A BullMQ queue on the kernel's Redis connection; names are prefixed with the plugin id by convention. */
  queue(name: string): Queue;
  /** A worker closed with the application. */
  worker(name: string, processor: Processor, options?: Omit<WorkerOptions, 'connection'>): Worker;
}
