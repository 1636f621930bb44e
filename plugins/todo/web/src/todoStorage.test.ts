import { describe, expect, it } from 'vitest';
import type { TodoItem } from '@atende/plugin-todo-contract';
import { addTodo, editTodo, loadTodos, removeTodo, saveTodos, storageKey, type TodoStore } from './todoStorage.js';

const memory = (): TodoStore & { data: Map<string, unknown> } => {
  const data = new Map<string, unknown>();
  return {
    data,
    read: async (k) => data.get(k),
    write: async (k, v: TodoItem[]) => void data.set(k, v),
  };
};
const t0 = new Date('2026-01-01T10:00:00.000Z');
const t1 = new Date('2026-01-01T11:00:00.000Z');

describe('to-do list storage', () => {
  it('keeps one list per user and company', async () => {
    const s = memory();
    await saveTodos(s, storageKey(1, 7), addTodo([], 'mine', t0, 'a'));
    expect(storageKey(1, 7)).not.toBe(storageKey(1, 8));
    expect(storageKey(1, 7)).not.toBe(storageKey(2, 7));
    expect(await loadTodos(s, storageKey(1, 8))).toEqual([]);
    expect(await loadTodos(s, storageKey(2, 7))).toEqual([]);
    expect((await loadTodos(s, storageKey(1, 7))).map((i) => i.text)).toEqual(['mine']);
  });

  it('adds with createdAt and updatedAt, trimmed; blank text is ignored', () => {
    const list = addTodo([], '  Call Ana  ', t0, 'a');
    expect(list).toEqual([{ id: 'a', text: 'Call Ana', createdAt: t0.toISOString(), updatedAt: t0.toISOString() }]);
    expect(addTodo(list, '   ', t1, 'b')).toBe(list);
    expect(addTodo(list, '', t1, 'b')).toBe(list);
  });

  it('edits text and updatedAt only; blank text keeps the old one', () => {
    const list = addTodo(addTodo([], 'one', t0, 'a'), 'two', t0, 'b');
    const edited = editTodo(list, 'b', 'dos', t1);
    expect(edited[1]).toEqual({ id: 'b', text: 'dos', createdAt: t0.toISOString(), updatedAt: t1.toISOString() });
    expect(edited[0]).toBe(list[0]);
    expect(editTodo(list, 'b', '  ', t1)).toBe(list);
    expect(editTodo(list, 'b', 'two', t1)[1].updatedAt).toBe(t0.toISOString());
  });

  it('deletes by id', () => {
    const list = addTodo(addTodo([], 'one', t0, 'a'), 'two', t0, 'b');
    expect(removeTodo(list, 'a').map((i) => i.id)).toEqual(['b']);
  });

  it('reads damaged or foreign data as an empty list, and drops malformed items', async () => {
    const s = memory();
    s.data.set('k', '{not a list');
    expect(await loadTodos(s, 'k')).toEqual([]);
    s.data.set('k', { a: 1 });
    expect(await loadTodos(s, 'k')).toEqual([]);
    s.data.set('k', [{ id: 'a', text: 'ok', createdAt: 'x', updatedAt: 'x' }, { id: 2, text: null }]);
    expect((await loadTodos(s, 'k')).map((i) => i.id)).toEqual(['a']);
    const failing: TodoStore = { read: () => Promise.reject(new Error('blocked')), write: async () => undefined };
    expect(await loadTodos(failing, 'k')).toEqual([]);
  });

  it('says so when the browser refuses to store', async () => {
    const s: TodoStore = { read: async () => undefined, write: () => Promise.reject(new Error('QuotaExceededError')) };
    expect(await saveTodos(s, 'k', [])).toBe(false);
  });
});
