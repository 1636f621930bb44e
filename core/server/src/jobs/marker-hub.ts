/*
 * Why this file (issue 28 item 8): a BullMQ 6.7 Worker holds two Redis connections of its own, one for
 * commands and one blocked in BZPOPMIN on its queue's marker key, so a process running an outbound and an
 * inbox worker per channel session held ~4 connections per session (823 for 200 sessions).
 *
 * Option (a) of the issue, chosen because it changes nothing of what the queues guarantee: every worker
 * stays a BullMQ Worker on its own queue (locks and stalled-job takeover, the per-queue rate limiter,
 * delays, retries with backoff, dedupe by job id, failed sets, drain on close), but the workers of a
 * process share ONE command connection, and their blocking wait is ONE BZPOPMIN over all their marker
 * keys on ONE connection (Redis pops from whichever key has a marker; the hub hands it to that worker).
 * Moving outbound and the kept inbox onto streams (option b) would have meant rewriting delays, dedupe,
 * rate limits and the failed sets by hand.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { createRedisBackend, type BackendFactory, type RedisQueueBackend } from 'bullmq';

/** What BullMQ's blocking wait returns: the marker popped (its score is when a delayed job is due, or 0). */
export interface Marker {
  member: string;
  score: number;
}

/** One worker's wait: a marker popped while it was busy is kept for its next wait. */
interface Slot {
  key: string;
  resolve?: (m: Marker | null) => void;
  timer?: NodeJS.Timeout;
  /** undefined: nothing waiting for it; null: interrupted (close, pause); a marker: popped while busy. */
  pending?: Marker | null;
}

/** The hub's own BZPOPMIN lasts at most this long (then it is issued again); a stuck one is reset after it plus a second. */
const BLOCK_S = 5;

export class MarkerHub {
  private readonly slots = new Map<string, Slot>();
  /** A key only this hub watches: a marker on it makes the pending BZPOPMIN return, so the key set is read again. */
  private readonly wakeKey: string;
  private loop: Promise<void> | null = null;
  private idle: (() => void) | null = null;
  private closed = false;
  private turn = 0;

  /**
   * `commands` is shared by every worker's non-blocking commands; `blocking` is this hub's own connection
   * (nothing else may use it: it sits in BZPOPMIN).
   */
  constructor(
    private readonly commands: Redis,
    private readonly blocking: Redis,
    prefix: string,
    private readonly logger: Logger,
  ) {
    this.wakeKey = `${prefix}:marker-hub:${randomUUID()}`;
  }

  /** A BullMQ backend factory: the default Redis backend on the shared connection, its blocking wait through the hub. */
  readonly backendFactory: BackendFactory<RedisQueueBackend> = (name, opts) => {
    const backend = createRedisBackend(name, { ...opts, connection: this.commands });
    const slot = this.register(backend.keys.marker);
    const close = backend.close.bind(backend);
    Object.assign(backend, {
      waitForJob: (blockTimeoutS: number) => this.wait(slot, blockTimeoutS * 1000),
      // BullMQ interrupts the wait (close, pause) by dropping the blocking connection; here the wait just ends.
      disconnectBlocking: async () => this.interrupt(slot),
      reconnectBlocking: async () => undefined,
      close: async (force?: boolean) => {
        this.unregister(slot);
        await close(force);
      },
    });
    return backend;
  };

  private register(key: string): Slot {
    this.interrupt(this.slots.get(key));
    const slot: Slot = { key };
    this.slots.set(key, slot);
    this.rescan();
    this.loop ??= this.run();
    return slot;
  }

  private unregister(slot: Slot): void {
    this.interrupt(slot);
    if (this.slots.get(slot.key) !== slot) return;
    this.slots.delete(slot.key);
    // No longer watched at once: another process's worker of that queue (the connection moved) gets its markers.
    this.rescan();
  }

  private wait(slot: Slot, timeoutMs: number): Promise<Marker | null> {
    if (slot.pending !== undefined || this.closed) {
      const m = slot.pending ?? null;
      slot.pending = undefined;
      return Promise.resolve(m);
    }
    return new Promise((resolve) => {
      slot.resolve = (m) => {
        clearTimeout(slot.timer);
        slot.resolve = undefined;
        resolve(m);
      };
      slot.timer = setTimeout(() => slot.resolve?.(null), Math.max(1, timeoutMs));
    });
  }

  private interrupt(slot: Slot | undefined): void {
    if (!slot) return;
    if (slot.resolve) slot.resolve(null);
    else slot.pending ??= null;
  }

  private deliver(key: string, marker: Marker): void {
    const slot = this.slots.get(key);
    if (!slot) return; // its worker is gone: a worker starting on that queue looks for jobs first anyway
    if (slot.resolve) return slot.resolve(marker);
    // Popped while its worker was busy: kept (the earliest if several) for its next wait.
    const held = slot.pending;
    slot.pending = held && held.score <= marker.score ? held : marker;
  }

  /** The set of watched keys changed: the pending BZPOPMIN returns (or the idle loop wakes) and reads it again. */
  private rescan(): void {
    if (this.idle) return this.idle();
    void this.commands
      .multi()
      .zadd(this.wakeKey, 0, 'w')
      .pexpire(this.wakeKey, 60_000)
      .exec()
      .catch(() => undefined);
  }

  private async run(): Promise<void> {
    while (!this.closed) {
      if (!this.slots.size) {
        await new Promise<void>((r) => (this.idle = r));
        this.idle = null;
        continue;
      }
      // Rotated, so one busy queue first in line never keeps the others' markers waiting.
      const keys = [...this.slots.keys()];
      const at = this.turn++ % keys.length;
      const order = [this.wakeKey, ...keys.slice(at), ...keys.slice(0, at)];
      try {
        const popped = await this.pop(order);
        if (popped && popped[0] !== this.wakeKey) this.deliver(popped[0], { member: popped[1], score: Number(popped[2]) });
      } catch (err) {
        if (this.closed) break;
        this.logger.warn(`Job wait hub: ${(err as Error).message}`);
        await sleep(1_000);
      }
    }
  }

  /**
   * One BZPOPMIN, raced against a watchdog: ioredis re-sends a blocking command after a reconnect instead of
   * failing it, so one can hang for good (as BullMQ's own wait guards against); then the connection is reset.
   */
  private async pop(keys: string[]): Promise<[string, string, string] | null> {
    const command = this.blocking.bzpopmin(...keys, BLOCK_S) as Promise<[string, string, string] | null>;
    command.catch(() => undefined);
    const stuck = sleep((BLOCK_S + 1) * 1000, 'stuck' as const, { ref: false });
    const result = await Promise.race([command, stuck]);
    if (result !== 'stuck') return result;
    if (!this.closed) {
      this.logger.warn('Job wait hub: a blocking wait did not return; reconnecting.');
      this.blocking.disconnect(true);
    }
    return null;
  }

  /** Ends every wait and the hub's loop (the workers are closed first). */
  async close(): Promise<void> {
    this.closed = true;
    for (const slot of this.slots.values()) this.interrupt(slot);
    this.idle?.();
    this.blocking.disconnect();
    await this.loop?.catch(() => undefined);
    await this.commands.del(this.wakeKey).catch(() => undefined);
  }
}
