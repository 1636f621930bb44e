import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Where a Baileys session keeps its credentials and signal keys: opaque string values by key
 * ('creds', '<type>-<id>'). One store holds exactly one WhatsApp connection, so `clear()` forgets
 * that session and nothing else.
 */
export interface BaileysAuthStore {
  read(key: string): Promise<string | null>;
  write(key: string, value: string): Promise<void>;
  remove(key: string): Promise<void>;
  clear(): Promise<void>;
}

const VERSION = 'v1';

/**
 * Encrypts every value with AES-256-GCM (`v1:<iv>:<tag>:<data>`, base64 parts). The store key is
 * bound as additional authenticated data, so a value copied under another key fails to decrypt
 * instead of being silently accepted as, say, the creds.
 */
export function encryptedStore(inner: BaileysAuthStore, key: Buffer): BaileysAuthStore {
  if (key.length !== 32) throw new Error('encryptedStore needs a 32-byte key (AES-256).');
  const encrypt = (name: string, plain: string): string => {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(name, 'utf8'));
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join(':');
  };
  const decrypt = (name: string, stored: string): string => {
    const [version, iv, tag, data] = stored.split(':');
    if (version !== VERSION || !iv || !tag || data === undefined) throw new Error(`Auth value "${name}" is not in the ${VERSION} format.`);
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
    decipher.setAAD(Buffer.from(name, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
  };
  return {
    async read(name) {
      const stored = await inner.read(name);
      return stored === null ? null : decrypt(name, stored);
    },
    write: (name, value) => inner.write(name, encrypt(name, value)),
    remove: (name) => inner.remove(name),
    clear: () => inner.clear(),
  };
}

/** In-memory store for tests and throwaway sessions. */
export class MemoryAuthStore implements BaileysAuthStore {
  readonly values = new Map<string, string>();

  async read(key: string): Promise<string | null> {
    return this.values.get(key) ?? null;
  }
  async write(key: string, value: string): Promise<void> {
    this.values.set(key, value);
  }
  async remove(key: string): Promise<void> {
    this.values.delete(key);
  }
  async clear(): Promise<void> {
    this.values.clear();
  }
}
