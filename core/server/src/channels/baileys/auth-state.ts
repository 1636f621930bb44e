import {
  BufferJSON,
  initAuthCreds,
  makeCacheableSignalKeyStore,
  proto,
  type AuthenticationCreds,
  type AuthenticationState,
  type CacheStore,
  type SignalDataSet,
  type SignalDataTypeMap,
  type SignalKeyStore,
  type SocketConfig,
} from '@whiskeysockets/baileys';
import type { BaileysAuthStore } from './auth-store.js';
import { Lru } from './lru.js';

/** What useMultiFileAuthState gives, but backed by a BaileysAuthStore instead of files. */
export interface StoreAuthState {
  state: AuthenticationState;
  /** Persists the current creds object (Baileys merges every creds.update into it first). */
  saveCreds(): Promise<void>;
}

const encode = (value: unknown): string => JSON.stringify(value, BufferJSON.replacer);
const decode = (raw: string): any => JSON.parse(raw, BufferJSON.reviver);

export async function useStoreAuthState(store: BaileysAuthStore, logger: SocketConfig['logger'], cache: CacheStore): Promise<StoreAuthState> {
  const raw = await store.read('creds');
  const creds: AuthenticationCreds = raw === null ? initAuthCreds() : decode(raw);

  const keys: SignalKeyStore = {
    async get<T extends keyof SignalDataTypeMap>(type: T, ids: string[]) {
      const out: { [id: string]: SignalDataTypeMap[T] } = {};
      const names = ids.map((id) => `${type}-${id}`);
      // One round trip for the whole batch where the store can (issue 10 item 8).
      const values = store.readMany
        ? await store.readMany(names)
        : new Map((await Promise.all(names.map(async (n) => [n, await store.read(n)] as const))).filter((e): e is [string, string] => e[1] !== null));
      for (const id of ids) {
        const value = values.get(`${type}-${id}`);
        if (value === undefined) continue;
        let parsed = decode(value);
        // JSON loses the protobuf class; Baileys expects a real AppStateSyncKeyData here.
        if (type === 'app-state-sync-key') parsed = proto.Message.AppStateSyncKeyData.fromObject(parsed);
        out[id] = parsed;
      }
      return out;
    },
    async set(data: SignalDataSet) {
      const entries: [string, string | null][] = [];
      for (const [type, values] of Object.entries(data)) {
        for (const [id, value] of Object.entries(values ?? {})) entries.push([`${type}-${id}`, value ? encode(value) : null]);
      }
      // One transaction where the store can: a crash never leaves half of a key exchange written.
      if (store.writeMany) return store.writeMany(entries);
      await Promise.all(entries.map(([key, value]) => (value === null ? store.remove(key) : store.write(key, value))));
    },
  };

  // Serialise creds writes so an older snapshot can never land after a newer one.
  let saving: Promise<void> = Promise.resolve();
  return {
    state: { creds, keys: makeCacheableSignalKeyStore(keys, logger, cache) },
    saveCreds() {
      saving = saving.catch(() => undefined).then(() => store.write('creds', encode(creds)));
      return saving;
    },
  };
}

/**
 * Bounded, timer-free cache for the signal key store. Baileys' default NodeCache starts an interval
 * per instance, which would leak one timer per reconnect; this one lives and dies with the session.
 */
export function keyCache(max = 5_000): CacheStore {
  const lru = new Lru<string, unknown>(max);
  return {
    get: <T>(key: string) => lru.get(key) as T | undefined,
    set: <T>(key: string, value: T) => lru.set(key, value),
    del: (key: string) => lru.delete(key),
    flushAll: () => lru.clear(),
  };
}
