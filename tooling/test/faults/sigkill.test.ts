import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { TEST_REDIS_URL, client, createDatabase, eventually, sandbox, startServer, twoCompanies, type RunningServer } from '../support/server.js';
import { expectStoredOnce, startBurst, storedCounts } from './burst.js';

/**
 * Issue 28 item 10: the server SIGKILLed in the middle of a burst. What the intake acknowledged is in
 * the Redis inbox; the next process stores all of it, once, and the connection comes back by itself.
 */
describe('fault: SIGKILL mid-burst', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let dataDir: string;
  const servers: RunningServer[] = [];
  let redis: Redis;

  beforeAll(async () => {
    db = await createDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), 'atende-fault-kill-'));
    redis = new Redis(TEST_REDIS_URL);
  });
  afterAll(async () => {
    redis?.disconnect();
    for (const s of servers) await s.stop({ keepData: true });
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('acknowledged = stored once, and the connection is CONNECTED again on its own', async () => {
    const boot = async () => {
      const s = await startServer({ databaseUrl: db.url, dataDir });
      servers.push(s);
      return s;
    };
    let current = await boot();
    const api = client(current.url);
    const { admin } = await twoCompanies(api);
    const wa = await sandbox(api, admin).connect('Kill');
    const lease = `atende:${db.name}:lease:whatsapp:${wa}`;
    const firstOwner = await redis.get(lease);

    const burst = startBurst({ server: () => current.url, token: admin, wa, prefix: 'K' });
    await eventually(async () => burst.acknowledged().length >= 200, 30_000);
    const exited = new Promise((r) => current.process.once('exit', r));
    current.process.kill('SIGKILL');
    await exited;
    current = await boot();
    // The burst goes on against the new process.
    const before = burst.acknowledged().length;
    await eventually(async () => burst.acknowledged().length >= before + 100, 30_000);
    await burst.stop();

    const acknowledged = burst.acknowledged();
    const stored = await eventually(async () => {
      const s = await storedCounts(db.url, wa);
      return acknowledged.every((id) => s.has(id)) ? s : null;
    }, 45_000).catch(() => storedCounts(db.url, wa));
    console.log(`SIGKILL fault: ${burst.sent.length} sent, ${acknowledged.length} acknowledged, ${stored.size} stored`);
    expect(expectStoredOnce(acknowledged, stored)).toEqual({ missing: [], doubled: [] });
    // The dead owner's lease is taken over by the live process: the session runs again.
    await eventually(async () => {
      const owner = await redis.get(lease);
      return !!owner && owner !== firstOwner;
    }, 30_000);
    expect((await client(current.url).get(`/api/whatsapp/${wa}`, admin)).body.status).toBe('CONNECTED');
    expect(await redis.xlen(`atende:${db.name}:inbound-inbox:dead`)).toBe(0);
  });
});
