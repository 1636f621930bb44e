// Summarises V8 CPU profiles (`node --cpu-prof`) of a bench's server: where the process spent its CPU,
// by package (self time) and by function. For the benches' BENCH_SERVER_NODE_ARGS:
//
//   BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' npm run bench:inbound
//   node tooling/bench/cpu-profile.mjs /tmp/prof/*.cpuprofile [--top 40] [--from 20 --to 35] [--window A-B]
//
// Shares are of the samples that were not idle; GC is V8's "(garbage collector)" node. A timeline of busy
// ms per second comes first: `--from`/`--to` (seconds since the profile started) keep the flood only,
// leaving out the boot's module loading; `--window A-B` takes the monotonic-clock bounds (µs) that
// bench:inbound prints for its timed flood when it profiles.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values: args, positionals: files } = parseArgs({ allowPositionals: true, options: { top: { type: 'string', default: '30' }, from: { type: 'string', default: '0' }, to: { type: 'string', default: '1e9' }, window: { type: 'string' } } });

/** The package (or kernel/SDK file) a frame's url belongs to. */
function ownerOf(url, name) {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const m = url.match(/\/(core\/server|sdk\/server|plugins\/[^/]+\/server)\/(?:dist|src)\/(.*)$/);
  return m ? `${m[1]}/${m[2]}` : url;
}

for (const file of files) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  // Seconds since the start of each sample; samples outside [from, to) are left out.
  const at = [];
  let t = 0;
  for (const d of profile.timeDeltas) at.push((t += d) / 1e6);
  const idle = (id) => byId.get(id).callFrame.functionName === '(idle)';
  const timeline = new Map();
  profile.samples.forEach((id, i) => {
    if (!idle(id)) timeline.set(Math.floor(at[i]), (timeline.get(Math.floor(at[i])) ?? 0) + profile.timeDeltas[i] / 1000);
  });
  console.log(`${file}: busy ms per second: ${[...timeline].map(([sec, ms]) => `${sec}:${ms.toFixed(0)}`).join(' ')}`);
  // `--window`: monotonic µs (the clock of process.hrtime and of the profile's startTime).
  const [from, to] = args.window ? args.window.split('-').map((us) => (Number(us) - profile.startTime) / 1e6) : [Number(args.from), Number(args.to)];
  if (args.window) console.log(`  window: ${from.toFixed(1)} s to ${to.toFixed(1)} s of the profile`);
  const inWindow = (i) => at[i] >= from && at[i] < to;
  const self = new Map();
  profile.samples.forEach((id, i) => inWindow(i) && self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const byOwner = new Map();
  const byFunction = new Map();
  let busy = 0;
  for (const [id, us] of self) {
    const { callFrame: f } = byId.get(id);
    if (f.functionName === '(idle)') continue;
    busy += us;
    const owner = ownerOf(f.url, f.functionName);
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + us);
    const fn = `${f.functionName || '(anonymous)'} ${owner}:${f.lineNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
  }
  // Inclusive: each sample counts once for every distinct function on its stack.
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const inclusive = new Map();
  profile.samples.forEach((id, i) => {
    if (idle(id) || !inWindow(i)) return;
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const f = byId.get(at).callFrame;
      const fn = `${f.functionName || '(anonymous)'} ${ownerOf(f.url, f.functionName)}:${f.lineNumber + 1}`;
      if (seen.has(fn)) continue;
      seen.add(fn);
      inclusive.set(fn, (inclusive.get(fn) ?? 0) + (profile.timeDeltas[i] ?? 0));
    }
  });
  const top = (m) => [...m].sort((a, b) => b[1] - a[1]).slice(0, Number(args.top));
  const line = ([k, us]) => `  ${((100 * us) / busy).toFixed(1).padStart(5)} %  ${(us / 1000).toFixed(0).padStart(7)} ms  ${k}`;
  console.log(`${file}: ${(busy / 1000).toFixed(0)} ms busy`);
  console.log('by package or file (self time):');
  top(byOwner).forEach((e) => console.log(line(e)));
  console.log('by function (self time):');
  top(byFunction).forEach((e) => console.log(line(e)));
  console.log('by function (inclusive, kernel and plugin code only):');
  top(new Map([...inclusive].filter(([k]) => /(core|sdk)\/server\/|plugins\//.test(k)))).forEach((e) => console.log(line(e)));
}
