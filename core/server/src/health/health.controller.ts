import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { MikroORM } from '@mikro-orm/postgresql';
import type { Redis } from 'ioredis';
import { APP_VERSION, healthResponseSchema, type HealthResponse } from '@atende/core-contract';
import { Public, ZodResponse } from '@atende/sdk-server';
import { REDIS } from '../jobs/redis.js';

async function probe(fn: () => Promise<unknown>, timeoutMs = 2000) {
  const started = performance.now();
  try {
    await Promise.race([fn(), new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), timeoutMs))]);
    return { status: 'up' as const, latencyMs: Math.round((performance.now() - started) * 10) / 10 };
  } catch {
    return { status: 'down' as const, latencyMs: null };
  }
}

@Controller('health')
export class HealthController {
  constructor(
    private readonly orm: MikroORM,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  /** 200 when PostgreSQL and Redis answer, 503 otherwise; public so load balancers can call it. */
  @Public()
  @Get()
  @ZodResponse(healthResponseSchema)
  async health(@Res({ passthrough: true }) res: Response): Promise<HealthResponse> {
    const [database, redis] = await Promise.all([
      probe(() => this.orm.em.getConnection().execute('select 1')),
      probe(() => this.redis.ping()),
    ]);
    const ok = database.status === 'up' && redis.status === 'up';
    res.status(ok ? 200 : 503);
    return { status: ok ? 'ok' : 'degraded', version: APP_VERSION, database, redis };
  }
}
