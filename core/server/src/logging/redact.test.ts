import { describe, expect, it } from 'vitest';
import { REDACTED, redact, redactText } from './redact.js';

describe('log redaction', () => {
  it('replaces secret fields at any depth', () => {
    const out = redact({
      email: 'ana@example.com',
      password: 'hunter22',
      nested: { refreshToken: 'abc', headers: { authorization: 'Bearer x', cookie: 'rt=1' }, apiKey: 'k', JWT_SECRET: 's' },
      list: [{ creds: { noiseKey: 1 } }],
    });
    expect(out).toEqual({
      email: 'ana@example.com',
      password: REDACTED,
      nested: { refreshToken: REDACTED, headers: { authorization: REDACTED, cookie: REDACTED }, apiKey: REDACTED, JWT_SECRET: REDACTED },
      list: [{ creds: REDACTED }],
    });
  });

  it('replaces QR and pairing codes, and prints bytes as their size only', () => {
    expect(redact({ qr: '2@abc', qrcode: 'x', pairingCode: 'ABCD-1234', status: 'qrcode' })).toEqual({ qr: REDACTED, qrcode: REDACTED, pairingCode: REDACTED, status: 'qrcode' });
    expect(redact({ key: new Uint8Array([1, 2, 3]), buf: Buffer.from('secret'), ab: new ArrayBuffer(4) })).toEqual({ key: '[3 bytes]', buf: '[6 bytes]', ab: '[4 bytes]' });
  });

  it('replaces what customers and agents wrote, keeps ids', () => {
    expect(redact({ messageId: 7, body: 'my card is 4111…', message: { caption: 'photo of my id', text: 'hi' } })).toEqual({
      messageId: 7,
      body: REDACTED,
      message: { caption: REDACTED, text: REDACTED },
    });
  });

  it('scrubs secrets inside free text', () => {
    expect(redactText('call with Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOjF9.sig done')).toBe(`call with Bearer ${REDACTED} done`);
    expect(redactText('token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOjF9.c2ln leaked')).toBe(`token ${REDACTED} leaked`);
    expect(redactText('connect postgres://atende:s3cret@db:5432/atende failed')).toBe(`connect postgres://atende:${REDACTED}@db:5432/atende failed`);
    expect(redactText('password=hunter22&x=1')).toBe(`password=${REDACTED}&x=1`);
    expect(redactText('"apiKey": "k-123"')).toBe(`"apiKey": "${REDACTED}"`);
  });

  it('leaves ordinary text alone and survives cycles', () => {
    expect(redactText('Ticket 12 moved to queue 3')).toBe('Ticket 12 moved to queue 3');
    const a: Record<string, unknown> = { id: 1 };
    a.self = a;
    expect(redact(a)).toEqual({ id: 1, self: '[…]' });
  });

  it('errors keep their stack, scrubbed', () => {
    const out = redact({ err: new Error('login failed for password=abc') }) as { err: { message: string; stack: string } };
    expect(out.err.message).toBe(`login failed for password=${REDACTED}`);
    expect(out.err.stack).toContain('redact.test');
  });
});
