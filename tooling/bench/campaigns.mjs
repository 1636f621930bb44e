// npm run bench:campaigns — the campaigns plugin's sending (issue 15 item 6; issue 37 items 2–3), through the
// sandbox connection on one server process:
//   0. the baseline, in the same run on the same server: the inbound fast path's msg/s (BENCH_INBOUND,
//      2,000 messages from 32 concurrent senders whose contacts and tickets exist, as bench:inbound's
//      closed loop; counted when stored);
//   1. start: a "send now" campaign of BENCH_RECIPIENTS (100,000) list items; the POST writes the send
//      log and paces every row before it answers (no job per recipient any more);
//   2. sending: that campaign runs with messageInterval 0 for BENCH_RUN_SECONDS (30); sends/s (rows
//      handed to the Messages port) beside the inbound msg/s, as a ratio (goal ≥ 0.5), and the
//      server's RSS sampled every second (it should stay flat, not grow with the list); then it is
//      cancelled;
//   3. pacing: BENCH_PACE_N (21) recipients with messageInterval BENCH_PACE_INTERVAL (1 s) on the same
//      connection right after the cancel; how long its first send waited, the mean gap between sends
//      (campaign_shipping.sent_at) against the interval, and it must reach FINALIZADA.
// Prints figures only; asserts nothing. Needs a build (kernel and plugins), PostgreSQL and Redis.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { BENCH_PASSWORD, BENCH_SUPER, benchDatabase, http, startBenchServer, withClient } from './lib.mjs';

const N = Number(process.env.BENCH_RECIPIENTS ?? 100_000);
const RUN_SECONDS = Number(process.env.BENCH_RUN_SECONDS ?? 30);
const PACE_N = Number(process.env.BENCH_PACE_N ?? 21);
const PACE_INTERVAL = Number(process.env.BENCH_PACE_INTERVAL ?? 1);
const INBOUND = Number(process.env.BENCH_INBOUND ?? 2000);
const SENDERS = 200;
const CONCURRENCY = 32;
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const fmt = (n, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

/** The pid listening on `port` (the server: the bench lib does not hand it out), for its RSS. */
function pidOf(port) {
  try {
    const out = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
    return Number(/pid=(\d+)/.exec(out)?.[1]) || null;
  } catch {
    return null;
  }
}
const rssMb = (pid) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
};

const db = await benchDatabase('atende_bench_camp');
let server = null;
try {
  server = await startBenchServer(db.url, { REDIS_URL });
  const base = server.base;
  const pid = pidOf(new URL(base).port);
  const sup = (await http(base, 'POST', '/api/auth/login', BENCH_SUPER)).token;
  const plan = await http(base, 'POST', '/api/plans', { name: 'Bench', value: 0, users: 10, connections: 5, queues: 5, useCampaigns: true }, sup);
  const company = await http(base, 'POST', '/api/companies', { name: 'Bench Co', email: 'admin@bench.test', password: BENCH_PASSWORD, planId: plan.id }, sup);
  const admin = (await http(base, 'POST', '/api/auth/login', { email: 'admin@bench.test', password: BENCH_PASSWORD })).token;
  const wa = await http(base, 'POST', '/api/whatsapp', { name: 'Bench', provider: 'sandbox' }, admin);
  await http(base, 'POST', `/api/whatsappsession/${wa.id}`, {}, admin);
  for (let i = 0; (await http(base, 'GET', `/api/whatsapp/${wa.id}`, undefined, admin)).status !== 'CONNECTED'; i++) {
    if (i > 200) throw new Error('sandbox connection did not connect');
    await sleep(100);
  }
  const companyId = company.id;
  const list = async (name, n, base) =>
    withClient(db.url, async (c) => {
      const { rows } = await c.query(`insert into contact_lists (company_id, name) values ($1, $2) returning id`, [companyId, name]);
      // Known to be on WhatsApp (the list's own check did it): the run measures sending, not the number check.
      await c.query(
        `insert into contact_list_items (company_id, contact_list_id, name, number, is_whatsapp_valid)
         select $1, $2, 'Persona ' || g, ($3::bigint + g)::text, true from generate_series(1, $4) g`,
        [companyId, rows[0].id, base, n],
      );
      return rows[0].id;
    });
  const settings = (s) => http(base, 'POST', '/api/campaign-settings', { settings: s }, admin);
  const campaign = (name, contactListId) => http(base, 'POST', '/api/campaigns', { name, message1: 'Hola {name}, oferta', whatsappId: wa.id, contactListId, scheduleType: 'now' }, admin);
  const counts = (id) =>
    withClient(db.url, async (c) => (await c.query(`select count(*) filter (where status <> 'pending')::int as handled, count(*)::int as total from campaign_shipping where campaign_id = $1`, [id])).rows[0]);

  // ── 0. the inbound fast path on this server (the baseline) ──
  const storedInbound = (prefix) =>
    withClient(db.url, async (c) => (await c.query(`select count(*)::int as n from messages where company_id = $1 and not from_me and body like $2`, [companyId, `${prefix}%`])).rows[0].n);
  const inbound = (i, body) => http(base, 'POST', `/api/sandbox/${wa.id}/messages`, { from: String(51700000000 + (i % SENDERS)), body, id: `B${body.replace(/\W/g, '')}` }, admin);
  const flood = async (prefix, n) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < n) {
          const i = next++;
          await inbound(i, `${prefix} ${1000000 + i}`);
        }
      }),
    );
    for (let i = 0; (await storedInbound(prefix)) < n; i++) {
      if (i > 2400) throw new Error(`inbound messages not stored: ${await storedInbound(prefix)} of ${n}`);
      await sleep(50);
    }
  };
  // Warm-up, not timed: every sender once (contact and ticket created), so the flood takes the fast path.
  await flood('warm', SENDERS);
  let t0 = performance.now();
  await flood('bench message', INBOUND);
  const inboundRate = INBOUND / ((performance.now() - t0) / 1000);

  // ── 1. start ──
  await settings({ messageInterval: 0, longerIntervalAfter: 0 });
  const bigList = await list('Bench 100k', N, 51900000000);
  const rss = [];
  if (pid) rss.push(rssMb(pid));
  t0 = performance.now();
  const big = await campaign('Bench grande', bigList);
  const enqueueSec = (performance.now() - t0) / 1000;
  const enqueueRate = N / enqueueSec;

  // ── 2. sending for RUN_SECONDS, RSS sampled every second ──
  const start = await counts(big.id);
  const t1 = performance.now();
  for (let s = 0; s < RUN_SECONDS; s++) {
    await sleep(1000);
    if (pid) rss.push(rssMb(pid));
  }
  const end = await counts(big.id);
  const sendRate = (end.handled - start.handled) / ((performance.now() - t1) / 1000);
  await http(base, 'POST', `/api/campaigns/${big.id}/cancel`, {}, admin);

  // ── 3. pacing ──
  await settings({ messageInterval: PACE_INTERVAL, longerIntervalAfter: 0 });
  const paceList = await list('Bench ritmo', PACE_N, 51800000000);
  const tPaced = Date.now();
  const paced = await campaign('Bench ritmo', paceList);
  for (let i = 0; ; i++) {
    if ((await http(base, 'GET', `/api/campaigns/${paced.id}`, undefined, admin)).status === 'FINALIZADA') break;
    if (i > PACE_N * PACE_INTERVAL * 10 + 600) throw new Error('pacing campaign did not finish');
    await sleep(100);
  }
  const times = await withClient(db.url, async (c) =>
    (await c.query(`select extract(epoch from sent_at) * 1000 as t from campaign_shipping where campaign_id = $1 order by sent_at`, [paced.id])).rows.map((r) => Number(r.t)),
  );
  const firstWait = times[0] - tPaced;
  const gaps = times.slice(1).map((t, i) => t - times[i]);
  const meanGap = gaps.reduce((a, b) => a + b, 0) / gaps.length;
  const target = PACE_INTERVAL * 1000;

  const load = os.loadavg().map((l) => fmt(l, 2)).join(' ');
  console.log(`campaigns bench — ${fmt(N)} recipients, one server process, sandbox connection; load average ${load} (${os.cpus().length} cores)`);
  console.log(`  inbound:  ${fmt(inboundRate, 1)} msg/s through the inbound fast path on this server (${fmt(INBOUND)} messages, ${CONCURRENCY} senders at once) — the baseline`);
  console.log(`  start:    POST /campaigns "now" with ${fmt(N)} recipients answered in ${fmt(enqueueSec, 2)} s (${fmt(enqueueRate)} recipients/s: send log written and paced)`);
  console.log(`  sending:  ${fmt(sendRate, 1)} sends/s over ${RUN_SECONDS} s (messageInterval 0) → ratio ${fmt(sendRate / inboundRate, 2)} to the inbound msg/s (goal ≥ 0.5)`);
  if (rss.length) {
    console.log(`  memory:   server RSS ${fmt(rss[0], 0)} MB before, ${fmt(Math.min(...rss.slice(1)), 0)}–${fmt(Math.max(...rss.slice(1)), 0)} MB while sending, ${fmt(rss.at(-1), 0)} MB at the end`);
    // Flat or growing: the RSS every 10 s of sending (a leak climbs to the end; a heap settling levels off).
    console.log(`            every 10 s: ${rss.filter((_, i) => i % 10 === 0).map((v) => fmt(v, 0)).join(' → ')} MB`);
  }
  else console.log('  memory:   (server pid not found: ss unavailable)');
  console.log(
    `  pacing:   after the cancel, ${PACE_N} sends at ${PACE_INTERVAL} s on the same connection: first send ${fmt(firstWait, 0)} ms after the POST; mean gap ${fmt(meanGap, 0)} ms, min ${fmt(Math.min(...gaps), 0)}, max ${fmt(Math.max(...gaps), 0)}; error of the mean ${fmt(((meanGap - target) / target) * 100, 1)} % vs the interval (goal ±5 %; each gap is jittered ±5 % by design); FINALIZADA`,
  );
} finally {
  await server?.stop();
  await db.drop();
}
