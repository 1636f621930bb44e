// What the benches share: a throw-away database, the built server as a child process, JSON over HTTP,
// percentiles. Benches print figures and assert nothing.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ROOT, freePort } from '../lib/workspace.mjs';

export const ADMIN_DB = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const BENCH_SUPER = { email: 'bench@atende.local', password: 'Bench-pass-123' };
export const BENCH_PASSWORD = 'Bench-pass-123';

/** Runs `q(client)` on a fresh connection to `url`. */
export async function withClient(url, q) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await q(c);
  } finally {
    await c.end();
  }
}

/** A new empty database for one run; `drop()` removes it. */
export async function benchDatabase(prefix) {
  const name = `${prefix}_${Date.now()}`;
  await withClient(ADMIN_DB, (c) => c.query(`create database "${name}"`));
  return {
    url: Object.assign(new URL(ADMIN_DB), { pathname: `/${name}` }).toString(),
    drop: () => withClient(ADMIN_DB, (c) => c.query(`drop database if exists "${name}" with (force)`)),
  };
}

/**
 * The built server (core/server/dist) on a free port against `databaseUrl`, answering /api/health.
 * BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles it.
 */
export async function startBenchServer(databaseUrl, env = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'atende-bench-'));
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, 'core/server/dist/main.js'], {
    cwd: ROOT,
    stdio: 'ignore',
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, DATA_DIR: dataDir, SUPER_EMAIL: BENCH_SUPER.email, SUPER_PASSWORD: BENCH_SUPER.password, LOG_LEVEL: 'warn', ...env },
  });
  const base = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 120_000; ; ) {
    if (child.exitCode !== null) throw new Error('server exited during start');
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      /* starting */
    }
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    base,
    /** CPU time the server process used so far (user + system, ms; Linux /proc): steadier than rates on a shared machine. */
    cpuMs() {
      const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ 100)
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** JSON over HTTP; throws on a non-2xx answer with its body. */
export async function http(base, method, p, body, token, headers = {}) {
  const res = await fetch(`${base}${p}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** The p-th percentile of ascending `sorted`. */
export const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

/**
 * A TCP proxy in front of PostgreSQL or Redis that counts round trips from the server: for PostgreSQL
 * each simple query ('Q') or extended-protocol batch (ended by Sync, 'S'); for Redis each chunk the
 * client writes (pipelined commands leave together, so a pipeline counts once). Point the server's
 * DATABASE_URL / REDIS_URL at `url`.
 */
export async function countingProxy(target, kind) {
  const net = await import('node:net');
  let trips = 0;
  const sockets = new Set();
  const server = net.createServer((front) => {
    const back = net.connect(Number(target.port || (kind === 'pg' ? 5432 : 6379)), target.hostname);
    sockets.add(front).add(back);
    let pending = Buffer.alloc(0);
    let started = false;
    front.on('data', (chunk) => {
      back.write(chunk);
      if (kind === 'redis') {
        trips++;
        return;
      }
      pending = Buffer.concat([pending, chunk]);
      for (;;) {
        if (!started) {
          // Untyped messages first: SSL/GSS requests, then the startup message (protocol 3.0).
          if (pending.length < 8 || pending.length < pending.readInt32BE(0)) break;
          started = pending.readInt32BE(4) === 196608;
          pending = pending.subarray(pending.readInt32BE(0));
          continue;
        }
        if (pending.length < 5 || pending.length < 1 + pending.readInt32BE(1)) break;
        const type = String.fromCharCode(pending[0]);
        if (type === 'Q' || type === 'S') trips++;
        pending = pending.subarray(1 + pending.readInt32BE(1));
      }
    });
    back.pipe(front);
    const end = () => {
      front.destroy();
      back.destroy();
    };
    front.on('error', end).on('close', end);
    back.on('error', end).on('close', end);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const url = Object.assign(new URL(target.toString()), { hostname: '127.0.0.1', port: String(server.address().port) }).toString();
  return {
    url,
    trips: () => trips,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}
