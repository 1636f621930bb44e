// Summarises V8 CPU profiles (`node --cpu-prof`) of a bench's server: where the process spent its CPU,
// by package (self time) and by function. For the benches' BENCH_SERVER_NODE_ARGS:
//
//   BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' npm run bench:inbound
//   node tooling/bench/cpu-profile.mjs /tmp/prof/*.cpuprofile [--top 40]
//
// Shares are of the samples that were not idle; GC is V8's "(garbage collector)" node.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values: args, positionals: files } = parseArgs({ allowPositionals: true, options: { top: { type: 'string', default: '30' } } });

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
  const self = new Map();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
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
    if (byId.get(id).callFrame.functionName === '(idle)') return;
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
