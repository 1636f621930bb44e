// npm test: install what is missing, build, the unit suite, then in two lanes side by side the
// integration suite (real PostgreSQL and Redis, a fresh database per test file) and lint, the fault
// tests and the remote-building browser files; then the browser journeys (Debian Chromium) alone.
// Ends with "N passed, N failed".
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT, buildAll, canConnect, ensureInstalled, run } from '../lib/workspace.mjs';
import { onSupportedNode } from '../lib/runtime.mjs';

// On a Node older than the dependencies support, re-run on the runtime fetched from npm (README, Runtime).
await onSupportedNode();

const only = process.argv.slice(2); // e.g. `npm test -- unit` runs just that suite
const suites = ['unit', 'integration', 'faults', 'e2e'].filter((s) => !only.length || only.includes(s));
const results = [];

const runStarted = Date.now();
await ensureInstalled();
const buildStarted = Date.now();
await buildAll({ fresh: true });
const buildMs = Date.now() - buildStarted;

async function check(name, fn) {
  const started = Date.now();
  try {
    await fn();
    results.push({ name, passed: 1, failed: 0, ms: Date.now() - started });
  } catch (err) {
    console.error(`✖ ${name}: ${err.message}`);
    results.push({ name, passed: 0, failed: 1, ms: Date.now() - started });
  }
}

/** Runs a command with its output held back and printed in one piece when it ends (tasks run side by side). */
function runBuffered(cmd, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (output.trim()) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
      code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} exited with ${signal ?? code}`));
    });
  });
}

/** Runs a command with each line of its output prefixed by `[label]` as it comes (two runs side by side stay readable). */
function runLabelled(cmd, args, label) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream.on('data', (d) => {
        const lines = (rest + d).split('\n');
        rest = lines.pop();
        for (const line of lines) process.stdout.write(`[${label}] ${line}\n`);
      });
      stream.on('end', () => rest && process.stdout.write(`[${label}] ${rest}\n`));
    }
    child.on('error', reject);
    child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} exited with ${signal ?? code}`))));
  });
}

/** Runs `tasks` (functions returning promises that record their own failure) at most `limit` at a time. */
async function pool(tasks, limit) {
  let next = 0;
  const lane = async () => {
    while (next < tasks.length) await tasks[next++]();
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, lane));
}

const CORES = Number(process.env.TEST_WORKERS) || availableParallelism();

/** Lint and the web type check: ESLint and each tsc are single-threaded, so they run side by side, one per core. */
async function lintAndTypecheck() {
  console.log('\n› Lint (ESLint with Nx module boundaries) and web type check (Vite strips types without checking them)');
  const webProjects = ['shell/tsconfig.json', ...readdirSync(path.join(ROOT, 'plugins')).map((id) => path.join('plugins', id, 'web', 'tsconfig.json'))].filter((ts) =>
    existsSync(path.join(ROOT, ts)),
  );
  const started = Date.now();
  const typeErrors = [];
  await pool(
    [
      () => check('lint', () => runBuffered('npx', ['eslint', '--config', 'tooling/eslint.config.mjs', '--max-warnings', '0', 'core', 'sdk', 'shell', 'plugins', 'tooling'])),
      ...webProjects.map((ts) => () => runBuffered('npx', ['tsc', '-p', ts]).catch((err) => typeErrors.push(err))),
    ],
    CORES,
  );
  for (const err of typeErrors) console.error(`✖ typecheck web: ${err.message}`);
  results.push({ name: 'typecheck web', passed: typeErrors.length ? 0 : 1, failed: typeErrors.length ? 1 : 0, ms: Date.now() - started });
}

const pgHost = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const redisHost = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
if (suites.some((s) => s !== 'unit')) {
  if (!(await canConnect(pgHost.hostname, Number(pgHost.port || 5432)))) {
    console.error(`PostgreSQL is not reachable at ${pgHost.host}; set TEST_DATABASE_URL.`);
  }
  if (!(await canConnect(redisHost.hostname, Number(redisHost.port || 6379)))) {
    console.error(`Redis is not reachable at ${redisHost.host}; set TEST_REDIS_URL.`);
  }
}

const out = mkdtempSync(path.join(tmpdir(), 'atende-vitest-'));

/**
 * One Vitest run of `projects` (tooling/vitest.config.ts), reported as `name`. Its output streams with
 * every line prefixed by `name` when another run goes on beside it (`labelled`).
 */
async function vitestSuite(name, projects, { labelled = false } = {}) {
  console.log(`\n› ${name} tests`);
  const started = Date.now();
  const file = path.join(out, `${name}.json`);
  const args = ['vitest', 'run', '--config', 'tooling/vitest.config.ts', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${file}`];
  try {
    await (labelled ? runLabelled('npx', args, name) : run('npx', args));
  } catch {
    /* counted from the report below */
  }
  if (existsSync(file)) {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    const failed = report.numFailedTests + (report.numFailedTestSuites && !report.numFailedTests ? report.numFailedTestSuites : 0);
    const failures = [];
    for (const tf of report.testResults ?? []) {
      const names = (tf.assertionResults ?? []).filter((t) => t.status === 'failed');
      for (const t of names) failures.push(`${path.relative(ROOT, tf.name)} › ${t.fullName}\n      ${String(t.failureMessages?.[0] ?? '').split('\n').slice(0, 4).join('\n      ')}`);
      if (!names.length && tf.status === 'failed') failures.push(`${path.relative(ROOT, tf.name)}\n      ${String(tf.message ?? '').split('\n').slice(0, 4).join('\n      ')}`);
    }
    results.push({ name, passed: report.numPassedTests, failed, failures, ms: Date.now() - started });
    // Passed on retry: the earlier attempt's error is kept in failureMessages. Listed, never hidden.
    for (const tf of report.testResults ?? []) {
      for (const t of tf.assertionResults ?? []) {
        if (t.status === 'passed' && t.failureMessages?.length) {
          console.log(`⚠ flaky (passed on retry): ${path.relative(ROOT, tf.name)} › ${t.fullName}\n  ${String(t.failureMessages[0]).split('\n').slice(0, 6).join('\n  ')}`);
        }
      }
    }
  } else {
    results.push({ name, passed: 0, failed: 1, ms: Date.now() - started });
  }
}

const wanted = (suite) => !only.length || only.includes(suite);
// The unit suite runs alone: it keeps both cores busy, and its duration is a goal of its own (≤ 120 s).
if (wanted('unit')) await vitestSuite('unit', ['unit', 'unit-dom']);

/**
 * Then two lanes side by side (issue 35 item 7): the integration suite in one; lint and the web type
 * check, the fault tests and the files that build remotes with Vite in the other. Integration and
 * fault files spend most of their time waiting on servers, timers and jobs: alone, the integration
 * suite kept 1.2 of the two cores busy (2026-11-28 21:00: 469 s of CPU in 388 s of wall). Every file
 * has its own database, server and Redis namespace, so files of different suites never meet.
 * The browser journeys run last and alone: beside the integration suite (load 5–8) three of them
 * missed a live update or a click on both tries in one run of two (README, Test durations).
 */
const runLabelledSuite = (name, projects) => () => vitestSuite(name, projects, { labelled: true });
const lanes = [
  [wanted('integration') && runLabelledSuite('integration', ['integration'])],
  [wanted('lint') && lintAndTypecheck, wanted('faults') && runLabelledSuite('faults', ['faults']), wanted('e2e') && runLabelledSuite('e2e builds', ['e2e-builds'])],
].map((lane) => lane.filter(Boolean));
await Promise.all(
  lanes.map(async (lane) => {
    for (const step of lane) await step();
  }),
);
if (wanted('e2e')) await vitestSuite('e2e', ['e2e']);
rmSync(out, { recursive: true, force: true });

console.log('');
// Each suite's duration, so a slow suite shows in every CI log (issue 35 item 7).
const secs = (ms) => `${(ms / 1000).toFixed(0)} s`;
console.log(`  build: ${secs(buildMs)}`);
// In a fixed order, whichever lane finished first.
const ORDER = ['lint', 'typecheck web', 'unit', 'integration', 'faults', 'e2e builds', 'e2e'];
results.sort((a, b) => ORDER.indexOf(a.name) - ORDER.indexOf(b.name));
for (const r of results) {
  console.log(`  ${r.failed ? '✖' : '✔'} ${r.name}: ${r.passed} passed, ${r.failed} failed (${secs(r.ms)})`);
  // The failures again at the very end: a CI log is often read from its tail only.
  for (const f of r.failures ?? []) console.log(`    ✖ ${f}`);
}
console.log(`  total: ${secs(Date.now() - runStarted)}`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
