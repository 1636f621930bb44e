import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { domTestFiles } from '../dom-files.js';

/**
 * The unit suite is two Vitest projects (tooling/vitest.config.ts): node files share a worker's module
 * cache, DOM files stay isolated. A file's pragma alone must pick its project, or a DOM test would run
 * without a DOM (or a node test lose its speed).
 */
describe('domTestFiles', () => {
  it('picks the files whose first line asks for happy-dom, among the include patterns only', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'dom-files-'));
    try {
      const put = (rel: string, text: string) => {
        mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
        writeFileSync(path.join(root, rel), text);
      };
      const dom = '// @vitest-environment happy-dom\nimport x from "y";\n';
      put('shell/src/pages/A.test.tsx', dom);
      put('shell/src/model/b.test.ts', dom);
      put('shell/src/model/c.test.ts', 'import x from "y";\n// @vitest-environment happy-dom\n'); // not the first line
      put('shell/src/node.test.ts', 'import x from "y";\n');
      put('plugins/todo/web/src/useTodos.test.tsx', dom);
      put('shell/src/node_modules/dep/x.test.ts', dom); // a dependency's tests
      put('shell/src/dist/x.test.ts', dom); // build output
      put('tooling/test/e2e/journey.test.ts', dom); // not a unit pattern
      const include = ['shell/src/**/*.test.{ts,tsx}', 'plugins/*/*/src/**/*.test.{ts,tsx}', 'tooling/test/unit/**/*.test.ts'];
      expect(domTestFiles(root, include)).toEqual(['plugins/todo/web/src/useTodos.test.tsx', 'shell/src/model/b.test.ts', 'shell/src/pages/A.test.tsx']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('finds this repository’s component tests, and none of its node tests', () => {
    const root = path.resolve(import.meta.dirname, '../../..');
    const found = domTestFiles(root, ['shell/src/**/*.test.{ts,tsx}', 'sdk/*/src/**/*.test.{ts,tsx}']);
    expect(found).toContain('shell/src/model/theme.model.test.ts');
    expect(found).toContain('sdk/web/src/kit/usePagedList.test.ts');
    expect(found).not.toContain('sdk/web/src/api.test.ts');
  });
});
