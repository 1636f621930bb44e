import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { VERSIONS, scaffold } from 'create-atende-plugin';
import { ROOT } from '../../lib/workspace.mjs';

const dir = mkdtempSync(path.join(tmpdir(), 'create-atende-plugin-'));
const files = (root: string): string[] =>
  readdirSync(root).flatMap((e) => (statSync(path.join(root, e)).isDirectory() ? files(path.join(root, e)).map((f) => `${e}/${f}`) : [e]));

describe('create-atende-plugin (issue 29 item 1)', () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes a standalone project anywhere, every placeholder filled', () => {
    const out = scaffold('acme-notes', { dir });
    expect(out).toBe(path.join(dir, 'acme-notes'));
    const list = files(out).sort();
    expect(list).toEqual(
      expect.arrayContaining(['.gitignore', 'README.md', 'package.json', 'tsconfig.json', 'vitest.config.ts', 'src/contract/index.ts', 'src/contract/schemas.ts', 'src/server/index.ts', 'src/server/acme-notes.controller.ts', 'src/server/migrations/init.ts', 'web/vite.config.ts', 'web/src/plugin.tsx', 'web/src/AcmeNotesPage.tsx', 'test/acme-notes.test.ts']),
    );
    for (const f of list) expect(readFileSync(path.join(out, f), 'utf8'), f).not.toMatch(/__[A-Z:@]/);
    const pkg = JSON.parse(readFileSync(path.join(out, 'package.json'), 'utf8'));
    expect(pkg.name).toBe('atende-plugin-acme-notes');
    expect(pkg.devDependencies['@atende/server']).toBe('^1.0.0');
    expect(pkg.peerDependencies['@nestjs/common']).toBe(`^${VERSIONS['@nestjs/common']}`);
    expect(readFileSync(path.join(out, 'src/server/index.ts'), 'utf8')).toContain("requires: { kernel: '^1.0.0' }");
    // Nothing points back into this repository.
    for (const f of list) expect(readFileSync(path.join(out, f), 'utf8'), f).not.toContain(ROOT);
  });

  it('takes a package name, and refuses bad or reserved ids and a folder that is not empty', () => {
    const out = scaffold('acme-two', { dir, packageName: '@acme/atende-two' });
    expect(JSON.parse(readFileSync(path.join(out, 'package.json'), 'utf8')).name).toBe('@acme/atende-two');
    expect(() => scaffold('Acme_Notes', { dir })).toThrow(/kebab-case/);
    expect(() => scaffold('settings', { dir })).toThrow(/reserved/);
    mkdirSync(path.join(dir, 'taken'));
    writeFileSync(path.join(dir, 'taken', 'x'), '');
    expect(() => scaffold('taken', { dir })).toThrow(/not empty/);
  });

  it('pins the very versions the kernel and the shell run (a plugin must share their singletons)', () => {
    // The workspace's installed copies (hoisted to the root, read directly: not every package exports its package.json).
    const installed = (name: string): string => JSON.parse(readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8')).version;
    for (const [name, version] of Object.entries(VERSIONS as Record<string, string>)) {
      expect(version, name).toBe(name.startsWith('@atende/') ? `^${installed(name)}` : installed(name));
    }
  });
});
