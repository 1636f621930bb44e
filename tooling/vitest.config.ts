import { defineConfig } from 'vitest/config';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

// Three levels, run one after the other by tooling/scripts/test.mjs.
export default defineConfig({
  test: {
    root,
    projects: [
      {
        test: {
          name: 'unit',
          root,
          include: ['core/*/src/**/*.test.ts', 'sdk/*/src/**/*.test.{ts,tsx}', 'plugins/*/*/src/**/*.test.{ts,tsx}', 'tooling/test/unit/**/*.test.ts', 'shell/src/**/*.test.{ts,tsx}'],
          // Shell component tests say `// @vitest-environment happy-dom` on their first line.
          environment: 'node',
          // antd dialogs in happy-dom take seconds on 2 busy cores: a generous limit, never a timing assertion.
          testTimeout: 30_000,
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
          fileParallelism: false,
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
          fileParallelism: false,
          // No retry: a fault test's second attempt meets the first one's data (its companies and plans
          // exist already), so it could only fail again and hide the first error.
          retry: 0,
        },
      },
      {
        test: {
          name: 'e2e',
          root,
          include: ['tooling/test/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          retry: 1, // as for integration above
        },
      },
    ],
  },
});
