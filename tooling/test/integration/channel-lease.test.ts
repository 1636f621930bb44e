import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { TEST_REDIS_URL, client, createDatabase, eventually, queryDb, sandbox, startServer, twoCompanies, type RunningServer } from '../support/server.js';

/**
 * Issue 28 item 3: a session's lease is a Redis key renewed every 10 s. A key Redis lost (restarted
 * without it, flushed) is taken back and the session goes on; a key another owner holds stops the
 * local session without marking the connection DISCONNECTED, and the watchdog brings it back once
 * that owner is gone. Before, both cases left the connection DISCONNECTED until a manual restart.
 */
describe('channel: a lost lease', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let redis: Redis;
  let admin: string;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url });
    api = client(server.url);
    // Room for a retry's connections too (names are unique per attempt).
    ({ admin } = await twoCompanies(api, { users: 10, connections: 6, queues: 5 }));
    redis = new Redis(TEST_REDIS_URL);
  });
  afterAll(async () => {
    redis?.disconnect();
    await server?.stop();
    await db?.drop();
  });

  const leaseKey = (wa: number) => `atende:${db.name}:lease:whatsapp:${wa}`;
  const statusOf = async (wa: number) => (await queryDb(db.url, `select status from whatsapps where id = $1`, [wa]))[0].status as string;
  /** Every status the connection shows while `during` runs, read every 200 ms. */
  async function statusesWhile(wa: number, during: () => Promise<unknown>): Promise<Set<string>> {
    const seen = new Set<string>();
    let done = false;
    const watcher = (async () => {
      while (!done) {
        seen.add(await statusOf(wa));
        await new Promise((r) => setTimeout(r, 200));
      }
    })();
    try {
      await during();
    } finally {
      done = true;
      await watcher;
    }
    return seen;
  }
  const storedBodies = async (wa: number) => (await queryDb(db.url, `select body from messages where whatsapp_id = $1 and from_me = false`, [wa])).map((r) => r.body as string);

  it('a lease key Redis lost is taken back by its owner, and the session goes on', async () => {
    const wa = await sandbox(api, admin).connect(`Lease lost ${Date.now()}`);
    const owner = await redis.get(leaseKey(wa));
    expect(owner).toBeTruthy();
    const seen = await statusesWhile(wa, async () => {
      await redis.del(leaseKey(wa)); // as a Redis restarted without its data
      await eventually(async () => (await redis.get(leaseKey(wa))) === owner, 20_000);
    });
    expect([...seen]).toEqual(['CONNECTED']);
    await sandbox(api, admin).say(wa, '51966600001', 'after the lease came back');
    await eventually(async () => (await storedBodies(wa)).includes('after the lease came back'));
    expect(server.logs()).toContain(`Connection ${wa}: its lease was gone from Redis; taken back`);
  }, 60_000);

  it('a lease another owner holds stops the local session without a DISCONNECTED; the watchdog takes it back once that owner is gone', async () => {
    const wa = await sandbox(api, admin).connect(`Lease taken ${Date.now()}`);
    const owner = await redis.get(leaseKey(wa));
    const seen = await statusesWhile(wa, async () => {
      // An owner that is not alive (no heartbeat, nobody on its channel): renewal gives the session up,
      // then the watchdog finds the holder gone and takes the connection over.
      await redis.set(leaseKey(wa), 'some-other-process', 'PX', 30_000);
      await eventually(async () => server.logs().includes(`Lost the lease of connection ${wa}`), 20_000);
      await eventually(async () => (await redis.get(leaseKey(wa))) === owner, 30_000);
    });
    expect([...seen]).toEqual(['CONNECTED']);
    expect(server.logs()).toContain(`Connection ${wa}: took over the lease of a process that is gone (some-other-process)`);
    await sandbox(api, admin).say(wa, '51966600002', 'after the takeover');
    await eventually(async () => (await storedBodies(wa)).includes('after the takeover'));
  }, 60_000);
});
