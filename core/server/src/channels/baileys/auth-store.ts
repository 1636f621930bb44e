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
  /** Many values in one round trip (absent: one read each). */
  readMany?(keys: string[]): Promise<Map<string, string>>;
  /** Writes (a value) and removals (null) applied together, in one transaction (issue 10 item 8). */
  writeMany?(entries: [key: string, value: string | null][]): Promise<void>;
  /** Removes the values under `prefix` not written since `before` (sent messages kept for retries). */
  prune?(prefix: string, before: Date): Promise<void>;
  /**
   * Copies of sent messages (for recipients' retry receipts) kept apart from the keys, by message id
   * (issue 28 item 7). Absent, the session keeps them as `sent-msg-<id>` values.
   */
  sent?: SentMessageStore;
}

/** Sent messages of one connection, by id, in the order they were kept. */
export interface SentMessageStore {
  keep(id: string, value: string): Promise<void>;
  read(id: string): Promise<string | null>;
  /** Drops copies kept before `before`, and all but the newest `max`. */
  prune(before: Date, max: number): Promise<void>;
}

/** The name a sent copy is encrypted under: the same as when copies were `sent-msg-<id>` values (core_0025 moved them as they are). */
export const sentName = (id: string) => `sent-msg-${id}`;

/** v1: the value's name as associated data. v2: the connection too (issue 9 item 16). */
const LEGACY = 'v1';
const VERSION = 'v2';

/**
 * Encrypts every value with AES-256-GCM (`v2:<iv>:<tag>:<data>`, base64 parts). The connection
 * (`scope`) and the value's name are bound as additional authenticated data, so a value copied to
 * another connection's rows, or under another name, fails to decrypt instead of being silently
 * accepted (someone with database access cannot move one number's session onto another connection).
 * Values written before the scope existed (v1) are still read, and rewritten as v2 at once.
 */
export function encryptedStore(
  inner: BaileysAuthStore,
  key: Buffer,
  scope = '',
  /** Told about a signal-key row that cannot be decrypted; that row is then treated as missing and deleted. */
  onUnreadable: (name: string, err: Error) => void = () => undefined,
): BaileysAuthStore {
  if (key.length !== 32) throw new Error('encryptedStore needs a 32-byte key (AES-256).');
  const aad = (version: string, name: string) => Buffer.from(version === LEGACY ? name : `${scope}\u0000${name}`, 'utf8');
  const encrypt = (name: string, plain: string): string => {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(aad(VERSION, name));
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join(':');
  };
  const decrypt = (name: string, stored: string): string => {
    const [version, iv, tag, data] = stored.split(':');
    if ((version !== VERSION && version !== LEGACY) || !iv || !tag || data === undefined) throw new Error(`Auth value "${name}" is not in the ${VERSION} format.`);
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
    decipher.setAAD(aad(version, name));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
  };
  const store: BaileysAuthStore = {
    async read(name) {
      const stored = await inner.read(name);
      if (stored === null) return null;
      let plain: string;
      try {
        plain = decrypt(name, stored);
      } catch (err) {
        // The creds are the session: unreadable ones must fail the start (and say so). A broken signal
        // key is only one chat's key: Baileys renegotiates a missing one, while a thrown read would
        // break every message of the session (issue 10 item 8).
        if (name === 'creds') throw err;
        onUnreadable(name, err as Error);
        await inner.remove(name);
        return null;
      }
      if (stored.startsWith(`${LEGACY}:`)) await inner.write(name, encrypt(name, plain)); // upgrade in place
      return plain;
    },
    write: (name, value) => inner.write(name, encrypt(name, value)),
    remove: (name) => inner.remove(name),
    clear: () => inner.clear(),
    ...(inner.readMany
      ? {
          readMany: async (names: string[]) => {
            const stored = await inner.readMany!(names);
            const out = new Map<string, string>();
            // Unreadable or legacy rows go through `read`, which drops or upgrades them.
            for (const [name, value] of stored) {
              if (value.startsWith(`${VERSION}:`) && name !== 'creds') {
                try {
                  out.set(name, decrypt(name, value));
                  continue;
                } catch {
                  /* handled by read below */
                }
              }
              const plain = await store.read(name);
              if (plain !== null) out.set(name, plain);
            }
            return out;
          },
        }
      : {}),
    ...(inner.writeMany ? { writeMany: (entries: [string, string | null][]) => inner.writeMany!(entries.map(([name, value]) => [name, value === null ? null : encrypt(name, value)])) } : {}),
    ...(inner.prune ? { prune: (prefix: string, before: Date) => inner.prune!(prefix, before) } : {}),
    ...(inner.sent ? { sent: encryptedSent(inner.sent, encrypt, decrypt) } : {}),
  };
  return store;
}

/** Sent copies encrypted like the other values; an unreadable one is treated as missing. */
function encryptedSent(inner: SentMessageStore, encrypt: (name: string, plain: string) => string, decrypt: (name: string, stored: string) => string): SentMessageStore {
  return {
    keep: (id, value) => inner.keep(id, encrypt(sentName(id), value)),
    read: async (id) => {
      const stored = await inner.read(id);
      if (stored === null) return null;
      try {
        return decrypt(sentName(id), stored);
      } catch {
        return null;
      }
    },
    prune: (before, max) => inner.prune(before, max),
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
