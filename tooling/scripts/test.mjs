// npm test: install what is missing, build, lint, then unit, integration (real PostgreSQL and Redis,
// a fresh database per test file) and e2e (Debian Chromium) suites. Ends with "N passed, N failed".
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

/** Runs `tasks` (functions returning promises that record their own failure) at most `limit` at a time. */
async function pool(tasks, limit) {
  let next = 0;
  const lane = async () => {
    while (next < tasks.length) await tasks[next++]();
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, lane));
}

const CORES = Number(process.env.TEST_WORKERS) || availableParallelism();

if (!only.length || only.includes('lint')) {
  // ESLint and each tsc are single-threaded: run side by side, one per core.
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
for (const suite of suites) {
  console.log(`\n› ${suite} tests`);
  const started = Date.now();
  const file = path.join(out, `${suite}.json`);
  try {
    // The unit suite is two projects (tooling/vitest.config.ts): node files share a module cache, DOM files are isolated;
    // e2e is two: journeys two at a time, then the files that run Vite builds one at a time.
    const projects = { unit: ['unit', 'unit-dom'], e2e: ['e2e', 'e2e-builds'] }[suite] ?? [suite];
    await run('npx', ['vitest', 'run', '--config', 'tooling/vitest.config.ts', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${file}`]);
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
    results.push({ name: suite, passed: report.numPassedTests, failed, failures, ms: Date.now() - started });
    // Passed on retry: the earlier attempt's error is kept in failureMessages. Listed, never hidden.
    for (const tf of report.testResults ?? []) {
      for (const t of tf.assertionResults ?? []) {
        if (t.status === 'passed' && t.failureMessages?.length) {
          console.log(`⚠ flaky (passed on retry): ${path.relative(ROOT, tf.name)} › ${t.fullName}\n  ${String(t.failureMessages[0]).split('\n').slice(0, 6).join('\n  ')}`);
        }
      }
    }
  } else {
    results.push({ name: suite, passed: 0, failed: 1, ms: Date.now() - started });
  }
}
rmSync(out, { recursive: true, force: true });

console.log('');
// Each suite's duration, so a slow suite shows in every CI log (issue 35 item 7).
const secs = (ms) => `${(ms / 1000).toFixed(0)} s`;
console.log(`  build: ${secs(buildMs)}`);
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
