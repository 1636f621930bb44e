import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import type { z } from 'zod';
import type { Endpoint } from '@atende/core-contract';
import { api } from '../api.js';
import { useErrorToast } from '../errors.js';

/** What `usePagedList` answers: the items loaded so far (settable, for live updates), the count, whether more pages exist, and loading state. */
export interface PagedList<T> {
  items: T[];
  setItems: Dispatch<SetStateAction<T[]>>;
  count: number;
  setCount: Dispatch<SetStateAction<number>>;
  hasMore: boolean;
  /** True while any page is loading. */
  loading: boolean;
  /** True once the first page answered (for the empty state). */
  loaded: boolean;
  loadMore: () => void;
  reload: () => void;
}

/**
 * A server list answered by pages ({ [key]: T[], count, hasMore } for ?pageNumber=n&…params). A change of
 * params starts again at page 1; answers of an older search are dropped so fast typing never mixes lists.
 * Where the answer carries `nextCursor` (keyset paging), the next page is asked for with `cursor`.
 */
type PageParams = Record<string, string | number | undefined>;
/** The keys of an answer that hold a list, and the element type of one of them. */
type ListKeys<R> = { [K in keyof R]: R[K] extends readonly unknown[] ? K : never }[keyof R] & string;
type ItemOf<R, K extends keyof R> = R[K] extends readonly (infer I)[] ? I : never;
type AnswerOf<E> = E extends Endpoint<'GET', string, z.ZodType, z.ZodType, infer R> ? z.output<R> : never;

/** Typed by a contract endpoint: the item type is the answer's `key` list element. */
export function usePagedList<E extends Endpoint<'GET'>, K extends ListKeys<AnswerOf<E>>>(
  endpoint: E,
  key: K,
  params: PageParams,
): PagedList<ItemOf<AnswerOf<E>, K> & { id: number }>;
export function usePagedList<T extends { id: number }>(path: string, key: string, params: PageParams): PagedList<T>;
export function usePagedList<T extends { id: number }>(source: string | Endpoint<'GET'>, key: string, params: PageParams): PagedList<T> {
  const path = typeof source === 'string' ? source : source.path;
  const showError = useErrorToast();
  const errorRef = useRef(showError);
  errorRef.current = showError;
  const [items, setItems] = useState<T[]>([]);
  const [count, setCount] = useState(0);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const generation = useRef(0);
  const page = useRef(1);
  /** The server's `nextCursor` when it pages by keyset (the tickets list): the next page asks for it instead of a number. */
  const cursor = useRef<string | null>(null);
  const busy = useRef(false);
  const paramsKey = JSON.stringify(params);

  const fetchPage = useCallback(
    async (pageNumber: number) => {
      const gen = pageNumber === 1 ? ++generation.current : generation.current;
      busy.current = true;
      setLoading(true);
      try {
        const after = pageNumber > 1 ? cursor.current : null;
        const data = await api.get<Record<string, unknown>>(path, {
          query: { ...(JSON.parse(paramsKey) as Record<string, string>), ...(after ? { cursor: after } : { pageNumber }) },
        });
        if (gen !== generation.current) return;
        const rows = (data[key] as T[]) ?? [];
        page.current = pageNumber;
        cursor.current = typeof data.nextCursor === 'string' ? data.nextCursor : null;
        setItems((old) => {
          if (pageNumber === 1) return rows;
          const seen = new Set(old.map((r) => r.id));
          return [...old, ...rows.filter((r) => !seen.has(r.id))];
        });
        setCount(Number(data.count ?? 0));
        setHasMore(Boolean(data.hasMore));
        setLoaded(true);
      } catch (err) {
        if (gen === generation.current) {
          errorRef.current(err);
          setLoaded(true);
        }
      } finally {
        if (gen === generation.current) {
          busy.current = false;
          setLoading(false);
        }
      }
    },
    [path, key, paramsKey],
  );

  useEffect(() => {
    void fetchPage(1);
  }, [fetchPage]);

  const loadMore = useCallback(() => {
    if (!busy.current && hasMore) void fetchPage(page.current + 1);
  }, [fetchPage, hasMore]);
  const reload = useCallback(() => void fetchPage(1), [fetchPage]);

  return { items, setItems, count, setCount, hasMore, loading, loaded, loadMore, reload };
}

/** Scroll handler for a list container: asks for the next page within 100 px of the bottom (core-operations §9). */
export function nearBottom(el: HTMLElement, px = 100): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight < px;
}
