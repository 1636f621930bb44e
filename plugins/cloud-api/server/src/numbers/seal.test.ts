import { describe, expect, it } from 'vitest';
import { keyFrom, seal, unseal } from './seal.js';

describe('seal', () => {
  const key = keyFrom('platform-secret');

  it('round-trips and never stores the plain text', () => {
    const sealed = seal(key, 'EAAG-token-123');
    expect(sealed).not.toContain('EAAG');
    expect(unseal(key, sealed)).toBe('EAAG-token-123');
    expect(seal(key, 'same')).not.toBe(seal(key, 'same')); // a fresh iv each time
  });

  it('refuses another key and a changed value', () => {
    const sealed = seal(key, 'secret');
    expect(() => unseal(keyFrom('other'), sealed)).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('xxxxxx').toString('base64url');
    expect(() => unseal(key, parts.join('.'))).toThrow();
  });
});
