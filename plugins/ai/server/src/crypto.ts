import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * API keys at rest: AES-256-GCM under a key derived from the operator's `ATENDE_AI_SECRET` (kept out of the
 * database, so a dump of it alone reveals no key), else from the plugin's platform secret. Format:
 * `v1:<iv>:<tag>:<ciphertext>` (base64url).
 */
export function seal(plain: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join(':');
}

/** The plain text of `sealed`; throws when it was sealed under another secret or altered. */
export function unseal(sealed: string, secret: string): string {
  const [version, iv, tag, data] = sealed.split(':');
  if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('Not a sealed value.');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

const keyOf = (secret: string) => createHash('sha256').update(`atende-ai:${secret}`).digest();
