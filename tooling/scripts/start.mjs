// npm start: install what is missing, build, bring up PostgreSQL and Redis, run the server on :8080.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT, buildAll, ensureInstalled } from '../lib/workspace.mjs';
import { onSupportedNode } from '../lib/runtime.mjs';

// On a Node older than the dependencies support, re-run on the runtime fetched from npm (README, Runtime).
await onSupportedNode();

const started = Date.now();
await ensureInstalled();
await buildAll();

const { resolveRedis, startEmbeddedPostgres } = await import('../lib/services.mjs');
const dataDir = path.resolve(ROOT, process.env.DATA_DIR ?? '.atende-data');
const stops = [];
const env = { ...process.env, DATA_DIR: dataDir };

try {
  if (!env.DATABASE_URL) {
    const pg = await startEmbeddedPostgres(dataDir, Number(process.env.EMBEDDED_PG_PORT ?? 54329));
    env.DATABASE_URL = pg.url;
    stops.push(pg.stop);
  }
  const redis = await resolveRedis(dataDir, Number(process.env.EMBEDDED_REDIS_PORT ?? 63790));
  env.REDIS_URL = redis.url;
  stops.push(redis.stop);
} catch (err) {
  console.error(`\n✖ ${err.message}\n`);
  for (const stop of stops.reverse()) await stop().catch(() => {});
  process.exit(1);
}

const server = spawn(process.execPath, ['core/server/dist/main.js'], { cwd: ROOT, env, stdio: 'inherit' });
server.once('spawn', () => console.log(`› Server starting (prepared in ${((Date.now() - started) / 1000).toFixed(1)} s)`));

let stopping = false;
async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  // The server drains into PostgreSQL and Redis: they stop only once it has exited (its own hard limit is 35 s).
  if (server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  for (const stop of stops.reverse()) await stop().catch(() => {});
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));
server.on('exit', (code) => void shutdown(code ?? 0));
