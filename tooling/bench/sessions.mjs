// npm run bench:sessions — how one server process carries many channel sessions (issue 28 item 8):
// BENCH_SESSIONS (200) Baileys sessions on fake sockets (core/server/src/channels/baileys/fake-socket.ts,
// Baileys' real event shapes; the test fixture plugin tooling/test/fixtures/fake-baileys-plugin) in one
// process, all CONNECTED, then:
//   - RSS of the server process;
//   - Redis connections of this deployment: CLIENT LIST entries whose name carries its namespace
//     (atende:<database>), and the change in all of Redis' clients since before the server started
//     (other users of a shared Redis make that one noisy);
//   - idle CPU: the server's CPU time over BENCH_IDLE_SECONDS (10) with nothing to do, as % of one core;
//   - inbound spread: one customer message to every session at once, and how long until all are stored.
// Goal: 200 sessions with <= 10 Redis connections and <= 1 GB RSS. Prints figures; asserts nothing.
// Needs a build (kernel and SDK), PostgreSQL and Redis.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import { ROOT } from '../lib/workspace.mjs';
import { BENCH_PASSWORD, BENCH_SUPER, benchDatabase, http, startBenchServer, withClient } from './lib.mjs';

const N = Number(process.env.BENCH_SESSIONS ?? 200);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 10);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const fmt = (n, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

/** The pid listening on `port` (the bench lib does not hand it out), for its RSS. */
function pidOf(port) {
  const out = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
  return Number(/pid=(\d+)/.exec(out)?.[1]) || null;
}
const rssMb = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;

/** Runs `fn` over `items`, `width` at a time. */
async function pool(items, width, fn) {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, async () => {
    while (next < items.length) await fn(items[next++]);
  }));
}

const redis = new Redis(REDIS_URL);
const clients = async () => String(await redis.client('LIST')).trim().split('\n').map((line) => /(?:^| )name=(\S*)/.exec(line)?.[1] ?? '');
const db = await benchDatabase('atende_bench_sessions');
const namespace = `atende:${decodeURIComponent(new URL(db.url).pathname.slice(1))}`;
let server = null;
try {
  const before = (await clients()).length;
  server = await startBenchServer(db.url, { REDIS_URL, WA_VERSION_CHECK: 'false', ATENDE_PLUGINS: path.join(ROOT, 'tooling/test/fixtures/fake-baileys-plugin/index.mjs') });
  const base = server.base;
  const pid = pidOf(new URL(base).port);
  const sup = (await http(base, 'POST', '/api/auth/login', BENCH_SUPER)).token;
  const plan = await http(base, 'POST', '/api/plans', { name: 'Bench', value: 0, users: 10, connections: N, queues: 5 }, sup);
  await http(base, 'POST', '/api/companies', { name: 'Bench Co', email: 'admin@bench.test', password: BENCH_PASSWORD, planId: plan.id }, sup);
  const login = await http(base, 'POST', '/api/auth/login', { email: 'admin@bench.test', password: BENCH_PASSWORD });
  const admin = login.token;
  const companyId = login.user.companyId;
  const rssEmpty = rssMb(pid);
  const ids = await withClient(db.url, async (c) =>
    (await c.query(`insert into whatsapps (company_id, name, provider) select $1, 'S' || g, 'fake-baileys' from generate_series(1, $2) g returning id`, [companyId, N])).rows.map((r) => r.id),
  );
  const status = async (id) => (await http(base, 'GET', `/api/whatsapp/${id}`, undefined, admin)).status;
  const until = async (id, want) => {
    for (let i = 0; (await status(id)) !== want; i++) {
      if (i > 600) throw new Error(`connection ${id} never reached ${want}`);
      await sleep(100);
    }
  };
  const t0 = Date.now();
  await pool(ids, 8, async (id) => {
    await http(base, 'POST', `/api/whatsappsession/${id}`, {}, admin);
    await until(id, 'OPENING');
    await http(base, 'POST', `/api/fixture-fake-baileys/${id}/open`, { me: `5198${String(id).padStart(7, '0')}:1@s.whatsapp.net` }, admin);
    await until(id, 'CONNECTED');
  });
  const startS = (Date.now() - t0) / 1000;
  await sleep(3_000); // workers and readers settle
  const names = await clients();
  const ours = names.filter((n) => n.includes(namespace)).length;
  const cpu0 = server.cpuMs();
  await sleep(IDLE_SECONDS * 1000);
  const idleCpu = (server.cpuMs() - cpu0) / (IDLE_SECONDS * 10);

  const stored = async () => withClient(db.url, async (c) => (await c.query(`select count(*)::int as n from messages where from_me = false`)).rows[0].n);
  const t1 = Date.now();
  await pool(ids, 16, async (id) => {
    const from = `5197${String(id).padStart(7, '0')}`;
    await http(base, 'POST', `/api/fixture-fake-baileys/${id}/upsert`, {
      messages: [{ key: { remoteJid: `${from}@s.whatsapp.net`, id: `B-${id}`, fromMe: false }, message: { conversation: `hola ${id}` }, messageTimestamp: Math.floor(Date.now() / 1000), pushName: 'Cliente' }],
    }, admin);
  });
  for (let i = 0; (await stored()) < N; i++) {
    if (i > 1200) throw new Error(`only ${await stored()} of ${N} inbound messages stored`);
    await sleep(100);
  }
  const spreadS = (Date.now() - t1) / 1000;

  console.log(`sessions: ${N} CONNECTED in one process in ${fmt(startS, 1)} s`);
  console.log(`RSS: ${fmt(rssMb(pid))} MB (${fmt(rssEmpty)} MB before the sessions; goal <= 1024)`);
  console.log(`Redis connections named for this deployment (${namespace}): ${ours} (goal <= 10); all Redis clients +${names.length - before} since before the server`);
  console.log(`idle CPU: ${fmt(idleCpu, 1)} % of one core over ${IDLE_SECONDS} s`);
  console.log(`inbound spread: one message to each of ${N} sessions stored in ${fmt(spreadS, 2)} s (${fmt(N / spreadS)} msg/s)`);
} finally {
  await server?.stop();
  await db.drop();
  redis.disconnect();
}
