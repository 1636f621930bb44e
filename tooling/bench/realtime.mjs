// npm run bench:realtime — realtime fan-out (issue 13 item 4): 500 sockets in 5 companies with 50
// queues (10 each), inbound messages offered at a fixed rate (open loop) through the sandbox channel.
// Prints the p50/p99 delivery time (POST → `appMessage` at each socket that should get it), how many
// deliveries were expected and made, and how many events reached a socket whose user may not see that
// ticket (goal 0), beside the /api/health p99 of the same run. Prints figures; asserts nothing.
//   -- --rate 200 --seconds 20   (defaults)
// Each connection has SENDERS customers; every conversation writes once first (new contact, ticket,
// queue greeting: not timed), so the measured flood is what a busy company sees all day: messages on
// open conversations. (Ticket creation under load is bench:inbound's warm-up, not this goal.)
import os from 'node:os';
import { parseArgs } from 'node:util';
import { io } from 'socket.io-client';
import { BENCH_PASSWORD, BENCH_SUPER, benchDatabase, http, pct, startBenchServer } from './lib.mjs';

const { values: args } = parseArgs({ options: { rate: { type: 'string', default: '200' }, seconds: { type: 'string', default: '20' } } });
const RATE = Number(args.rate);
const SECONDS = Number(args.seconds);
const COMPANIES = 5;
const QUEUES = 10; // per company
const USERS = 100; // sockets per company: 2 admins, 98 agents in one or two queues each
const SENDERS = 10; // customers per connection

const db = await benchDatabase('atende_bench_rt');
const server = await startBenchServer(db.url);
const { base } = server;
const sockets = [];
try {
  const sup = (await http(base, 'POST', '/api/auth/login', BENCH_SUPER)).token;
  const plan = await http(base, 'POST', '/api/plans', { name: 'Bench', value: 0, users: USERS + 5, connections: QUEUES, queues: QUEUES }, sup);
  let ip = 0;
  const login = async (email) => (await http(base, 'POST', '/api/auth/login', { email, password: BENCH_PASSWORD }, undefined, { 'X-Forwarded-For': `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip++ & 255}` })).token;

  /** Who each socket is: its company, whether it sees every ticket there, and its queues. */
  const viewers = [];
  /** Each connection's company and queue (a connection with one queue puts its tickets there). */
  const connections = [];
  for (let c = 0; c < COMPANIES; c++) {
    const email = `admin${c}@bench.test`;
    const company = await http(base, 'POST', '/api/companies', { name: `Bench ${c}`, email, password: BENCH_PASSWORD, planId: plan.id }, sup);
    const admin = await login(email);
    const queues = [];
    for (let q = 0; q < QUEUES; q++) queues.push((await http(base, 'POST', '/api/queue', { name: `Cola ${q}`, color: `#${(0x100000 + c * 0x1000 + q * 0x111).toString(16).slice(-6)}` }, admin)).id);
    for (let q = 0; q < QUEUES; q++) {
      const wa = await http(base, 'POST', '/api/whatsapp', { name: `Bench ${c}-${q}`, provider: 'sandbox', queueIds: [queues[q]] }, admin);
      await http(base, 'POST', `/api/whatsappsession/${wa.id}`, {}, admin);
      connections.push({ id: wa.id, companyId: company.id, queueId: queues[q], admin });
    }
    viewers.push({ token: admin, companyId: company.id, all: true, queues: [] });
    const users = [];
    for (let u = 1; u < USERS; u++) {
      const profile = u === 1 ? 'admin' : 'user';
      const mine = profile === 'admin' ? [] : u % 3 === 0 ? [queues[u % QUEUES], queues[(u + 1) % QUEUES]] : [queues[u % QUEUES]];
      const address = `u${u}.c${c}@bench.test`;
      await http(base, 'POST', '/api/users', { name: `U${u}`, email: address, password: BENCH_PASSWORD, profile, queueIds: mine }, admin);
      users.push({ address, profile, mine });
    }
    for (const u of users) viewers.push({ token: await login(u.address), companyId: company.id, all: u.profile === 'admin', queues: u.mine });
  }
  for (const wa of connections) {
    for (;;) {
      if ((await http(base, 'GET', `/api/whatsapp/${wa.id}`, undefined, wa.admin)).status === 'CONNECTED') break;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  const sentAt = new Map();
  const latencies = [];
  let leaks = 0;
  let received = 0;
  const warmSeen = new Set();
  const sender = (i) => String(51900000000 + ((Math.floor(i / connections.length) % SENDERS) * 1000 + (i % connections.length)));
  for (const v of viewers) {
    const socket = io(base, { path: '/socket.io', transports: ['websocket'], auth: { token: v.token } });
    await new Promise((r) => socket.once('ready', r));
    socket.on('appMessage', (e) => {
      if (e.action !== 'create' || e.message.fromMe) return;
      if (e.message.body.startsWith('warm ')) warmSeen.add(e.message.body);
      const t0 = sentAt.get(e.message.body);
      if (t0 === undefined) return;
      received++;
      latencies.push(performance.now() - t0);
      const t = e.ticket;
      const allowed = connections.find((w) => w.id === t.whatsappId)?.companyId === v.companyId && (v.all || v.queues.includes(t.queueId));
      if (!allowed) leaks++;
    });
    sockets.push(socket);
  }

  // Warm-up, not timed: every conversation once (contact, ticket and greeting created).
  const warm = [];
  for (let i = 0; i < connections.length * SENDERS; i++) {
    const wa = connections[i % connections.length];
    warm.push(http(base, 'POST', `/api/sandbox/${wa.id}/messages`, { from: sender(i), body: `warm ${i}`, id: `W${i}` }, wa.admin));
    if (warm.length % 32 === 0) await Promise.all(warm.splice(0));
  }
  await Promise.all(warm);
  for (const deadline = Date.now() + 120_000; warmSeen.size < connections.length * SENDERS && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 100));

  // Who should get each message: the company's admins and the agents of the connection's queue.
  const audience = (wa) => viewers.filter((v) => v.companyId === wa.companyId && (v.all || v.queues.includes(wa.queueId))).length;
  const health = [];
  const total = RATE * SECONDS;
  let expected = 0;
  const posts = [];
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    // Open loop: message i leaves at its scheduled time whatever happened to the earlier ones.
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const wa = connections[i % connections.length];
    const body = `rt ${i}`;
    expected += audience(wa);
    sentAt.set(body, performance.now());
    posts.push(http(base, 'POST', `/api/sandbox/${wa.id}/messages`, { from: sender(i), body, id: `R${i}` }, wa.admin));
    if (i % RATE === 0) {
      const t0 = performance.now();
      posts.push(fetch(`${base}/api/health`).then(() => health.push(performance.now() - t0)));
    }
  }
  await Promise.all(posts);
  for (const deadline = Date.now() + 30_000; received < expected && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 100));
  latencies.sort((a, b) => a - b);
  health.sort((a, b) => a - b);
  console.log(`realtime fan-out: ${viewers.length} sockets, ${COMPANIES} companies, ${COMPANIES * QUEUES} queues; ${total} messages offered at ${RATE}/s for ${SECONDS} s; load average ${os.loadavg()[0].toFixed(2)}`);
  console.log(`  deliveries: ${received} of ${expected} expected`);
  console.log(`  delivery p50 ${pct(latencies, 50).toFixed(1)} ms, p99 ${pct(latencies, 99).toFixed(1)} ms (goal p99 ≤ 200 ms: ${pct(latencies, 99) <= 200 ? 'met' : 'NOT MET'})`);
  console.log(`  events at a socket that may not see the ticket: ${leaks} (goal 0)`);
  console.log(`  /api/health during the run: p50 ${pct(health, 50).toFixed(1)} ms, p99 ${pct(health, 99).toFixed(1)} ms; delivery p99 / health p99 = ${(pct(latencies, 99) / pct(health, 99)).toFixed(1)}`);
} finally {
  for (const s of sockets) s.disconnect();
  await server.stop();
  await db.drop();
}
