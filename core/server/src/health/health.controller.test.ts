import { describe, expect, it, vi } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Redis } from 'ioredis';
import { HealthController } from './health.controller.js';
import { drainState } from './draining.js';

/** Readiness is public: a flood of it shares one set of probes, while draining still shows at once. */
describe('GET /api/health/ready', () => {
  const make = () => {
    const execute = vi.fn(async () => [{ '?column?': 1 }]);
    const orm = { em: { getConnection: () => ({ execute }) }, migrator: { getPending: async () => [] } } as unknown as MikroORM;
    const ping = vi.fn(async () => 'PONG');
    const redis = { ping, info: async () => 'aof_enabled:1\r\n' } as unknown as Redis;
    const res = { status: vi.fn() };
    return { controller: new HealthController(orm, redis), execute, ping, res };
  };

  it('answers many calls within a second from one database and Redis probe', async () => {
    const { controller, execute, ping, res } = make();
    const answers = await Promise.all(Array.from({ length: 50 }, () => controller.ready(res as never)));
    expect(answers.every((a) => a.status === 'ready')).toBe(true);
    expect(execute).toHaveBeenCalledTimes(1);
    expect(ping).toHaveBeenCalledTimes(1);
  });

  it('says draining at once, without waiting for the shared probes to expire', async () => {
    const { controller, res } = make();
    expect((await controller.ready(res as never)).status).toBe('ready');
    const draining = vi.spyOn(drainState, 'active', 'get').mockReturnValue(true);
    try {
      const r = await controller.ready(res as never);
      expect(r).toMatchObject({ status: 'not_ready', checks: { draining: true, database: true } });
      expect(res.status).toHaveBeenLastCalledWith(503);
    } finally {
      draining.mockRestore();
    }
  });
});
