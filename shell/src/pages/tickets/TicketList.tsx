import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Empty, Flex, Spin, Typography } from 'antd';
import { TICKET_ENDPOINTS, SOCKET_EVENTS, type MessageDto, type TicketDto } from '@atende/core-contract';
import { nearBottom, useAfterPaint, useErrorToast, usePagedList, useRealtime, useT, call } from '@atende/sdk-web';
import { TicketRow } from './TicketRow.js';
import { firstContentShown } from '../../plugins/first-content.js';
import { ticketChangedHere } from './ticketBus.js';
import { ticketListReducer, type TicketListAction, type TicketListFilter, type TicketStatus } from './ticketListState.js';

/** Payloads of the live events the list follows (core-operations §7). */
export type TicketEvent =
  | { action: 'update'; ticket: TicketDto }
  | { action: 'delete'; ticketId: number }
  | { action: 'updateUnread'; ticketId: number };
export type AppMessageEvent = { action: 'create' | 'update'; message: MessageDto; ticket?: TicketDto };
export type ContactEvent = { action: 'update'; contact: { id: number; name?: string; number?: string; profilePicUrl?: string } };

export interface TicketListProps {
  filter: TicketListFilter;
  /** GET /api/tickets parameters (besides pageNumber). */
  query: Record<string, string | undefined>;
  selectedUuid?: string;
  narrow: boolean;
  onOpen: (ticket: TicketDto) => void;
  /** data-testid of the scroll container. */
  testId: string;
  hidden?: boolean;
  /** Says which filter may hide tickets when the list is empty (issue 36 item 3). */
  emptyHint?: string;
}

/** Rows drawn in the first pass: more than a tall column shows. */
export const FIRST_ROWS = 15;

/** One infinite list of tickets that follows the live events (core-operations §2, §4). */
export function TicketList({ filter, query, selectedUuid, narrow, onOpen, testId, hidden, emptyHint }: TicketListProps) {
  const { t } = useT();
  const showError = useErrorToast();
  const list = usePagedList(TICKET_ENDPOINTS.page, 'tickets', query);
  // The first page is on screen: plugin remotes may load now (they are not needed to draw it). Told by
  // the list in view only: a hidden one answering first has drawn nothing yet.
  useEffect(() => {
    if (list.loaded && !hidden) firstContentShown();
  }, [list.loaded, hidden]);
  // The first page draws in two passes (issue 37 item 4, an agent's first view): the rows a column shows
  // first, then, once those are painted, the rest; a hidden list draws its rows only then.
  const painted = useAfterPaint(list.loaded);
  const rows = painted ? list.items : hidden ? [] : list.items.slice(0, FIRST_ROWS);
  const { setItems } = list;
  const [busyId, setBusyId] = useState<number | null>(null);

  // The live handlers must judge against the current filters, not those of the first render.
  const filterRef = useRef(filter);
  filterRef.current = filter;
  const dispatch = (action: TicketListAction) => setItems((old) => ticketListReducer(old, action));
  const dispatchRef = useRef(dispatch);
  dispatchRef.current = dispatch;

  useEffect(() => ticketChangedHere.watch((ticket) => dispatchRef.current({ type: 'upsert', ticket, filter: filterRef.current })).unsubscribe, []);

  useRealtime<TicketEvent>(SOCKET_EVENTS.ticket, (ev) => {
    if (ev.action === 'update' && ev.ticket) dispatch({ type: 'upsert', ticket: ev.ticket, filter: filterRef.current });
    else if (ev.action === 'delete') dispatch({ type: 'delete', ticketId: ev.ticketId });
    else if (ev.action === 'updateUnread') dispatch({ type: 'unreadReset', ticketId: ev.ticketId });
  });
  useRealtime<AppMessageEvent>(SOCKET_EVENTS.appMessage, (ev) => {
    if (ev.action === 'create' && ev.ticket) dispatch({ type: 'upsert', ticket: ev.ticket, filter: filterRef.current });
  });
  useRealtime<ContactEvent>(SOCKET_EVENTS.contact, (ev) => {
    if (ev.action === 'update' && ev.contact) dispatch({ type: 'contact', contact: ev.contact });
  });

  const changeStatus = async (ticket: TicketDto, status: TicketStatus) => {
    setBusyId(ticket.id);
    try {
      const updated = await call(TICKET_ENDPOINTS.update, { params: { id: ticket.id }, body: { status } });
      ticketChangedHere(updated);
      // Accepting or reopening takes the agent straight into the conversation.
      if (status === 'open') onOpen(updated);
    } catch (err) {
      showError(err);
    } finally {
      setBusyId(null);
    }
  };

  // One function for every row and render, so rows (memo) redraw only when their own ticket changes.
  const changeStatusRef = useRef(changeStatus);
  changeStatusRef.current = changeStatus;
  const onStatus = useCallback((tk: TicketDto, status: TicketStatus) => void changeStatusRef.current(tk, status), []);

  return (
    <div
      style={{ flex: 1, minHeight: 0, overflowY: 'auto', display: hidden ? 'none' : undefined }}
      onScroll={(e) => nearBottom(e.currentTarget) && list.loadMore()}
      data-testid={testId}
      data-loaded={list.loaded ? 'true' : 'false'}
    >
      {rows.map((ticket) => (
        <TicketRow
          key={ticket.id}
          ticket={ticket}
          selected={ticket.uuid === selectedUuid}
          narrow={narrow}
          busy={busyId === ticket.id}
          onOpen={onOpen}
          onStatus={onStatus}
        />
      ))}
      {list.loading && (
        <Flex justify="center" style={{ padding: 16 }} data-testid="tickets-loading">
          <Spin />
        </Flex>
      )}
      {list.loaded && !list.loading && !list.items.length && (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <>
              <div>{filter.searching ? t('common.noResults') : t('tickets.empty')}</div>
              {emptyHint && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="tickets-empty-hint">
                  {emptyHint}
                </Typography.Text>
              )}
            </>
          }
          style={{ marginTop: 32 }}
          data-testid="tickets-empty"
        />
      )}
      {list.hasMore && !list.loading && (
        // Fallback when the first page does not fill the column, so no scroll can happen.
        <Flex justify="center" style={{ padding: 12 }}>
          <Button size="small" onClick={list.loadMore} data-testid="tickets-load-more">
            {t('common.loadMore')}
          </Button>
        </Flex>
      )}
    </div>
  );
}
