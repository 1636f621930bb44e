import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { ROOT } from '../../lib/workspace.mjs';
import { client, createDatabase, pause, sandbox, startServer, twoCompanies } from '../support/server.js';

/**
 * Issue 35 (health, draining): SIGTERM while a durable subscriber is still at work. The kernel closes its
 * job workers last, after the HTTP and socket servers, and a job that finishes then still tells the
 * company over realtime (here a fixture plugin's, 3 s after a message). That late event once went out on
 * the socket adapter's Redis connection, already closed: ioredis rejected it, nothing caught the rejection,
 * and the process died with "Connection is closed" (exit 1) instead of ending its shutdown.
 */
describe('fault: SIGTERM while a subscriber still works', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;

  beforeAll(async () => {
    db = await createDatabase();
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('the job finishes, its realtime event still goes out on Redis, and the process exits 0', async () => {
    const s = await startServer({ databaseUrl: db.url, env: { ATENDE_PLUGINS: path.join(ROOT, 'tooling/test/fixtures/late-emit-plugin/index.mjs') } });
    const api = client(s.url);
    const { admin } = await twoCompanies(api);
    const phone = sandbox(api, admin);
    const wa = await phone.connect('Late');
    await phone.say(wa, '5491100000901', 'hola');
    // The subscriber's job has started (it holds each message 3 s): stop the server now.
    await pause(1000);
    const exited = new Promise<number | null>((r) => s.process.once('exit', (code) => r(code)));
    s.process.kill('SIGTERM');
    const code = await Promise.race([exited, new Promise<'still running'>((r) => setTimeout(() => r('still running'), 40_000))]);
    if (code === 'still running') s.process.kill('SIGKILL');
    expect(s.logs()).not.toContain('Connection is closed');
    expect(code).toBe(0);
  }, 90_000);
});
