import { describe, expect, it } from 'vitest';
import { seal, unseal } from './crypto.js';

describe('sealed API keys', () => {
  it('round-trips, never stores the plain text, and differs each time', () => {
    const a = seal('sk-secret-123', 'k1');
    const b = seal('sk-secret-123', 'k1');
    expect(a).not.toContain('sk-secret');
    expect(a).not.toBe(b);
    expect(unseal(a, 'k1')).toBe('sk-secret-123');
  });
  it('refuses another secret and an altered value', () => {
    const a = seal('sk-secret-123', 'k1');
    expect(() => unseal(a, 'k2')).toThrow();
    const parts = a.split(':');
    parts[3] = Buffer.from('other').toString('base64url');
    expect(() => unseal(parts.join(':'), 'k1')).toThrow();
  });
});
