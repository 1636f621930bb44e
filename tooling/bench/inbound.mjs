// npm run bench:inbound — inbound throughput through the sandbox provider, end to end: HTTP in,
// BullMQ, contact/ticket/message stored, realtime event out. Prints messages/s and p50/p99 latency
// (POST → `appMessage` event at an admin socket) beside a raw single-row INSERT rate on the same
// PostgreSQL, as a ratio. Prints figures only; asserts nothing. Needs a build, PostgreSQL and Redis.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { io } from 'socket.io-client';
import { ROOT, freePort } from '../lib/workspace.mjs';

const N = Number(process.env.BENCH_MESSAGES ?? 2000);
const SENDERS = Number(process.env.BENCH_SENDERS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const ADMIN = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `atende_bench_in_${Date.now()}`;
const dbUrl = Object.assign(new URL(ADMIN), { pathname: `/${dbName}` }).toString();
const dataDir = mkdtempSync(path.join(tmpdir(), 'atende-bench-'));
const SUPER = { email: 'bench@atende.local', password: 'Bench-pass-123' };
const PW = 'Bench-pass-123';

async function sql(url, q, params) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await q(c, params);
  } finally {
    await c.end();
  }
}

async function http(base, method, p, body, token) {
  const res = await fetch(`${base}${p}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

await sql(ADMIN, (c) => c.query(`create database "${dbName}"`));
const port = await freePort();
// BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the server during the run.
const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
const child = spawn(process.execPath, [...nodeArgs, 'core/server/dist/main.js'], {
  cwd: ROOT,
  stdio: 'ignore',
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: dbUrl, DATA_DIR: dataDir, SUPER_EMAIL: SUPER.email, SUPER_PASSWORD: SUPER.password, LOG_LEVEL: 'warn' },
});
const base = `http://127.0.0.1:${port}`;
try {
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const sup = (await http(base, 'POST', '/api/auth/login', SUPER)).token;
  const plan = await http(base, 'POST', '/api/plans', { name: 'Bench', value: 0, users: 10, connections: 5, queues: 5 }, sup);
  await http(base, 'POST', '/api/companies', { name: 'Bench Co', email: 'admin@bench.test', password: PW, planId: plan.id }, sup);
  const admin = (await http(base, 'POST', '/api/auth/login', { email: 'admin@bench.test', password: PW })).token;
  const queue = await http(base, 'POST', '/api/queue', { name: 'Ventas', color: '#e91e63', greetingMessage: 'Hola' }, admin);
  // Each new contact gets the queue's greeting, so the run includes the outbound path too.
  await http(base, 'PUT', '/api/settings/sendGreetingMessageOneQueues', { value: 'enabled' }, admin);
  const wa = await http(base, 'POST', '/api/whatsapp', { name: 'Bench', provider: 'sandbox', queueIds: [queue.id] }, admin);
  await http(base, 'POST', `/api/whatsappsession/${wa.id}`, {}, admin);
  for (;;) {
    if ((await http(base, 'GET', `/api/whatsapp/${wa.id}`, undefined, admin)).status === 'CONNECTED') break;
    await new Promise((r) => setTimeout(r, 50));
  }

  const socket = io(base, { path: '/socket.io', transports: ['websocket'], auth: { token: admin } });
  await new Promise((r) => socket.once('ready', r));
  const sentAt = new Map();
  const latencies = [];
  let done;
  const allSeen = new Promise((r) => (done = r));
  socket.on('appMessage', (e) => {
    if (e.action !== 'create' || e.message.fromMe) return;
    const t0 = sentAt.get(e.message.body);
    if (t0 === undefined) return;
    latencies.push(performance.now() - t0);
    sentAt.delete(e.message.body);
    if (latencies.length === N) done();
  });

  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < N) {
        const i = next++;
        const body = `bench message ${i}`;
        sentAt.set(body, performance.now());
        await http(base, 'POST', `/api/sandbox/${wa.id}/messages`, { from: String(51900000000 + (i % SENDERS)), body, id: `B${i}` }, admin);
      }
    }),
  );
  await Promise.race([allSeen, new Promise((_, rej) => setTimeout(() => rej(new Error(`only ${latencies.length}/${N} events`)), 120_000))]);
  const elapsed = (performance.now() - started) / 1000;
  socket.disconnect();
  latencies.sort((a, b) => a - b);
  const rate = N / elapsed;

  // Raw single-row INSERT rate on the same server, same driver, same concurrency.
  const raw = await sql(dbUrl, async () => {
    const pool = new pg.Pool({ connectionString: dbUrl, max: CONCURRENCY });
    await pool.query('create table bench_raw (id serial primary key, body text not null)');
    const t0 = performance.now();
    let k = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (k < N) {
          k++;
          await pool.query('insert into bench_raw (body) values ($1)', ['x']);
        }
      }),
    );
    const r = N / ((performance.now() - t0) / 1000);
    await pool.end();
    return r;
  });

  const stored = await sql(dbUrl, (c) => c.query(`select count(*)::int as n from messages where from_me = false`));
  console.log(`inbound end to end: ${N} messages from ${SENDERS} contacts, concurrency ${CONCURRENCY}`);
  console.log(`  stored: ${stored.rows[0].n}; throughput ${rate.toFixed(0)} msg/s; latency p50 ${pct(latencies, 50).toFixed(1)} ms, p99 ${pct(latencies, 99).toFixed(1)} ms`);
  console.log(`raw single-row INSERT (pg, same concurrency): ${raw.toFixed(0)} rows/s`);
  console.log(`ratio inbound / raw insert: ${(rate / raw).toFixed(3)}`);
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  await sql(ADMIN, (c) => c.query(`drop database if exists "${dbName}" with (force)`));
  rmSync(dataDir, { recursive: true, force: true });
}
