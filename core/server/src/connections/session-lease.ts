import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';

export const LEASE_MS = 30_000;
export const RENEW_MS = 10_000;
/** A process's heartbeat key lives this long (refreshed every third of it): a killed owner is known dead within it. */
export const ALIVE_MS = 6_000;
/** Compare-and-delete / compare-and-set on a lease: only its holder (or a taker of a dead holder's) changes it. */
const DROP_LEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`;
const TAKE_OVER_LEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('set', KEYS[1], ARGV[2], 'PX', ARGV[3]) end return false`;
const EXTEND_LEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end return 0`;

/**
 * Who runs each connection's session: a Redis lease per connection naming its owner process, and each
 * process's liveness (it listens on its bus channel; its heartbeat key says so while it reconnects).
 */
export class SessionLeases {
  /** Resolves once this process listens on its bus channel: only then may it hold leases (others test liveness by it). */
  listening: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly redis: Redis,
    private readonly namespace: string,
    readonly owner: string,
    private readonly logger: Logger,
  ) {}

  key(id: number) {
    return `${this.namespace}:lease:whatsapp:${id}`;
  }

  /** Each process listens on its own channel; the lease names the owner, so commands go straight to it. */
  private aliveKey(owner: string) {
    return `${this.namespace}:alive:${owner}`;
  }

  busChannel(owner: string) {
    return `${this.namespace}:sessions:${owner}`;
  }

  holder(id: number): Promise<string | null> {
    return this.redis.get(this.key(id));
  }

  /**
   * Whether the process named by a lease is alive. It listens on its bus channel while it runs, but that is
   * briefly false while its subscriber reconnects; so nobody listening only counts as dead once its
   * heartbeat key is gone too (a killed process's lapses within ALIVE_MS; one that exited deleted it).
   */
  async ownerAlive(owner: string): Promise<boolean> {
    for (;;) {
      const [, listeners] = (await this.redis.pubsub('NUMSUB', this.busChannel(owner))) as [string, number];
      if (Number(listeners) > 0) return true;
      if (!(await this.redis.exists(this.aliveKey(owner)))) return false;
      await sleep(ALIVE_MS / 12);
    }
  }

  beat(): void {
    void this.redis.set(this.aliveKey(this.owner), '1', 'PX', ALIVE_MS).catch((err: Error) => this.logger.warn(`Heartbeat: ${err.message}`));
  }

  async forgetAlive(): Promise<void> {
    await this.redis.del(this.aliveKey(this.owner)).catch(() => undefined);
  }

  /**
   * Takes the lease of a connection: free, or held by a process that is gone (killed before it could
   * release it: nobody listens on its channel). A live holder keeps it.
   */
  async take(id: number): Promise<boolean> {
    await this.listening;
    const key = this.key(id);
    if ((await this.redis.set(key, this.owner, 'PX', LEASE_MS, 'NX')) === 'OK') return true;
    const holder = await this.redis.get(key);
    if (!holder || holder === this.owner || (await this.ownerAlive(holder))) return false;
    const took = await this.redis.eval(TAKE_OVER_LEASE, 1, key, holder, this.owner, String(LEASE_MS));
    if (took) this.logger.warn(`Connection ${id}: took over the lease of a process that is gone (${holder}).`);
    return !!took;
  }

  /** Deletes the lease if `holder` (this process unless said) still holds it. */
  async drop(id: number, holder = this.owner): Promise<void> {
    await this.redis.eval(DROP_LEASE, 1, this.key(id), holder);
  }

  /** Extends this process's lease; false when it does not hold it (gone, or another's). */
  async extend(id: number): Promise<boolean> {
    return !!(await this.redis.eval(EXTEND_LEASE, 1, this.key(id), this.owner, String(LEASE_MS)));
  }

  /** Takes a lease whose key is gone (SET NX); false when someone holds it. */
  async takeBack(id: number): Promise<boolean> {
    return (await this.redis.set(this.key(id), this.owner, 'PX', LEASE_MS, 'NX')) === 'OK';
  }
}
