// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { Announcement } from '@atende/plugin-announcements-contract';

const announcement = (id: number, status: boolean) => ({ id, title: `t${id}`, text: 'x', priority: 3, status }) as Announcement;
// The server's pages as a super user gets them: inactive ones included.
let pages: Announcement[][] = [];
const reconnected: Array<() => void> = [];
vi.mock('@atende/sdk-web', () => ({
  call: vi.fn(async (_endpoint: unknown, { query }: { query: { pageNumber: number } }) => {
    const records = pages[query.pageNumber - 1] ?? [];
    return { records, count: pages.flat().length, hasMore: query.pageNumber < pages.length };
  }),
  useRealtime: () => undefined,
  useRealtimeReconnected: (handler: () => void) => reconnected.push(handler),
}));
const { useActiveAnnouncements } = await import('./useActiveAnnouncements.js');

afterEach(() => {
  cleanup();
  reconnected.length = 0;
});

describe('useActiveAnnouncements', () => {
  it('finds active announcements beyond a first page of inactive ones (a super user)', async () => {
    pages = [Array.from({ length: 50 }, (_, i) => announcement(100 - i, false)), [announcement(3, true), announcement(2, false)]];
    const { result } = renderHook(() => useActiveAnnouncements());
    await waitFor(() => expect(result.current.map((a) => a.id)).toEqual([3]));
  });

  it('reads the list again when the socket comes back', async () => {
    pages = [[announcement(1, true)]];
    const { result } = renderHook(() => useActiveAnnouncements());
    await waitFor(() => expect(result.current.map((a) => a.id)).toEqual([1]));
    pages = [[announcement(2, true), announcement(1, true)]];
    act(() => reconnected.at(-1)!());
    await waitFor(() => expect(result.current.map((a) => a.id)).toEqual([2, 1]));
  });
});
