import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createDatabase, startServer } from '../support/server.js';
import { startPrivateRedis, type PrivateRedis } from '../support/redis-server.js';

/**
 * Issue 28 item 2: the inbound inbox lives in Redis, so a Redis without persistence loses acknowledged
 * messages on a restart. The Redis `npm start` runs keeps an append-only file; /api/health tells a
 * Redis without one (degraded, still 200: every instance shares it).
 */
describe('health: Redis persistence', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  const redises: PrivateRedis[] = [];

  beforeAll(async () => {
    db = await createDatabase();
  });
  afterAll(async () => {
    for (const r of redises) await r.stop();
    await db?.drop();
  });

  async function healthWith(aof: boolean) {
    const redis = await startPrivateRedis({ aof });
    redises.push(redis);
    const s = await startServer({ databaseUrl: db.url, env: { REDIS_URL: redis.url } });
    try {
      return await client(s.url).get('/api/health');
    } finally {
      await s.stop();
    }
  }

  it("the Redis npm start runs (append-only file) is reported ok", async () => {
    const r = await healthWith(true);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: 'ok', database: { status: 'up' }, redis: { status: 'up', persistence: 'aof' } });
  });

  it('a Redis without persistence is reported degraded, and the instance stays in rotation (200)', async () => {
    const r = await healthWith(false);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: 'degraded', database: { status: 'up' }, redis: { status: 'up', persistence: 'none' } });
  });
});
