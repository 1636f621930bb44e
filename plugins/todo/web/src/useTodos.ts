import { useCallback, useEffect, useRef, useState } from 'react';
import { useCurrentUser } from '@atende/sdk-web';
import type { TodoItem } from '@atende/plugin-todo-contract';
import { indexedDbStore } from './todoDatabase.js';
import { addTodo, editTodo, loadTodos, removeTodo, saveTodos, storageKey } from './todoStorage.js';

const newId = () => (typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);
/** Tells this browser's other tabs which list changed, so they read it again. */
const CHANNEL = 'atende-todo';

/** The signed-in user's list, kept in this browser; changes made in other tabs come in live. */
export function useTodos() {
  const user = useCurrentUser();
  const key = user ? storageKey(user.companyId, user.id) : null;
  // The list with the key it was read for, in one state: after a user switch the previous user's list
  // is never shown nor saved under the new key. `latest` lets two changes in one render build on each other.
  const [state, setState] = useState<{ key: string | null; items: TodoItem[] | null }>({ key: null, items: null });
  const latest = useRef(state);
  const [saved, setSaved] = useState(true);
  const channel = useRef<BroadcastChannel | null>(null);
  // Writes in the order they were made, so a slow one never lands after a later one.
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const items = state.key === key ? state.items : null;

  useEffect(() => {
    if (!key) return;
    let current = true;
    const show = (next: { key: string; items: TodoItem[] | null }) => {
      latest.current = next;
      setState(next);
    };
    const read = () => void loadTodos(indexedDbStore, key).then((list) => current && show({ key, items: list }));
    show({ key, items: null });
    read();
    const bc = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
    if (bc) bc.onmessage = (e: MessageEvent<string>) => e.data === key && read();
    channel.current = bc;
    return () => {
      current = false;
      bc?.close();
      channel.current = null;
    };
  }, [key]);

  const change = useCallback(
    (next: (list: TodoItem[]) => TodoItem[]) => {
      const now = latest.current;
      if (!key || now.key !== key || !now.items) return;
      const updated = next(now.items);
      if (updated === now.items) return;
      latest.current = { key, items: updated };
      setState(latest.current);
      queue.current = queue.current.then(async () => {
        const ok = await saveTodos(indexedDbStore, key, updated);
        setSaved(ok);
        if (ok) channel.current?.postMessage(key);
      });
    },
    [key],
  );

  return {
    items,
    saved,
    add: (text: string) => change((list) => addTodo(list, text, new Date(), newId())),
    edit: (id: string, text: string) => change((list) => editTodo(list, id, text, new Date())),
    remove: (id: string) => change((list) => removeTodo(list, id)),
  };
}
