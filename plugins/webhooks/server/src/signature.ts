import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new signing secret: 32 random bytes, hex. */
export const newSecret = (): string => randomBytes(32).toString('hex');

/**
 * The signature of one delivery: `sha256=` + hex HMAC-SHA256 with the subscription's secret over
 * `${timestamp}.${body}` (the timestamp in Unix seconds, the body exactly as sent). Signing the
 * timestamp lets a receiver refuse old replays; signing the raw body, any change on the way.
 */
export function sign(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** How a receiver checks it (also documented in the README), in constant time. */
export function verify(secret: string, timestamp: number, body: string, signature: string): boolean {
  const expected = Buffer.from(sign(secret, timestamp, body));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
