import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * Credentials at rest (a Dialogflow service account, a Shopify token): AES-256-GCM under a key derived
 * from the plugin's global secret (generated once by the kernel, the same in every process).
 * Stored as `v1:<iv>:<tag>:<data>` in base64.
 */
const keyOf = (secret: string) => createHash('sha256').update(`integrations.credentials:${secret}`).digest();

export function encrypt(secret: string, plain: string): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const data = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return ['v1', iv.toString('base64'), c.getAuthTag().toString('base64'), data.toString('base64')].join(':');
}

export function decrypt(secret: string, stored: string): string {
  const [v, iv, tag, data] = stored.split(':');
  if (v !== 'v1' || !iv || !tag || data === undefined) throw new Error('unreadable credential');
  const d = createDecipheriv('aes-256-gcm', keyOf(secret), Buffer.from(iv, 'base64'));
  d.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([d.update(Buffer.from(data, 'base64')), d.final()]).toString('utf8');
}

/** A company's webhook signing key when it set none: derived from the global secret, so it is stable and per company. */
export const companySigningKey = (secret: string, companyId: number) => createHmac('sha256', secret).update(`webhook:${companyId}`).digest('hex');

/** `sha256=<hex>` over `<timestamp>.<body>`: what a receiver recomputes with the company's key. */
export const signBody = (key: string, timestamp: string, body: string) => `sha256=${createHmac('sha256', key).update(`${timestamp}.${body}`).digest('hex')}`;
