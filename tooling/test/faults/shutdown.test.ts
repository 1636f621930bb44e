import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { ROOT } from '../../lib/workspace.mjs';
import { createDatabase, startServer } from '../support/server.js';

/**
 * Issue 28 item 5: shutdown always ends. A shutdown hook that never settles (a plugin's, here) no
 * longer keeps the process alive: the hard timer ends it ~35 s after SIGTERM, saying so.
 */
describe('fault: a shutdown that hangs', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;

  beforeAll(async () => {
    db = await createDatabase();
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('SIGTERM ends the process within the hard limit even when a shutdown hook never ends', async () => {
    const s = await startServer({ databaseUrl: db.url, env: { ATENDE_PLUGINS: path.join(ROOT, 'tooling/test/fixtures/stuck-shutdown-plugin/index.mjs') } });
    const started = Date.now();
    const exited = new Promise<number | null>((r) => s.process.once('exit', (code) => r(code)));
    s.process.kill('SIGTERM');
    // Never SIGKILLed by the test: the process must end by itself.
    const code = await Promise.race([exited, new Promise<'still running'>((r) => setTimeout(() => r('still running'), 45_000))]);
    if (code === 'still running') s.process.kill('SIGKILL');
    expect(code).toBe(1);
    expect(Date.now() - started).toBeGreaterThan(30_000);
    expect(s.logs()).toContain('Shutdown did not end within 35 s; exiting anyway.');
  });
});
