import { defineConfig } from 'vitest/config';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { domTestFiles } from './test/dom-files.js';

const root = path.resolve(import.meta.dirname, '..');

const UNIT = ['core/*/src/**/*.test.ts', 'sdk/*/src/**/*.test.{ts,tsx}', 'plugins/*/*/src/**/*.test.{ts,tsx}', 'tooling/test/unit/**/*.test.ts', 'shell/src/**/*.test.{ts,tsx}', 'shell/vite/**/*.test.ts'];
/** Unit files that run in happy-dom (they say `// @vitest-environment happy-dom` on their first line). */
const DOM = domTestFiles(root, UNIT);
/**
 * Vitest's default is one worker less than the cores: a single worker on this 2-core machine, which
 * left a core idle. Every core instead (`TEST_WORKERS` overrides).
 */
const WORKERS = Number(process.env.TEST_WORKERS) || availableParallelism();
/** Browser files that run a Vite (module federation) build of their own. */
const E2E_BUILDS = ['dev-mode', 'generator', 'sdk-packages', 'version-skew', 'zones'].map((f) => `tooling/test/e2e/${f}.test.ts`);

// Three levels (and the fault tests), run one after the other by tooling/scripts/test.mjs.
export default defineConfig({
  test: {
    root,
    projects: [
      {
        test: {
          name: 'unit',
          root,
          include: UNIT,
          exclude: ['**/node_modules/**', ...DOM],
          environment: 'node',
          // Node unit tests share their worker's module cache (no fresh module graph per file): Nest,
          // MikroORM or Baileys are imported once per worker instead of once per file.
          isolate: false,
          maxWorkers: WORKERS,
          sequence: { groupOrder: 0 },
          testTimeout: 30_000,
        },
      },
      {
        test: {
          // Component and hook tests: isolated, each file a fresh module graph and DOM (they mock
          // @atende/sdk-web per file, which a shared module cache would carry into the next file).
          // `npm test -- unit` runs both unit projects in one Vitest run.
          name: 'unit-dom',
          root,
          include: DOM,
          environment: 'happy-dom',
          maxWorkers: WORKERS,
          sequence: { groupOrder: 0 },
          // antd dialogs in happy-dom take seconds on 2 busy cores: a generous limit, never a timing assertion.
          testTimeout: 30_000,
          // setUpShell (i18n, antd) in a beforeAll passed 10 s with two workers at load ~35.
          hookTimeout: 30_000,
          // As for integration below: one retry for a scheduling hiccup, listed by test.mjs with its first error.
          retry: 1,
        },
      },
      {
        test: {
          name: 'integration',
          root,
          // Plugin tests live inside their plugin (and the examples' inside theirs), through the HTTP API too.
          include: ['tooling/test/integration/**/*.test.ts', 'plugins/*/server/test/**/*.test.ts', 'tooling/examples/*/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 90_000,
          // Files can run in parallel: each has its own database (createDatabase) and its own server on a
          // free port, and the kernel namespaces every Redis key by its database's name (jobs/namespace.ts).
          // Two at a time (INTEGRATION_WORKERS overrides): the files wait on timers and jobs more than they
          // compute (two files kept 1.1 cores busy), README "Test durations".
          maxWorkers: Number(process.env.INTEGRATION_WORKERS) || 2,
          sequence: { groupOrder: 1 },
          // One retry absorbs a rare scheduling hiccup on 2 shared cores; a test that passes only on
          // its retry is listed by tooling/scripts/test.mjs with its first error, so flakes stay visible.
          retry: 1,
        },
      },
      {
        test: {
          name: 'faults',
          root,
          include: ['tooling/test/faults/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // One file at a time: fault tests stop and start Redis and PostgreSQL-facing processes.
          fileParallelism: false,
          sequence: { groupOrder: 2 },
          // No retry: a fault test's second attempt meets the first one's data (its companies and plans
          // exist already), so it could only fail again and hide the first error.
          retry: 0,
        },
      },
      {
        test: {
          // Browser journeys: each file has its own database, server and Chromium, so files can run two at
          // once (E2E_WORKERS=2: 566–625 s instead of ~800 s), but at load 5–10 four different journeys
          // missed their 15–20 s waits in two runs of 91 tests (README "Test durations"): one at a time by
          // default until those waits are made robust. The files that run Vite builds of a remote are apart, below.
          name: 'e2e',
          root,
          include: ['tooling/test/e2e/**/*.test.ts'],
          exclude: E2E_BUILDS,
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 120_000,
          maxWorkers: Number(process.env.E2E_WORKERS) || 1,
          sequence: { groupOrder: 3 },
          retry: 1, // as for integration above
        },
      },
      {
        test: {
          // Files that build a plugin's remote with Vite and module federation: one at a time, since
          // two federation builds at once raced over shared temporary files (the reason nx.json's
          // Vite builds run alone too).
          name: 'e2e-builds',
          root,
          include: E2E_BUILDS,
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          sequence: { groupOrder: 4 },
          retry: 1,
        },
      },
    ],
  },
});
