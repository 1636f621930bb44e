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
      await Promise.all(
        ids.map(async (id) => {
          const value = await store.read(`${type}-${id}`);
          if (value === null) return;
          let parsed = decode(value);
          // JSON loses the protobuf class; Baileys expects a real AppStateSyncKeyData here.
          if (type === 'app-state-sync-key') parsed = proto.Message.AppStateSyncKeyData.fromObject(parsed);
          out[id] = parsed;
        }),
      );
      return out;
    },
    async set(data: SignalDataSet) {
      const tasks: Promise<void>[] = [];
      for (const [type, entries] of Object.entries(data)) {
        for (const [id, value] of Object.entries(entries ?? {})) {
          const key = `${type}-${id}`;
          tasks.push(value ? store.write(key, encode(value)) : store.remove(key));
        }
      }
      await Promise.all(tasks);
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
