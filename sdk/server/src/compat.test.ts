import { describe, expect, it } from 'vitest';
import { definePlugin } from './plugin.js';
import { kernelMismatch } from './compat.js';

class M {}

describe('plugin compatibility (requires.kernel)', () => {
  it('accepts a semver range and refuses anything else when the plugin is defined', () => {
    expect(() => definePlugin({ id: 'x', version: '1.0.0', module: M, requires: { kernel: '^1.0.0' } })).not.toThrow();
    expect(() => definePlugin({ id: 'x', version: '1.0.0', module: M, requires: { kernel: '>=1.2 <3' } })).not.toThrow();
    expect(() => definePlugin({ id: 'x', version: '1.0.0', module: M, requires: { kernel: 'latest' } })).toThrow(/requires.kernel "latest" is not a semver range/);
  });

  it('says why a kernel outside the range must refuse the plugin, and nothing when inside', () => {
    expect(kernelMismatch({ kernel: '^1.0.0' }, '1.4.2')).toBeNull();
    expect(kernelMismatch({ kernel: '^1.0.0' }, '1.5.0-rc.1')).toBeNull();
    expect(kernelMismatch({ kernel: '^2.0.0' }, '1.4.2')).toBe('requires kernel ^2.0.0, this kernel is 1.4.2');
    expect(kernelMismatch({ kernel: '~1.3.0' }, '1.4.0')).toBe('requires kernel ~1.3.0, this kernel is 1.4.0');
  });

  it('leaves a plugin that declares no range to any kernel', () => {
    expect(kernelMismatch(undefined, '7.0.0')).toBeNull();
    expect(kernelMismatch({}, '7.0.0')).toBeNull();
  });
});
