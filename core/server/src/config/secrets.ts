import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';

export interface Secrets {
  jwtSecret: string;
  jwtRefreshSecret: string;
  /** AES-256 key (base64, 32 bytes) for channel credentials at rest. */
  channelKey: string;
}

/**
 * JWT secrets are never defaults: taken from env, else generated once and kept in DATA_DIR/secrets.json
 * (mode 0600) so tokens survive restarts.
 */
export function loadSecrets(dataDir: string, fromEnv: Partial<Secrets>): Secrets {
  const file = path.join(dataDir, 'secrets.json');
  let stored: Partial<Secrets> = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets>;
  const secrets: Secrets = {
    jwtSecret: fromEnv.jwtSecret ?? stored.jwtSecret ?? randomBytes(48).toString('base64url'),
    jwtRefreshSecret: fromEnv.jwtRefreshSecret ?? stored.jwtRefreshSecret ?? randomBytes(48).toString('base64url'),
    channelKey: fromEnv.channelKey ?? stored.channelKey ?? randomBytes(32).toString('base64'),
  };
  if (Buffer.from(secrets.channelKey, 'base64').length !== 32) throw new Error('CHANNEL_SECRET must be 32 bytes in base64.');
  if (secrets.jwtSecret === secrets.jwtRefreshSecret) {
    throw new Error('JWT_SECRET and JWT_REFRESH_SECRET must differ.');
  }
  // Keep generated values (never the ones from env) so tokens and stored credentials survive restarts.
  const toStore: Partial<Secrets> = {};
  for (const k of ['jwtSecret', 'jwtRefreshSecret', 'channelKey'] as const) {
    if (!fromEnv[k] && stored[k] !== secrets[k]) toStore[k] = secrets[k];
  }
  if (Object.keys(toStore).length) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify({ ...stored, ...toStore }, null, 2), { mode: 0o600 });
    // `mode` applies only when the file is created: an existing file keeps its old (maybe readable) mode.
    chmodSync(file, 0o600);
  }
  return secrets;
}

export const SECRETS = Symbol.for('atende:secrets');
