import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { MikroORM } from '@mikro-orm/postgresql';
import type { Redis } from 'ioredis';
import {
  APP_VERSION,
  healthLiveResponseSchema,
  healthReadyResponseSchema,
  healthResponseSchema,
  type HealthLiveResponse,
  type HealthReadyResponse,
  type HealthResponse,
} from '@atende/core-contract';
import { Public, ZodResponse } from '@atende/sdk-server';
import { REDIS } from '../jobs/redis.js';
import { RedisPersistenceProbe } from './redis-persistence.js';
import { drainState } from './draining.js';

async function probe(fn: () => Promise<unknown>, timeoutMs = 2000) {
  const started = performance.now();
  try {
    await Promise.race([fn(), new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), timeoutMs))]);
    return { status: 'up' as const, latencyMs: Math.round((performance.now() - started) * 10) / 10 };
  } catch {
    return { status: 'down' as const, latencyMs: null };
  }
}

/** How long one set of readiness probes answers for (proxies ask every 2 s; a flood shares one set). */
const READY_PROBE_TTL_MS = 1000;

@Controller('health')
export class HealthController {
  private readonly persistence: RedisPersistenceProbe;
  /** Once every migration is seen applied it stays so (they run at boot); until then asked each time. */
  private migrationsApplied = false;
  /**
   * The probes of the last readiness answer, shared for READY_PROBE_TTL_MS: /api/health/ready is public,
   * and a flood of it must not become a flood of database and Redis round trips.
   */
  private readyProbes: { at: number; result: Promise<{ database: boolean; redis: boolean; redisPersistence: boolean; migrations: boolean }> } | null = null;

  constructor(
    private readonly orm: MikroORM,
    @Inject(REDIS) private readonly redis: Redis,
  ) {
    this.persistence = new RedisPersistenceProbe(redis);
  }

  /**
   * 200 when PostgreSQL and Redis answer, 503 otherwise; public so load balancers can call it. A Redis
   * without persistence makes the status 'degraded' but stays 200: every instance shares that Redis, and
   * taking them all out of rotation would not make it durable.
   */
  @Public()
  @Get()
  @ZodResponse(healthResponseSchema)
  async health(@Res({ passthrough: true }) res: Response): Promise<HealthResponse> {
    const [database, redis] = await Promise.all([
      probe(() => this.orm.em.getConnection().execute('select 1')),
      probe(() => this.redis.ping()),
    ]);
    const up = database.status === 'up' && redis.status === 'up';
    const persistence = redis.status === 'up' ? await this.persistence.read() : undefined;
    res.status(up ? 200 : 503);
    return { status: up && persistence !== 'none' ? 'ok' : 'degraded', version: APP_VERSION, database, redis: { ...redis, ...(persistence ? { persistence } : {}) } };
  }

  /** Liveness: the event loop answers. Asks nothing else, so a database outage never restarts the process. */
  @Public()
  @Get('live')
  @ZodResponse(healthLiveResponseSchema)
  live(): HealthLiveResponse {
    return { status: 'ok' };
  }

  /**
   * Readiness: whether to route traffic here. 503 while PostgreSQL or Redis do not answer, Redis keeps no
   * append-only file (the inbound inbox would not survive its restart), a migration is pending, or the
   * process is draining after SIGTERM.
   */
  @Public()
  @Get('ready')
  @ZodResponse(healthReadyResponseSchema)
  async ready(@Res({ passthrough: true }) res: Response): Promise<HealthReadyResponse> {
    const now = Date.now();
    if (!this.readyProbes || now - this.readyProbes.at >= READY_PROBE_TTL_MS) this.readyProbes = { at: now, result: this.readyChecks() };
    // Draining is read fresh: SIGTERM must take the process out of rotation at once.
    const checks = { ...(await this.readyProbes.result), draining: drainState.active };
    const ready = checks.database && checks.redis && checks.redisPersistence && checks.migrations && !checks.draining;
    res.status(ready ? 200 : 503);
    return { status: ready ? 'ready' : 'not_ready', checks };
  }

  private async readyChecks() {
    const [database, redis, migrations] = await Promise.all([
      probe(() => this.orm.em.getConnection().execute('select 1')),
      probe(() => this.redis.ping()),
      this.pendingMigrations(),
    ]);
    return {
      database: database.status === 'up',
      redis: redis.status === 'up',
      // 'unknown' (INFO refused by a managed Redis) is trusted: only a Redis that says it keeps nothing fails.
      redisPersistence: redis.status === 'up' && (await this.persistence.read()) !== 'none',
      migrations: migrations === 0,
    };
  }

  /** Number of migrations not applied; -1 when the database cannot tell. */
  private async pendingMigrations(): Promise<number> {
    if (this.migrationsApplied) return 0;
    try {
      const pending = await Promise.race([
        this.orm.migrator.getPending(),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000)),
      ]);
      this.migrationsApplied = pending.length === 0;
      return pending.length;
    } catch {
      return -1;
    }
  }
}
