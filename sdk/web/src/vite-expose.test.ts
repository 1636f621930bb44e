import { describe, expect, it } from 'vitest';
import { exposeFiles } from './vite.js';

describe("a remote's preload list (atende-remote.json `preload`)", () => {
  it('is the entry, the exposed chunk and their static imports, once each; lazy chunks of the plugin are left to load when used', () => {
    const chunk = (fileName: string, imports: string[] = [], dynamicImports: string[] = []) => ({ type: 'chunk' as const, fileName, imports, dynamicImports });
    const bundle = {
      'remoteEntry.js': chunk('remoteEntry.js', ['assets/runtime.js'], ['assets/plugin.js']),
      'assets/runtime.js': chunk('assets/runtime.js'),
      'assets/plugin.js': chunk('assets/plugin.js', ['assets/runtime.js', 'assets/shared.js'], ['assets/Page.js']),
      'assets/shared.js': chunk('assets/shared.js'),
      'assets/Page.js': chunk('assets/Page.js', ['assets/shared.js']),
      'assets/style.css': { type: 'asset' as const, fileName: 'assets/style.css' },
    };
    expect(exposeFiles(bundle)).toEqual(['remoteEntry.js', 'assets/runtime.js', 'assets/plugin.js', 'assets/shared.js']);
    expect(exposeFiles({})).toEqual([]);
  });
});
