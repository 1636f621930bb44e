import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';

export interface Secrets {
  jwtSecret: string;
  jwtRefreshSecret: string;
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
  };
  if (secrets.jwtSecret === secrets.jwtRefreshSecret) {
    throw new Error('JWT_SECRET and JWT_REFRESH_SECRET must differ.');
  }
  if (stored.jwtSecret !== secrets.jwtSecret || stored.jwtRefreshSecret !== secrets.jwtRefreshSecret) {
    if (!fromEnv.jwtSecret || !fromEnv.jwtRefreshSecret) {
      mkdirSync(dataDir, { recursive: true });
      const toStore: Partial<Secrets> = {};
      if (!fromEnv.jwtSecret) toStore.jwtSecret = secrets.jwtSecret;
      if (!fromEnv.jwtRefreshSecret) toStore.jwtRefreshSecret = secrets.jwtRefreshSecret;
      writeFileSync(file, JSON.stringify({ ...stored, ...toStore }, null, 2), { mode: 0o600 });
    }
  }
  return secrets;
}

export const SECRETS = Symbol.for('atende:secrets');
