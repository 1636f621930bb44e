// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { TodoItem } from '@atende/plugin-todo-contract';

// The browser's IndexedDB store replaced by a map; the signed-in user switched by the test.
const stored = new Map<string, TodoItem[]>();
let pendingReads: Array<() => void> = [];
let holdReads = false;
vi.mock('./todoDatabase.js', () => ({
  indexedDbStore: {
    read: (key: string) =>
      new Promise((resolve) => {
        const answer = () => resolve(stored.get(key) ?? []);
        if (holdReads) pendingReads.push(answer);
        else answer();
      }),
    write: async (key: string, items: TodoItem[]) => void stored.set(key, items),
  },
}));
let user: { id: number; companyId: number } | null = { id: 1, companyId: 1 };
vi.mock('@atende/sdk-web', () => ({ useCurrentUser: () => user }));
const { useTodos } = await import('./useTodos.js');

afterEach(() => {
  cleanup();
  stored.clear();
  pendingReads = [];
  holdReads = false;
  user = { id: 1, companyId: 1 };
});

describe('useTodos', () => {
  it('keeps two changes made in the same render (no lost update)', async () => {
    const { result } = renderHook(() => useTodos());
    await waitFor(() => expect(result.current.items).toEqual([]));
    act(() => {
      result.current.add('first');
      result.current.add('second');
    });
    expect(result.current.items?.map((i) => i.text)).toEqual(['first', 'second']);
    await waitFor(() => expect(stored.get('todolist:1:1')?.map((i) => i.text)).toEqual(['first', 'second']));
  });

  it("never shows nor saves one user's list under another user's key", async () => {
    stored.set('todolist:1:1', [{ id: 'a', text: 'of user 1', createdAt: 'x', updatedAt: 'x' }]);
    const { result, rerender } = renderHook(() => useTodos());
    await waitFor(() => expect(result.current.items?.length).toBe(1));
    holdReads = true;
    user = { id: 2, companyId: 1 };
    rerender();
    // User 2's list is still loading: nothing is shown, and a change made now is dropped.
    expect(result.current.items).toBeNull();
    act(() => result.current.add('typed too early'));
    expect(stored.has('todolist:1:2')).toBe(false);
    act(() => pendingReads.forEach((answer) => answer()));
    await waitFor(() => expect(result.current.items).toEqual([]));
    expect(stored.get('todolist:1:1')?.[0].text).toBe('of user 1');
  });
});
