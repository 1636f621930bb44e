import { describe, expect, it } from 'vitest';
import { createExtensionPoint } from './extension-point.js';

describe('createExtensionPoint', () => {
  it('gives the owner and contributors the same point, whatever asks first', () => {
    const byContributor = createExtensionPoint<(n: number) => number>('flows.nodes');
    const off = byContributor.register('double', (n) => n * 2);
    const byOwner = createExtensionPoint<(n: number) => number>('flows.nodes');
    expect(byOwner.get('double')?.(4)).toBe(8);
    expect(byOwner.all().map((c) => c.key)).toEqual(['double']);
    off();
    expect(byOwner.all()).toEqual([]);
  });

  it('refuses a second contribution under one key, and ids that do not name their plugin', () => {
    const point = createExtensionPoint<string>('kanban.columns');
    point.register('todo', 'To do');
    expect(() => point.register('todo', 'Again')).toThrow(/already has/);
    expect(() => createExtensionPoint('nodes')).toThrow(/<plugin id>\.<name>/);
  });
});
