import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newSecret, sign, verify } from './signature.js';

describe('webhook signatures', () => {
  it('is HMAC-SHA256 over "timestamp.body", prefixed sha256=', () => {
    const expected = createHmac('sha256', 'k').update('1700000000.{"a":1}').digest('hex');
    expect(sign('k', 1700000000, '{"a":1}')).toBe(`sha256=${expected}`);
  });
  it('verifies only the same secret, timestamp and body', () => {
    const s = newSecret();
    expect(s).toMatch(/^[0-9a-f]{64}$/);
    const sig = sign(s, 10, 'body');
    expect(verify(s, 10, 'body', sig)).toBe(true);
    expect(verify(s, 11, 'body', sig)).toBe(false);
    expect(verify(s, 10, 'body ', sig)).toBe(false);
    expect(verify(newSecret(), 10, 'body', sig)).toBe(false);
    expect(verify(s, 10, 'body', 'sha256=00')).toBe(false);
  });
});
