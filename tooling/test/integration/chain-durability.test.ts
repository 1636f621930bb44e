import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from '../../lib/workspace.mjs';
import { client, createDatabase, eventually, queryDb, sandbox, startServer, twoCompanies, type RunningServer } from '@atende/sdk-server/testing';

/**
 * Issue 11 (review of item 2): an inbound handler's answer commits with the chain's changes, so a
 * process that dies right after the chain committed (before the reply was handed to the connection's
 * queue) loses nothing: the next process's outbound sweep sends it, once.
 */
describe('inbound chain: replies survive a crash after the commit', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let dataDir: string;
  const servers: RunningServer[] = [];
  const boot = async () => {
    const s = await startServer({
      databaseUrl: db.url,
      dataDir,
      env: { ATENDE_PLUGINS: path.join(ROOT, 'tooling/test/fixtures/events-plugin/index.mjs'), ATENDE_PLUGINS_DISABLED: '@atende/plugin-ai-server', OUTBOUND_SWEEP_MS: '1000' },
    });
    servers.push(s);
    return s;
  };

  beforeAll(async () => {
    db = await createDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), 'atende-chain-crash-'));
  });
  afterAll(async () => {
    for (const s of servers) await s.stop({ keepData: true });
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the reply stored by the chain is sent by the next process, once', async () => {
    const first = await boot();
    const api = client(first.url);
    const { admin } = await twoCompanies(api);
    const wa = await sandbox(api, admin).connect('Durable');
    const who = '51977700001';
    const died = new Promise((resolve) => first.process.once('exit', resolve));
    await sandbox(api, admin).say(wa, who, 'crash after commit');
    await died;
    // Stored with the chain's changes, never handed over.
    const pending = await queryDb(db.url, `select id, ack, provider_message_id from messages where body = 'sobrevivo'`);
    expect(pending).toEqual([{ id: expect.any(Number), ack: 0, provider_message_id: null }]);

    const second = await boot();
    const again = client(second.url);
    const token = (await again.login('admin@tienda.test', 'Str0ng-pass')).token;
    // The sandbox session comes back with the process; ask for it in case it waits for a start.
    await again.post(`/api/whatsappsession/${wa}`, {}, token);
    await eventually(async () => (await sandbox(again, token).outbox(wa, who)).includes('sobrevivo'), 30_000);
    await eventually(async () => (await queryDb(db.url, `select ack from messages where id = $1`, [pending[0].id]))[0].ack >= 1);
    // Once: a later sweep finds nothing more to send.
    await new Promise((r) => setTimeout(r, 2500));
    expect((await sandbox(again, token).outbox(wa, who)).filter((b) => b === 'sobrevivo')).toHaveLength(1);
  }, 120_000);
});
