import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { SHARE_SCOPE_GLOBAL } from './federation.js';
import { remoteBuild, sharedImportsStatement } from './remote-build.js';

const dir = mkdtempSync(path.join(tmpdir(), 'atende-remote-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A remote's sources: shared imports of every form (named, default, namespace, side effect, dynamic), its own module and a lazy chunk. */
function fixture() {
  mkdirSync(path.join(dir, 'src'), { recursive: true });
  writeFileSync(
    path.join(dir, 'src/plugin.tsx'),
    [
      "import React, { useState as state } from 'react';",
      "import * as sdk from '@atende/sdk-web';",
      "import { Button } from 'antd';",
      "import 'effector';",
      "import { own } from './own.js';",
      "import legacy from './legacy.cjs';",
      'export default {',
      "  id: 'demo',",
      '  parts: () => ({ React, state, sdk, Button, own, legacy }),',
      "  page: () => import('./Page.js'),",
      "  later: () => import('react-dom'),",
      '};',
    ].join('\n'),
  );
  writeFileSync(path.join(dir, 'src/own.ts'), "export const own = 'bundled';\n");
  // A CommonJS dependency requiring a shared module, as use-sync-external-store requires 'react'.
  writeFileSync(path.join(dir, 'src/legacy.cjs'), "module.exports = require('react').useState;\n");
  writeFileSync(path.join(dir, 'src/Page.ts'), "import { jsx } from 'react/jsx-runtime';\nexport default () => jsx('p', {});\n");
}

describe('a plugin remote built by remoteBuild (issue 13 item 5)', () => {
  it('is one ES module with a default export whose shared imports, static and dynamic, come from the shell’s share scope', async () => {
    fixture();
    const config = remoteBuild('demo');
    await build({ ...config, root: dir, configFile: false, logLevel: 'silent', build: { ...config.build, outDir: path.join(dir, 'dist') } });
    const files = [path.join(dir, 'dist/remoteEntry.js'), ...readdirSync(path.join(dir, 'dist/assets')).map((f) => path.join(dir, 'dist/assets', f))];
    const code = files.map((f) => readFileSync(f, 'utf8')).join('\n');
    // Nothing shared is bundled nor imported by name: every shared key goes through the scope.
    expect(code).not.toMatch(/from\s*["'`](react|@atende\/sdk-web|antd|effector|react-dom)/);
    expect(code).not.toMatch(/import\(["'`](react|react-dom)/);
    expect(code).not.toMatch(/require\(["'`]react/);
    expect(code).toContain("'bundled'".replace(/'/g, '`'));
    expect(code).toContain('/plugins/demo/');

    // Evaluate it as the browser would, with a share scope that names what it hands out.
    const asked: string[] = [];
    (globalThis as unknown as Record<string, unknown>)[SHARE_SCOPE_GLOBAL] = async (key: string) => {
      asked.push(key);
      if (key === 'antd/es/button/index.js') return { default: 'the shell’s Button' };
      if (key === 'react') return { default: 'the shell’s React', useState: 'the shell’s useState' };
      if (key === 'react/jsx-runtime') return { jsx: (tag: string) => `<${tag}> by the shell` };
      return { key };
    };
    try {
      const remote = (await import(pathToFileURL(path.join(dir, 'dist/remoteEntry.js')).href)) as { default: { id: string; parts: () => Record<string, unknown>; page: () => Promise<{ default: () => string }>; later: () => Promise<unknown> } };
      expect(remote.default.id).toBe('demo');
      const parts = remote.default.parts();
      expect(parts.React).toBe('the shell’s React');
      expect(parts.state).toBe('the shell’s useState');
      expect(parts.Button).toBe('the shell’s Button');
      expect(parts.sdk).toEqual({ key: '@atende/sdk-web' });
      expect(parts.own).toBe('bundled');
      expect(parts.legacy).toBe('the shell’s useState');
      expect(asked).toContain('effector');
      expect(asked).not.toContain('react/jsx-runtime');
      // The lazy chunk asks for its own shared modules when it loads.
      expect((await remote.default.page()).default()).toBe('<p> by the shell');
      expect(await remote.default.later()).toEqual({ key: 'react-dom' });
    } finally {
      delete (globalThis as unknown as Record<string, unknown>)[SHARE_SCOPE_GLOBAL];
    }
  });

  it("a chunk's shared imports are awaited together, each declaration's names kept", () => {
    const statement = sharedImportsStatement([
      { key: 'react', specifiers: [{ type: 'ImportDefaultSpecifier', start: 0, end: 0, local: { name: 'R' } }, { type: 'ImportSpecifier', start: 0, end: 0, local: { name: 'u' }, imported: { type: 'Identifier', start: 0, end: 0, name: 'useState' } }] },
      { key: 'antd/es/button/index.js', specifiers: [{ type: 'ImportNamespaceSpecifier', start: 0, end: 0, local: { name: 'B' } }] },
      { key: 'effector', specifiers: [] },
    ]);
    expect(statement).toBe(
      'const [__shared0, __shared1, __shared2] = await Promise.all(["react","antd/es/button/index.js","effector"].map((key) => globalThis["__atendeShared"](key))); ' +
        'const { default: R, useState: u } = __shared0; const B = __shared1;',
    );
  });
});
