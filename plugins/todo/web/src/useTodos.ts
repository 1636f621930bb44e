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
  const [items, setItems] = useState<TodoItem[] | null>(null);
  const [saved, setSaved] = useState(true);
  const channel = useRef<BroadcastChannel | null>(null);
  // Writes in the order they were made, so a slow one never lands after a later one.
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  useEffect(() => {
    if (!key) return;
    let current = true;
    const read = () => void loadTodos(indexedDbStore, key).then((list) => current && setItems(list));
    setItems(null);
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
      if (!key || !items) return;
      const updated = next(items);
      if (updated === items) return;
      setItems(updated);
      queue.current = queue.current.then(async () => {
        const ok = await saveTodos(indexedDbStore, key, updated);
        setSaved(ok);
        if (ok) channel.current?.postMessage(key);
      });
    },
    [key, items],
  );

  return {
    items,
    saved,
    add: (text: string) => change((list) => addTodo(list, text, new Date(), newId())),
    edit: (id: string, text: string) => change((list) => editTodo(list, id, text, new Date())),
    remove: (id: string) => change((list) => removeTodo(list, id)),
  };
}
