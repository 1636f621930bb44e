import type { TodoItem } from '@atende/plugin-todo-contract';
import type { TodoStore } from './todoStorage.js';

const DB_NAME = 'atende-todo';
const LISTS = 'lists';

let opening: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(LISTS);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  }).catch((err: unknown) => {
    opening = null; // try again next time (a blocked open, a transient error)
    throw err;
  });
  return opening;
}

function run<T>(mode: IDBTransactionMode, work: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return open().then(
    (db) =>
      new Promise<T>((resolve, reject) => {
        const tx = db.transaction(LISTS, mode);
        const req = work(tx.objectStore(LISTS));
        tx.oncomplete = () => resolve(req.result);
        tx.onerror = () => reject(tx.error);
        tx.onabort = () => reject(tx.error);
      }),
  );
}

/** The browser's IndexedDB: one record per list key (see storageKey). */
export const indexedDbStore: TodoStore = {
  read: (key) => run('readonly', (s) => s.get(key)),
  write: async (key, items: TodoItem[]) => {
    await run('readwrite', (s) => s.put(items, key));
  },
};
