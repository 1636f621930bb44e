import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { companySigningKey, decrypt, encrypt, signBody } from './crypto.js';

describe('credentials at rest', () => {
  it('round-trips, and the stored text holds nothing of the plain text', () => {
    const stored = encrypt('k1', '{"private_key":"secret-value"}');
    expect(stored).not.toContain('secret-value');
    expect(decrypt('k1', stored)).toBe('{"private_key":"secret-value"}');
  });
  it('refuses another key and a tampered text', () => {
    const stored = encrypt('k1', 'x');
    expect(() => decrypt('k2', stored)).toThrow();
    const parts = stored.split(':');
    parts[3] = Buffer.from('y').toString('base64');
    expect(() => decrypt('k1', parts.join(':'))).toThrow();
  });
});

describe('webhook signatures', () => {
  it('differ per company and match a receiver computing HMAC-SHA256 over timestamp.body', () => {
    expect(companySigningKey('g', 1)).not.toBe(companySigningKey('g', 2));
    const key = companySigningKey('g', 1);
    const expected = createHmac('sha256', key).update('123.{"a":1}').digest('hex');
    expect(signBody(key, '123', '{"a":1}')).toBe(`sha256=${expected}`);
  });
});
