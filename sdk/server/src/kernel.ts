import type { Queue, Worker, Processor, WorkerOptions } from 'bullmq';

/**
 * Kernel services a plugin may inject by these tokens. They are the whole surface a plugin sees:
 * anything else in core/server is private and may change.
 */
export const REALTIME = Symbol.for('atende:realtime');
export const JOB_QUEUES = Symbol.for('atende:job-queues');

export interface RealtimePublisher {
  /** Everyone signed in to this company. */
  toCompany(companyId: number, event: string, payload: unknown): void;
  /** Every open socket of one user. */
  toUser(userId: number, event: string, payload: unknown): void;
  /** Every signed-in user of every company: only platform-wide data meant for all (help videos, announcements). */
  toPlatform(event: string, payload: unknown): void;
  /** The platform's super users only (companies, plans, billing of every company). */
  toSuperUsers(event: string, payload: unknown): void;
}

export interface JobQueues {
  /** A BullMQ queue on the kernel's Redis connection; names are prefixed with the plugin id by convention. */
  queue(name: string): Queue;
  /** A worker closed with the application. */
  worker(name: string, processor: Processor, options?: Omit<WorkerOptions, 'connection'>): Worker;
}
