import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import type { PluginDefinition } from '@atende/sdk-server';
import { checkPlanFeatures } from './plugin-loader.js';
import { PluginRegistry } from './plugin-registry.js';

class M {}
const def = (id: string, extra: Partial<PluginDefinition> = {}): PluginDefinition => ({ id, version: '1', module: M, ...extra });

describe('plan features declared by plugins (issue 29 item 3)', () => {
  it('accepts a spec flag, or a feature some loaded plugin declares (itself or another)', () => {
    expect(() => checkPlanFeatures([def('a', { planFlag: 'useKanban' })])).not.toThrow();
    expect(() => checkPlanFeatures([def('a', { planFlag: 'useThing', manifest: { planFeatures: { useThing: { es: 'Cosa' } } } })])).not.toThrow();
    expect(() => checkPlanFeatures([def('a', { manifest: { planFeatures: { useThing: { es: 'Cosa' } } } }), def('b', { planFlag: 'useThing' })])).not.toThrow();
  });
  it('refuses a plan flag nobody declares, and a feature declared twice', () => {
    expect(() => checkPlanFeatures([def('a', { planFlag: 'useThing' })])).toThrow('Plugin "a": plan flag "useThing" is neither one of the kernel\'s');
    expect(() => checkPlanFeatures([def('a', { manifest: { planFeatures: { useThing: { es: 'A' } } } }), def('b', { manifest: { planFeatures: { useThing: { es: 'B' } } } })])).toThrow(
      'Plan feature "useThing" is declared by both "a" and "b".',
    );
  });
  it('the registry lists the declared features with their plugin and label, and merges CSP sources', () => {
    const registry = new PluginRegistry([
      { definition: def('a', { manifest: { planFeatures: { useThing: { es: 'Cosa', en: 'Thing' } }, csp: { 'img-src': ['https://a.example'] } } }), webDir: null },
      { definition: def('b', { manifest: { csp: { 'img-src': ['https://a.example', 'https://b.example'], 'frame-src': ['https://p.example'] } } }), webDir: null },
    ]);
    expect(registry.planFeatures).toEqual([{ key: 'useThing', plugin: 'a', label: { es: 'Cosa', en: 'Thing' } }]);
    expect(registry.cspSources).toEqual({ 'img-src': ['https://a.example', 'https://b.example'], 'frame-src': ['https://p.example'] });
  });
});
