import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Meta signs each webhook: `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body, keyed by the
 * app secret>`. Checked over the exact bytes received (re-serialised JSON would differ) and compared in
 * constant time; anything missing or malformed is refused.
 */
export function validSignature(rawBody: Buffer | undefined, header: string | undefined, appSecret: string): boolean {
  if (!rawBody || !header || !appSecret) return false;
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header.trim());
  if (!match) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  const given = Buffer.from(match[1], 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The header value for a body (the fake Graph API signs its webhooks with it). */
export const signatureOf = (rawBody: Buffer | string, appSecret: string): string => `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
