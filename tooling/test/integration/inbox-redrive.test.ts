import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import { ROOT } from '../../lib/workspace.mjs';
import { TEST_REDIS_URL, client, createDatabase, eventually, queryDb, sandbox, startServer, twoCompanies, type RunningServer } from '../support/server.js';

/**
 * Issue 28 item 4: inbound entries set aside in `<namespace>:inbound-inbox:dead` (before the database
 * outage was waited out, 32 went there and nothing replayed them) are moved back by
 * `npm run inbox:redrive`, and the running server stores them, once.
 */
describe('npm run inbox:redrive', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let redis: Redis;

  beforeAll(async () => {
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url });
    redis = new Redis(TEST_REDIS_URL);
  });
  afterAll(async () => {
    redis?.disconnect();
    await server?.stop();
    await db?.drop();
  });

  it('moves the set-aside entries back into the inbox, where they are stored once', async () => {
    const api = client(server.url);
    const { admin, companyId } = await twoCompanies(api);
    const wa = await sandbox(api, admin).connect('Redrive');
    const dead = `atende:${db.name}:inbound-inbox:dead`;
    const entry = (id: string, body: string) =>
      JSON.stringify({
        whatsappId: wa,
        companyId,
        message: { providerMessageId: id, chatId: '51955500001', isGroup: false, from: '51955500001', fromMe: false, body, mediaType: 'chat', timestamp: new Date().toISOString() },
      });
    // As the inbox sets entries aside: the message, its error, the entry it was.
    for (const [id, body] of [['DEAD-1', 'lost while the database was down'], ['DEAD-2', 'also lost']]) {
      await redis.xadd(dead, '*', 'd', entry(id, body), 'error', 'connect ECONNREFUSED 127.0.0.1:5432', 'entry', '1-0');
    }
    // One of them was stored after all (set aside after its commit): the redrive must not double it.
    await redis.xadd(dead, '*', 'd', entry('DEAD-1', 'lost while the database was down'), 'error', 'timeout', 'entry', '2-0');

    const { stdout } = await promisify(execFile)(process.execPath, [path.join(ROOT, 'tooling/scripts/inbox-redrive.mjs')], {
      env: { ...process.env, DATABASE_URL: db.url, REDIS_URL: TEST_REDIS_URL },
    });
    expect(stdout).toContain('Moved 3 set-aside entries');
    expect(await redis.xlen(dead)).toBe(0);
    const rows = await eventually(async () => {
      const r = await queryDb(db.url, `select provider_message_id as id from messages where whatsapp_id = $1 and from_me = false order by id`, [wa]);
      return r.length >= 2 ? r : null;
    });
    await new Promise((r) => setTimeout(r, 1000)); // the duplicate had its chance to be stored twice
    expect((await queryDb(db.url, `select provider_message_id as id from messages where whatsapp_id = $1 and from_me = false order by id`, [wa])).map((r) => r.id)).toEqual(
      rows.map((r) => r.id),
    );
    expect(rows.map((r) => r.id).sort()).toEqual(['DEAD-1', 'DEAD-2']);
  }, 60_000);
});
