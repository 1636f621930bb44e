import { describe, expect, it } from 'vitest';
import { signatureOf, validSignature } from './signature.js';

describe('validSignature', () => {
  const body = Buffer.from('{"object":"whatsapp_business_account","entry":[]}');

  it('accepts the HMAC-SHA256 of the raw body under the app secret', () => {
    expect(validSignature(body, signatureOf(body, 'app-secret'), 'app-secret')).toBe(true);
  });

  it('refuses another secret, a changed body, a missing or malformed header', () => {
    expect(validSignature(body, signatureOf(body, 'other'), 'app-secret')).toBe(false);
    expect(validSignature(Buffer.from(`${body.toString()} `), signatureOf(body, 'app-secret'), 'app-secret')).toBe(false);
    expect(validSignature(body, undefined, 'app-secret')).toBe(false);
    expect(validSignature(body, 'sha1=abc', 'app-secret')).toBe(false);
    expect(validSignature(undefined, signatureOf(body, 'app-secret'), 'app-secret')).toBe(false);
  });
});
