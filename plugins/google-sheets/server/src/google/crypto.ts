import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Tokens at rest and the OAuth `state`, both keyed by the plugin's generated platform secret
 * (`google-sheets.key`, Settings.globalSecret): one derived key encrypts (AES-256-GCM), another signs.
 */
const derive = (secret: string, purpose: string) => createHash('sha256').update(`${purpose}:${secret}`).digest();

export function encrypt(secret: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', derive(secret, 'tokens'), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join(':');
}

/** Throws when the text was not made by `encrypt` with this secret (tampered, or the key changed). */
export function decrypt(secret: string, sealed: string): string {
  const [v, iv, tag, data] = sealed.split(':');
  if (v !== 'v1' || !iv || !tag || data === undefined) throw new Error('not an encrypted token');
  const decipher = createDecipheriv('aes-256-gcm', derive(secret, 'tokens'), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

/** What the `state` binds: the company and user who started, the integration, where Google sends back. */
export interface OAuthState {
  companyId: number;
  userId: number;
  integrationId: number | null;
  integrationName: string | null;
  redirectUri: string;
  expiresAt: number;
}

export const STATE_TTL_MS = 10 * 60_000;

export function signState(secret: string, state: Omit<OAuthState, 'expiresAt'>, now = Date.now()): string {
  const body = Buffer.from(JSON.stringify({ ...state, expiresAt: now + STATE_TTL_MS, nonce: randomBytes(8).toString('hex') })).toString('base64url');
  const mac = createHmac('sha256', derive(secret, 'state')).update(body).digest('base64url');
  return `${body}.${mac}`;
}

/** The state's content, or null when its signature is wrong or it expired. */
export function verifyState(secret: string, token: string, now = Date.now()): OAuthState | null {
  const [body, mac] = token.split('.');
  if (!body || !mac) return null;
  const want = createHmac('sha256', derive(secret, 'state')).update(body).digest();
  const got = Buffer.from(mac, 'base64url');
  if (got.length !== want.length || !timingSafeEqual(got, want)) return null;
  try {
    const s = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as OAuthState;
    return typeof s.expiresAt === 'number' && s.expiresAt > now ? s : null;
  } catch {
    return null;
  }
}
