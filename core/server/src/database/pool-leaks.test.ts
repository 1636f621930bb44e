import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { ADMIN_DB_URL, eventually } from '@atende/sdk-server/testing';
import { releaseDeadCheckouts } from './pool-leaks.js';

/** Issue 28 item 5: a connection that dies while checked out must not stay counted by the pool forever. */
describe('releaseDeadCheckouts', () => {
  it('drops a checked-out connection whose socket ended; the holder releasing it later is a no-op; the pool ends', async () => {
    const pool = new pg.Pool({ connectionString: ADMIN_DB_URL, max: 2 });
    pool.on('error', () => undefined);
    releaseDeadCheckouts(pool);
    const client = await pool.connect();
    client.on('error', () => undefined);
    const pid = (await client.query('select pg_backend_pid() as pid')).rows[0].pid as number;
    // As a database restart does to a connection in the middle of a transaction whose ROLLBACK then fails.
    const admin = new pg.Client({ connectionString: ADMIN_DB_URL });
    await admin.connect();
    await admin.query('select pg_terminate_backend($1)', [pid]);
    await admin.end();
    await eventually(async () => pool.totalCount === 0, 5_000);
    expect(() => client.release()).not.toThrow();
    // Before: pool.end() waited for the lost connection forever.
    await expect(Promise.race([pool.end().then(() => 'ended'), new Promise((r) => setTimeout(() => r('hung'), 3_000))])).resolves.toBe('ended');
  });

  it('leaves healthy connections alone: released once, reused', async () => {
    const pool = new pg.Pool({ connectionString: ADMIN_DB_URL, max: 1 });
    releaseDeadCheckouts(pool);
    const first = await pool.connect();
    first.release();
    const second = await pool.connect();
    expect(second).toBe(first);
    expect((await second.query('select 1 as one')).rows[0].one).toBe(1);
    second.release();
    await pool.end();
  });
});
