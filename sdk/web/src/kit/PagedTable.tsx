import { Suspense, lazy, type ComponentType, type ReactNode } from 'react';
import { Button, Empty, Flex, Spin, type TableColumnsType, type TableProps } from 'antd';
import { useT } from '../i18n.js';
import { nearBottom, type PagedList } from './usePagedList.js';

/**
 * antd's Table (with the selection, filter and paging parts it brings, ~70 kB gzip) loads with the
 * first table shown: the SDK is one shared module, loaded whole at start-up, and most screens (the
 * sign-in page, the tickets screen) have no table.
 */
const Table = lazy(async () => ({ default: (await import('antd/es/table/index.js')).default as unknown as ComponentType<TableProps<any>> }));

type PageState = Pick<PagedList<unknown>, 'hasMore' | 'loading' | 'loaded' | 'loadMore'>;

/** Props of `PagedScroll`: a list that loads the next page as it scrolls. */
export interface PagedScrollProps {
  list: PageState;
  /** `<testId>-scroll` on the container, `<testId>-load-more` on the fallback button. */
  testId: string;
  maxHeight?: string;
  children: ReactNode;
}

/**
 * The scrolling box of a server-paged list: the next page is asked for within 100 px of the bottom
 * (core-operations §9), and a "load more" button below stays as the fallback (keyboard users, lists
 * too short to scroll on a tall screen).
 */
export function PagedScroll({ list, testId, maxHeight = 'calc(100vh - 240px)', children }: PagedScrollProps) {
  const { t } = useT();
  return (
    <div style={{ maxHeight, overflow: 'auto' }} onScroll={(e) => nearBottom(e.currentTarget) && list.loadMore()} data-testid={`${testId}-scroll`}>
      {children}
      {list.hasMore && (
        <Flex justify="center" style={{ padding: 12 }}>
          <Button onClick={list.loadMore} loading={list.loading} data-testid={`${testId}-load-more`}>
            {t('common.loadMore')}
          </Button>
        </Flex>
      )}
    </div>
  );
}

/** Props of `PagedTable`: an antd table over a `usePagedList` list. */
export interface PagedTableProps<T> extends Omit<PagedScrollProps, 'children'> {
  items: T[];
  columns: TableColumnsType<T>;
  /** Attributes of each row (its data-testid, a colour…). */
  rowProps: (row: T) => object;
  /** Shown once the first page answered with nothing (a search without results, an empty company…). */
  emptyText: string;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth?: number;
}

/** An admin list page's table: sticky header, spinner only before the first rows, empty state, paging by scroll. */
export function PagedTable<T extends { id: number }>({ list, items, columns, rowProps, emptyText, minWidth = 720, ...scroll }: PagedTableProps<T>) {
  return (
    <PagedScroll list={list} {...scroll}>
      <Suspense fallback={<Spin style={{ display: 'block', padding: 24 }} />}>
        <Table
          rowKey="id"
          size="middle"
          sticky
          columns={columns}
          dataSource={items}
          loading={list.loading && !items.length}
          pagination={false}
          onRow={rowProps}
          locale={{ emptyText: list.loaded ? <Empty description={emptyText} /> : <span /> }}
          scroll={{ x: minWidth }}
        />
      </Suspense>
    </PagedScroll>
  );
}
