import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPER, client, createDatabase, startServer, type RunningServer } from '../support/server.js';

/**
 * Issue 29 item 2: a plugin whose `requires.kernel` range the kernel's version does not satisfy is
 * refused at boot with one clear line (so is a plugin that depends on it) and the rest of the product
 * boots. The fixtures are plain modules: a refused plugin never reaches Nest, so its module is an empty class.
 */
describe('plugin compatibility at boot', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'atende-compat-'));
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;

  beforeAll(async () => {
    const future = path.join(dir, 'future.mjs');
    const dependent = path.join(dir, 'dependent.mjs');
    writeFileSync(future, `export default { id: 'future-thing', version: '3.0.0', requires: { kernel: '^99.0.0' }, module: class {} };\n`);
    writeFileSync(dependent, `export default { id: 'needs-future', version: '1.0.0', dependsOn: ['future-thing'], module: class {} };\n`);
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url, env: { ATENDE_PLUGINS: `${future},${dependent}` } });
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses the out-of-range plugin and its dependent with one line each, and boots the others', async () => {
    const { version } = createRequire(import.meta.url)('@atende/server/package.json') as { version: string };
    const lines = server.logs().split('\n');
    expect(lines.filter((l) => l.includes('Plugin "future-thing"'))).toHaveLength(1);
    expect(server.logs()).toContain(`Plugin "future-thing" 3.0.0 not loaded: it requires kernel ^99.0.0, this kernel is ${version}.`);
    expect(server.logs()).toContain('Plugin "needs-future" 1.0.0 not loaded: it depends on "future-thing", which was not loaded.');
    const api = client(server.url);
    const { token } = await api.login(SUPER.email, SUPER.password);
    const ids = ((await api.get('/api/plugins', token)).body as { id: string }[]).map((p) => p.id);
    expect(ids).toContain('helps');
    expect(ids).not.toContain('future-thing');
    expect(ids).not.toContain('needs-future');
  });
});
