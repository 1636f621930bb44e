// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { api } from '../api.js';
import { usePagedList } from './usePagedList.js';

afterEach(() => vi.restoreAllMocks());

describe('usePagedList', () => {
  it('pages by number, or by the cursor the server hands back when it pages by keyset', async () => {
    const get = vi.spyOn(api, 'get').mockImplementation(async (_path, opts) => {
      const q = (opts?.query ?? {}) as Record<string, unknown>;
      if (q.cursor === 'c1') return { items: [{ id: 2 }], hasMore: false, nextCursor: null };
      return { items: [{ id: 1 }], hasMore: true, nextCursor: 'c1' };
    });
    const { result } = renderHook(() => usePagedList<{ id: number }>('/things', 'items', { searchParam: 'x' }));
    await waitFor(() => expect(result.current.loaded).toBe(true));
    expect(get).toHaveBeenLastCalledWith('/things', { query: { searchParam: 'x', pageNumber: 1 } });
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.items.map((i) => i.id)).toEqual([1, 2]));
    expect(get).toHaveBeenLastCalledWith('/things', { query: { searchParam: 'x', cursor: 'c1' } });
    expect(result.current.hasMore).toBe(false);

    get.mockImplementation(async (_path, opts) => ({ items: [{ id: ((opts?.query as { pageNumber: number }).pageNumber ?? 0) + 10 }], hasMore: true }));
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.items.map((i) => i.id)).toEqual([11]));
    act(() => result.current.loadMore());
    // Without a cursor in the answer, the next page is asked for by number.
    await waitFor(() => expect(result.current.items.map((i) => i.id)).toEqual([11, 12]));
    expect(get).toHaveBeenLastCalledWith('/things', { query: { searchParam: 'x', pageNumber: 2 } });
  });
});
