import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';

export interface StreamInboxOptions<T> {
  /** Entries of one key run one after another, in the order they were added; different keys run at once. */
  keyOf(data: T): string;
  /** Keys handled at once in this process. */
  concurrency: number;
  /** Entries taken from Redis per read. */
  batch: number;
  /** Tries in this process, with a doubling pause from `backoffMs`, before an entry is set aside. */
  attempts: number;
  backoffMs: number;
  /** An entry a consumer took and did not finish (its process died) is handed to another after this long. */
  claimIdleMs: number;
  /** A consumer with nothing pending and silent this long (a process gone) is removed from the group. */
  consumerIdleMs?: number;
  /**
   * Errors that say a dependency is down (the database) rather than the entry being bad: retried with
   * a doubling pause capped at `waitBackoffMaxMs`, never counted as attempts, never set aside.
   */
  waitOut?: (err: Error) => boolean;
  waitBackoffMaxMs?: number;
  /** How long one read waits for entries (XREADGROUP BLOCK; default 1 s). `close` interrupts it. */
  blockMs?: number;
}

/** Entries set aside are kept for inspection, the newest this many (roughly: trimmed by whole nodes). */
const DEAD_KEPT = 10_000;
/** The longest pause between tries of an entry whose dependency is down (see `waitOut`). */
const WAIT_BACKOFF_MAX_MS = 5_000;

type Handler<T> = (data: T) => Promise<void>;
type Fields = [id: string, fields: string[]];

/**
 * A durable inbox on a Redis stream read by a consumer group (issue 13 item 1: the inbound pipeline
 * took one BullMQ job at a time, three Lua scripts per message). `add` is one XADD; each process reads
 * entries in batches (XREADGROUP COUNT), runs them keeping the order of each key (a conversation), and
 * acknowledges and deletes them in one pipelined call per tick. An entry stays pending until its
 * handler succeeded: a process that dies leaves its entries pending, and any live process claims them
 * once they have been idle for `claimIdleMs` (XAUTOCLAIM). A handler that keeps failing, or an entry
 * handed out too many times (it may kill its process), is set aside in `<key>:dead` with the error.
 * Handlers must be idempotent: an entry may run twice when a process dies after its work and before its
 * acknowledgement.
 */
export class StreamInbox<T> {
  private readonly group = 'workers';
  private readonly consumer = `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  private reader: Redis | null = null;
  /** The reader connection's CLIENT ID, known once it has connected: `close` unblocks its read by it. */
  private readerId: number | null = null;
  private handler: Handler<T> | null = null;
  private options: StreamInboxOptions<T> | null = null;
  private closing = false;
  private loop: Promise<void> | null = null;
  private claimer: NodeJS.Timeout | null = null;
  /** The last entry of each key, waited for by the next one of that key. */
  private readonly tails = new Map<string, Promise<void>>();
  /** Entries taken and not yet acknowledged (the claimer leaves these alone). */
  private readonly inFlight = new Set<string>();
  private running = 0;
  private readonly slotWaiters: (() => void)[] = [];
  private roomWaiter: (() => void) | null = null;
  private acks: string[] = [];
  /** Entries added this tick, written together (see add). */
  private adding: { fields: string; resolve: () => void; reject: (err: Error) => void }[] = [];

  constructor(
    private readonly redis: Redis,
    private readonly key: string,
    private readonly logger: Logger,
  ) {}

  /**
   * Kept in Redis when this resolves. The entries added in one tick leave in one pipelined write (each
   * still its own XADD, resolved by its own reply): under an inbound flood the socket writes, one per
   * message, were the intake's largest cost after the HTTP stack (issue 37 item 1).
   */
  add(data: T): Promise<void> {
    return new Promise((resolve, reject) => {
      this.adding.push({ fields: JSON.stringify(data), resolve, reject });
      if (this.adding.length === 1) setImmediate(() => this.flushAdds());
    });
  }

  private flushAdds(): void {
    const batch = this.adding;
    this.adding = [];
    if (batch.length === 1) {
      // Alone in its tick: a plain XADD (a pipeline object costs more than it saves for one command).
      const [only] = batch;
      this.redis.xadd(this.key, '*', 'd', only.fields).then(() => only.resolve(), only.reject);
      return;
    }
    const pipeline = this.redis.pipeline();
    for (const entry of batch) pipeline.xadd(this.key, '*', 'd', entry.fields);
    pipeline.exec().then(
      (results) =>
        batch.forEach((entry, i) => {
          const err = results?.[i]?.[0];
          if (err) entry.reject(err);
          else entry.resolve();
        }),
      (err: Error) => batch.forEach((entry) => entry.reject(err)),
    );
  }

  /**
   * Starts reading in the background (`close` stops it): the boot does not wait for Redis, which may
   * be unreachable for a while (the health check says so meanwhile).
   */
  start(handler: Handler<T>, options: StreamInboxOptions<T>): void {
    this.handler = handler;
    this.options = options;
    this.reader = this.redis.duplicate({ connectionName: `${this.key}:reader` });
    this.reader.on('ready', () => (this.readerId = null));
    this.loop = this.readLoop();
    this.claimer = setInterval(() => void this.claim().catch((err: Error) => this.logger.warn(`Inbox claim failed: ${err.message}`)), Math.max(1_000, options.claimIdleMs / 3));
    this.claimer.unref();
  }

  private async createGroup(): Promise<void> {
    // From the stream's start: entries added before any consumer existed are read too.
    await this.redis.xgroup('CREATE', this.key, this.group, '0', 'MKSTREAM').catch((err: Error) => {
      if (!/BUSYGROUP/.test(err.message)) throw err;
    });
  }

  /** Stops taking entries, finishes those taken, acknowledges them. What is still unread waits for the next process. */
  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    if (this.claimer) clearInterval(this.claimer);
    this.roomWaiter?.();
    // A read blocked in XREADGROUP returns at once as if it had timed out (nothing taken), instead of
    // holding every shutdown for its BLOCK time; entries it already returned are run below.
    if (this.readerId !== null) await this.redis.client('UNBLOCK', this.readerId).catch(() => undefined);
    await this.loop?.catch(() => undefined);
    await Promise.allSettled([...this.tails.values()]);
    await this.flushAcks();
    this.reader?.disconnect();
  }

  private async readLoop(): Promise<void> {
    const o = this.options!;
    const room = o.concurrency * 8; // entries taken and waiting here, at most
    let grouped = false;
    while (!this.closing) {
      if (!grouped) {
        grouped = await this.createGroup().then(
          () => true,
          async (err: Error) => {
            this.logger.warn(`Inbox not ready: ${err.message}`);
            await sleep(1_000);
            return false;
          },
        );
        continue;
      }
      if (this.inFlight.size >= room) {
        await new Promise<void>((r) => (this.roomWaiter = r));
        this.roomWaiter = null;
        continue;
      }
      let read: [string, Fields[]][] | null;
      try {
        // Asked again after a reconnection ('ready' forgets it): a reconnected reader has a new id.
        this.readerId ??= (await this.reader!.client('ID')) as number;
        read = (await this.reader!.xreadgroup('GROUP', this.group, this.consumer, 'COUNT', o.batch, 'BLOCK', o.blockMs ?? 1_000, 'STREAMS', this.key, '>')) as [string, Fields[]][] | null;
      } catch (err) {
        if (this.closing) break;
        this.logger.warn(`Inbox read failed: ${(err as Error).message}`);
        // The stream or its group is gone (Redis emptied): made again, and reading goes on.
        if (/NOGROUP/.test((err as Error).message)) grouped = false;
        else await sleep(1_000);
        continue;
      }
      for (const [id, fields] of read?.[0]?.[1] ?? []) this.take(id, fields);
    }
  }

  /** Queues an entry behind the previous one of its key. */
  private take(id: string, fields: string[]): void {
    if (this.inFlight.has(id)) return;
    let data: T;
    try {
      data = JSON.parse(fields[fields.indexOf('d') + 1]) as T;
    } catch (err) {
      void this.setAside(id, fields, err as Error);
      return;
    }
    this.inFlight.add(id);
    const key = this.options!.keyOf(data);
    const after = this.tails.get(key) ?? Promise.resolve();
    const run = after.then(() => this.run(id, data, fields));
    this.tails.set(key, run);
    void run.finally(() => {
      if (this.tails.get(key) === run) this.tails.delete(key);
    });
  }

  private async run(id: string, data: T, fields: string[]): Promise<void> {
    const o = this.options!;
    await this.slot();
    try {
      for (let attempt = 1, waits = 0; ; attempt++) {
        try {
          await this.handler!(data);
          this.ack(id);
          return;
        } catch (err) {
          if (!this.closing && o.waitOut?.(err as Error)) {
            // The database is down, not the entry bad: waited out, however long (issue 28 item 4).
            if (waits++ === 0) this.logger.warn(`Inbox entry ${id} waits for a dependency: ${(err as Error).message}`);
            attempt--;
            await sleep(Math.min(o.waitBackoffMaxMs ?? WAIT_BACKOFF_MAX_MS, o.backoffMs * 2 ** Math.min(waits - 1, 16)));
            continue;
          }
          if (attempt >= o.attempts || this.closing) {
            // Closing: left pending, the next process claims it; otherwise set aside with its error.
            if (this.closing) this.inFlight.delete(id);
            else await this.setAside(id, fields, err as Error);
            return;
          }
          await sleep(o.backoffMs * 2 ** (attempt - 1));
        }
      }
    } finally {
      this.release();
    }
  }

  private async slot(): Promise<void> {
    if (this.running < this.options!.concurrency) {
      this.running++;
      return;
    }
    await new Promise<void>((r) => this.slotWaiters.push(r));
  }

  private release(): void {
    const next = this.slotWaiters.shift();
    if (next) next();
    else this.running--;
  }

  /** Acknowledged and deleted together with the others of this tick (one round trip). */
  private ack(id: string): void {
    this.acks.push(id);
    if (this.acks.length === 1) setImmediate(() => void this.flushAcks());
  }

  private async flushAcks(): Promise<void> {
    const ids = this.acks;
    if (!ids.length) return;
    this.acks = [];
    try {
      await this.redis.multi().xack(this.key, this.group, ...ids).xdel(this.key, ...ids).exec();
    } catch (err) {
      // Still pending: claimed and run again later (handlers are idempotent).
      this.logger.warn(`Inbox acknowledgement failed: ${(err as Error).message}`);
    } finally {
      for (const id of ids) this.inFlight.delete(id);
      this.roomWaiter?.();
    }
  }

  private async setAside(id: string, fields: string[], err: Error): Promise<void> {
    this.logger.error(`Inbox entry ${id} set aside in ${this.key}:dead: ${err.message}`);
    try {
      await this.redis
        .multi()
        .xadd(`${this.key}:dead`, 'MAXLEN', '~', DEAD_KEPT, '*', ...fields, 'error', err.message.slice(0, 500), 'entry', id)
        .xack(this.key, this.group, id)
        .xdel(this.key, id)
        .exec();
    } finally {
      this.inFlight.delete(id);
      this.roomWaiter?.();
    }
  }

  /** Entries another consumer took and left (its process died): taken over once idle long enough. */
  private async claim(): Promise<void> {
    if (this.closing) return;
    const o = this.options!;
    await this.touchInFlight();
    let cursor = '0-0';
    do {
      const [next, entries] = (await this.redis.xautoclaim(this.key, this.group, this.consumer, o.claimIdleMs, cursor, 'COUNT', 100)) as [string, (Fields | null)[]];
      cursor = next;
      for (const entry of entries) {
        if (!entry || this.inFlight.has(entry[0])) continue;
        const [id, fields] = entry;
        // Handed out this often already: it may be what kills its processes; set aside rather than loop.
        const [pending] = (await this.redis.xpending(this.key, this.group, id, id, 1)) as [string, string, number, number][];
        if (pending && pending[3] > o.attempts) await this.setAside(id, fields, new Error(`handed out ${pending[3]} times without finishing`));
        else this.take(id, fields);
      }
    } while (cursor !== '0-0' && !this.closing);
    await this.forgetGoneConsumers();
  }

  /**
   * Entries this process holds (running, waiting out an outage, or queued behind their conversation's
   * previous one) are re-claimed by it with JUSTID: their idle time restarts and their delivery count
   * does not grow, so another process never takes (and after `attempts` hand-outs sets aside) an entry
   * whose process is alive.
   */
  private async touchInFlight(): Promise<void> {
    const ids = [...this.inFlight];
    for (let i = 0; i < ids.length; i += 500) {
      await this.redis.xclaim(this.key, this.group, this.consumer, 0, ...ids.slice(i, i + 500), 'JUSTID');
    }
  }

  /** Each process start adds a consumer to the group: those of processes long gone (nothing pending) are removed. */
  private async forgetGoneConsumers(): Promise<void> {
    const idle = this.options!.consumerIdleMs ?? 3_600_000;
    const consumers = (await this.redis.xinfo('CONSUMERS', this.key, this.group)) as unknown[][];
    for (const fields of consumers) {
      const info = new Map<string, unknown>();
      for (let k = 0; k + 1 < fields.length; k += 2) info.set(String(fields[k]), fields[k + 1]);
      const name = String(info.get('name'));
      if (name !== this.consumer && Number(info.get('pending')) === 0 && Number(info.get('idle')) > idle) {
        await this.redis.xgroup('DELCONSUMER', this.key, this.group, name);
      }
    }
  }
}
