// npm test: install what is missing, build, lint, then unit, integration (real PostgreSQL and Redis,
// a fresh database per test file) and e2e (Debian Chromium) suites. Ends with "N passed, N failed".
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
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

if (!only.length || only.includes('lint')) {
  console.log('\n› Lint (ESLint with Nx module boundaries)');
  await check('lint', () => run('npx', ['eslint', '--config', 'tooling/eslint.config.mjs', '--max-warnings', '0', 'core', 'sdk', 'shell', 'plugins', 'tooling']));
  // Vite strips types without checking them, so the web projects are type-checked here.
  await check('typecheck web', async () => {
    await run('npx', ['tsc', '-p', 'shell/tsconfig.json']);
    for (const id of readdirSync(path.join(ROOT, 'plugins'))) {
      const ts = path.join('plugins', id, 'web', 'tsconfig.json');
      if (existsSync(path.join(ROOT, ts))) await run('npx', ['tsc', '-p', ts]);
    }
  });
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
    await run('npx', ['vitest', 'run', '--config', 'tooling/vitest.config.ts', '--project', suite, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`]);
  } catch {
    /* counted from the report below */
  }
  if (existsSync(file)) {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    const failed = report.numFailedTests + (report.numFailedTestSuites && !report.numFailedTests ? report.numFailedTestSuites : 0);
    results.push({ name: suite, passed: report.numPassedTests, failed, ms: Date.now() - started });
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
for (const r of results) console.log(`  ${r.failed ? '✖' : '✔'} ${r.name}: ${r.passed} passed, ${r.failed} failed (${secs(r.ms)})`);
console.log(`  total: ${secs(Date.now() - runStarted)}`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
