/** What the metrics read of a pg Pool (the kernel has no pg types: see types/pg.d.ts). */
interface Pool {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/**
 * The pg pools MikroORM creates (one per ORM; forks share it), remembered for the pool metrics. A pool
 * is created lazily by the driver, so it is caught by the `onPoolCreated` hook in orm.ts.
 */
const pools = new Set<Pool>();

export function trackPool(pool: object): void {
  pools.add(pool as Pool);
}

export function poolUsage(): { total: number; idle: number; waiting: number } {
  let total = 0;
  let idle = 0;
  let waiting = 0;
  for (const p of pools) {
    total += p.totalCount;
    idle += p.idleCount;
    waiting += p.waitingCount;
  }
  return { total, idle, waiting };
}
