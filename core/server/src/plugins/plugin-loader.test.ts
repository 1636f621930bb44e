import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadPlugins, readPluginList } from './plugin-loader.js';
import { KERNEL_VERSION } from './kernel-version.js';

// Plugin entries as files: the loader imports them the way it imports an installed plugin by path.
const dir = mkdtempSync(path.join(tmpdir(), 'atende-loader-'));
function plugin(id: string, extra: Record<string, unknown> = {}): string {
  const file = path.join(dir, `${id}.mjs`);
  writeFileSync(file, `export default ${JSON.stringify({ id, version: '1.2.3', ...extra }).replace(/}$/, ', module: class {} }')};\n`);
  return file;
}

describe('plugin loader: kernel compatibility', () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('knows its own version from @atende/server package.json', async () => {
    const { createRequire } = await import('node:module');
    expect(KERNEL_VERSION).toBe((createRequire(import.meta.url)('../../package.json') as { version: string }).version);
  });

  it('refuses a plugin out of range with one line, and its dependents, and loads the rest', async () => {
    const lines: string[] = [];
    const loaded = await loadPlugins(
      [plugin('ok', { requires: { kernel: '^1.0.0' } }), plugin('future', { requires: { kernel: '^2.0.0' } }), plugin('needs-future', { dependsOn: ['future'] }), plugin('any')],
      { kernelVersion: '1.4.0', refuse: (l) => lines.push(l) },
    );
    expect(loaded.map((p) => p.definition.id)).toEqual(['ok', 'any']);
    expect(lines).toEqual([
      'Plugin "future" 1.2.3 not loaded: it requires kernel ^2.0.0, this kernel is 1.4.0.',
      'Plugin "needs-future" 1.2.3 not loaded: it depends on "future", which was not loaded.',
    ]);
  });

  it('still stops the boot for a dependency that is not installed at all', async () => {
    await expect(loadPlugins([plugin('lonely', { dependsOn: ['nowhere'] })], { kernelVersion: '1.0.0', refuse: () => {} })).rejects.toThrow(
      /depends on "nowhere", which is not installed/,
    );
  });
});

describe('plugin list', () => {
  it('is installed.json plus ATENDE_PLUGINS, without the ATENDE_PLUGINS_DISABLED ones', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'atende-list-'));
    const file = path.join(dir, 'installed.json');
    writeFileSync(file, JSON.stringify(['@x/a', '@x/b', '@x/c']));
    try {
      expect(readPluginList('/abs/fixture.mjs, @x/a', file)).toEqual(['@x/a', '@x/b', '@x/c', '/abs/fixture.mjs']);
      expect(readPluginList('/abs/fixture.mjs', file, ' @x/b ,@x/none')).toEqual(['@x/a', '@x/c', '/abs/fixture.mjs']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
