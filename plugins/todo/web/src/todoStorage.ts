import type { TodoItem } from '@atende/plugin-todo-contract';

/**
 * Where lists are kept: one value per key. The browser's is IndexedDB (todoDatabase.ts); tests use a
 * map. Not localStorage: a session ended elsewhere (the spec's "accessed from another device") clears
 * local storage, and the list must outlive that; IndexedDB is still only this browser's.
 */
export interface TodoStore {
  read(key: string): Promise<unknown>;
  write(key: string, items: TodoItem[]): Promise<void>;
}

/**
 * One list per user and company: two people signing in on one browser never share a list
 * (automation-productivity §1: personal, browser storage only).
 */
export const storageKey = (companyId: number, userId: number) => `todolist:${companyId}:${userId}`;

const isItem = (v: unknown): v is TodoItem => {
  const i = v as TodoItem;
  return !!i && typeof i.id === 'string' && typeof i.text === 'string' && typeof i.createdAt === 'string' && typeof i.updatedAt === 'string';
};

/** The stored list; anything unreadable (storage off, damaged) counts as empty rather than breaking the page. */
export async function loadTodos(store: TodoStore, key: string): Promise<TodoItem[]> {
  try {
    const value = await store.read(key);
    return Array.isArray(value) ? value.filter(isItem) : [];
  } catch {
    return [];
  }
}

/** False when the browser refuses (private mode, quota): the page then says the list is not kept. */
export async function saveTodos(store: TodoStore, key: string, items: TodoItem[]): Promise<boolean> {
  try {
    await store.write(key, items);
    return true;
  } catch {
    return false;
  }
}

/** Adds at the end; blank text is ignored (the list comes back unchanged). */
export function addTodo(items: TodoItem[], text: string, now: Date, id: string): TodoItem[] {
  const clean = text.trim();
  if (!clean) return items;
  const at = now.toISOString();
  return [...items, { id, text: clean, createdAt: at, updatedAt: at }];
}

/** Changes the text and updatedAt; blank text is ignored (the item keeps its text). */
export function editTodo(items: TodoItem[], id: string, text: string, now: Date): TodoItem[] {
  const clean = text.trim();
  if (!clean) return items;
  return items.map((i) => (i.id === id && i.text !== clean ? { ...i, text: clean, updatedAt: now.toISOString() } : i));
}

export function removeTodo(items: TodoItem[], id: string): TodoItem[] {
  return items.filter((i) => i.id !== id);
}
