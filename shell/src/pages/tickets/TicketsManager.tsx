import { Suspense, lazy, useEffect, useMemo, useRef, useState } from 'react';
import { Badge, Button, Flex, Input, Segmented, Select, Switch, Tabs, Tooltip, Typography, theme } from 'antd';
import { BellOutlined, MutedOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { TAG_ENDPOINTS, QUEUE_ENDPOINTS, TICKET_ENDPOINTS, SOCKET_EVENTS, type Queue, type TagDto, type TicketDto } from '@atende/core-contract';
import { useCan, useCurrentUser, useDebouncedValue, useRealtime, useT, call } from '@atende/sdk-web';
import { TicketList } from './TicketList.js';
import { ticketQuery, viewerOf, type TicketListFilter, type TicketStatus } from './ticketListState.js';
import { useNewMessageAlert } from './useNewMessageAlert.js';
import { ticketChangedHere } from './ticketBus.js';
import { emptyListHint } from './emptyListHint.js';
import { SHOW_ALL_PERMISSION } from './first-requests.js';

// Loaded the first time it opens (its contact search and pickers are not needed to read the list).
const NewTicketModal = lazy(() => import('./NewTicketModal.js').then((m) => ({ default: m.NewTicketModal })));

type Tab = 'open' | 'closed' | 'search';
type OpenList = 'pending' | 'open';
type QueueOption = Pick<Queue, 'id' | 'name' | 'color'>;

/** Header counts from GET /api/tickets/count, read again shortly after ticket events. */
function useTicketCount(query: Record<string, string | undefined>): number | null {
  const [count, setCount] = useState<number | null>(null);
  const [tick, setTick] = useState(0);
  const key = JSON.stringify(query);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useRealtime(SOCKET_EVENTS.ticket, () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setTick((n) => n + 1), 500);
  });
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  useEffect(() => {
    let alive = true;
    call(TICKET_ENDPOINTS.count, { query: JSON.parse(key) as Record<string, string> }).then(
      (r) => alive && setCount(r.count),
      // The count is a hint beside the lists; without it the lists still work, so no toast here.
      (err: unknown) => {
        if (alive) setCount(null);
        console.warn('ticket count not loaded', err);
      },
    );
    return () => {
      alive = false;
    };
  }, [key, tick]);
  return count;
}

export interface TicketsManagerProps {
  selectedUuid?: string;
  narrow: boolean;
  onOpen: (ticket: TicketDto) => void;
}

/** The left column: header (search, new, show-all, queues, tags, counts, alerts) and the tabbed lists. */
export function TicketsManager({ selectedUuid, narrow, onOpen }: TicketsManagerProps) {
  const { t } = useT();
  const { token } = theme.useToken();
  const me = useCurrentUser();
  const isAdmin = useCan(SHOW_ALL_PERMISSION);

  const [tab, setTab] = useState<Tab>('open');
  const [openList, setOpenList] = useState<OpenList>('open');
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim(), 500);
  // Admins see every ticket of the company by default (issue 36 item 3): an admin in no queue otherwise sees
  // "0 waiting" while a customer waits. The switch narrows the lists to their own queues.
  const [showAll, setShowAll] = useState(true);
  const [allQueues, setAllQueues] = useState<QueueOption[]>([]);
  const [selectedQueues, setSelectedQueues] = useState<number[] | null>(null);
  const [tags, setTags] = useState<TagDto[]>([]);
  const [selectedTags, setSelectedTags] = useState<number[]>([]);
  const [creating, setCreating] = useState(false);
  // Once opened, the dialog stays mounted so closing it animates.
  const [created, setCreated] = useState(false);
  useEffect(() => {
    if (creating) setCreated(true);
  }, [creating]);
  const alerts = useNewMessageAlert(selectedUuid, onOpen);

  // A ticket this user just accepted (or reopened) leaves the waiting list: follow it to "in progress"
  // instead of staying on a list it vanished from (issue 36 item 4).
  const meId = me?.id;
  useEffect(
    () =>
      ticketChangedHere.watch((ticket) => {
        if (ticket.status === 'open' && ticket.userId === meId) setOpenList('open');
      }).unsubscribe,
    [meId],
  );

  const ownQueues = useMemo(() => me?.queues ?? [], [me?.queues]);
  // Non-admins are offered only their own queues; admins every queue of the company (core-operations §6).
  const offeredQueues: QueueOption[] = isAdmin ? allQueues : ownQueues;

  useEffect(() => {
    if (isAdmin) call(QUEUE_ENDPOINTS.list).then(setAllQueues, (err: unknown) => console.warn('queues not loaded', err));
    call(TAG_ENDPOINTS.list).then(setTags, (err: unknown) => console.warn('tags not loaded', err));
  }, [isAdmin]);

  // Typing searches in the search tab; clearing the box goes back to the open tickets.
  useEffect(() => {
    if (searchParam) setTab('search');
  }, [searchParam]);

  // Unnarrowed (null) leaves the server's visibility rule to decide; picked queues narrow it.
  const queueIds = selectedQueues?.length ? selectedQueues : null;
  const viewer = useMemo(() => viewerOf(me, isAdmin, showAll), [me, isAdmin, showAll]);
  const base = { queueIds, tagIds: selectedTags, showAll: isAdmin && showAll };
  const filterOf = (status: TicketStatus | undefined, searching = false): TicketListFilter => ({ status, queueIds, tagIds: selectedTags, searching, viewer });

  // The count endpoint takes status, queues and show-all (not tags): the badges count the lists unfiltered by tag.
  const countBase = { queueIds, tagIds: [], showAll: base.showAll };
  const pendingCount = useTicketCount(ticketQuery({ ...countBase, status: 'pending' }));
  const openCount = useTicketCount(ticketQuery({ ...countBase, status: 'open' }));

  const hint = emptyListHint({ isAdmin, showAll, queueFilter: !!queueIds, tagFilter: selectedTags.length > 0, ownQueues: ownQueues.length });
  const emptyHint = hint ? t(`tickets.emptyHint_${hint}`) : undefined;
  const listProps = { selectedUuid, narrow, onOpen, emptyHint };
  const countBadge = (n: number | null, testId: string) =>
    n === null ? null : <Badge count={n} showZero overflowCount={999} color={token.colorPrimary} style={{ marginInlineStart: 6 }} data-testid={testId} />;

  return (
    <Flex vertical style={{ height: '100%', minHeight: 0 }} data-testid="tickets-manager">
      <Flex vertical gap={8} style={{ padding: 10, borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
        <Flex gap={6} align="center">
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('tickets.search')}
            title={t('tickets.searchHint')}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              if (!e.target.value.trim()) setTab('open');
            }}
            data-testid="tickets-search"
          />
          <Tooltip title={alerts.muted ? t('tickets.unmute') : t('tickets.mute')}>
            <Button
              icon={alerts.muted ? <MutedOutlined /> : <BellOutlined />}
              onClick={alerts.toggleMuted}
              aria-label={alerts.muted ? t('tickets.unmute') : t('tickets.mute')}
              aria-pressed={alerts.muted}
              data-testid="tickets-mute"
            />
          </Tooltip>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="tickets-new">
            {narrow ? null : t('tickets.newTicket')}
          </Button>
        </Flex>
        {!alerts.muted && alerts.permission === 'default' && (
          <Typography.Link onClick={alerts.askPermission} style={{ fontSize: 12 }} data-testid="tickets-notify-permission">
            {t('tickets.enableNotifications')}
          </Typography.Link>
        )}
        <Flex gap={6} align="center" wrap={narrow}>
          <Select
            mode="multiple"
            allowClear
            maxTagCount="responsive"
            value={selectedQueues ?? []}
            onChange={(ids: number[]) => setSelectedQueues(ids.length ? ids : null)}
            placeholder={t('tickets.allQueues')}
            options={offeredQueues.map((q) => ({ value: q.id, label: q.name }))}
            style={{ flex: 1, minWidth: 120 }}
            data-testid="tickets-queues"
          />
          <Select
            mode="multiple"
            allowClear
            maxTagCount="responsive"
            value={selectedTags}
            onChange={setSelectedTags}
            placeholder={t('tickets.allTags')}
            options={tags.map((tag) => ({ value: tag.id, label: tag.name }))}
            style={{ flex: 1, minWidth: 120 }}
            data-testid="tickets-tags"
          />
          {isAdmin && (
            <Tooltip title={t('tickets.showAll')}>
              <Flex align="center" gap={4}>
                <Switch size="small" checked={showAll} onChange={setShowAll} aria-label={t('tickets.showAll')} data-testid="tickets-show-all" />
                <Typography.Text style={{ fontSize: 12, whiteSpace: 'nowrap' }}>{t('tickets.all')}</Typography.Text>
              </Flex>
            </Tooltip>
          )}
        </Flex>
      </Flex>
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as Tab)}
        centered
        size="small"
        style={{ marginBottom: 0 }}
        tabBarStyle={{ marginBottom: 0 }}
        items={[
          { key: 'open', label: <span data-testid="tickets-tab-open">{t('tickets.tabOpen')}</span> },
          { key: 'closed', label: <span data-testid="tickets-tab-closed">{t('tickets.tabClosed')}</span> },
          { key: 'search', label: <span data-testid="tickets-tab-search">{t('tickets.tabSearch')}</span> },
        ]}
      />
      {tab === 'open' && (
        <Segmented
          block
          value={openList}
          onChange={(v) => setOpenList(v as OpenList)}
          style={{ margin: 8 }}
          options={[
            { value: 'open', label: <span data-testid="tickets-open-list-open">{t('tickets.inProgress')}{countBadge(openCount, 'tickets-count-open')}</span> },
            { value: 'pending', label: <span data-testid="tickets-open-list-pending">{t('tickets.waiting')}{countBadge(pendingCount, 'tickets-count-pending')}</span> },
          ]}
        />
      )}
      {/* Both lists of the open tab stay mounted so they keep following live events while hidden. */}
      <TicketList
        {...listProps}
        filter={filterOf('open')}
        query={ticketQuery({ ...base, status: 'open' })}
        testId="tickets-list-open"
        hidden={tab !== 'open' || openList !== 'open'}
      />
      <TicketList
        {...listProps}
        filter={filterOf('pending')}
        query={ticketQuery({ ...base, status: 'pending' })}
        testId="tickets-list-pending"
        hidden={tab !== 'open' || openList !== 'pending'}
      />
      {tab === 'closed' && <TicketList {...listProps} filter={filterOf('closed')} query={ticketQuery({ ...base, status: 'closed' })} testId="tickets-list-closed" />}
      {tab === 'search' && (
        <TicketList
          {...listProps}
          filter={filterOf(undefined, true)}
          query={ticketQuery({ ...base, searchParam })}
          testId="tickets-list-search"
        />
      )}
      {(creating || created) && (
        <Suspense fallback={null}>
          <NewTicketModal open={creating} queues={offeredQueues} onClose={() => setCreating(false)} onOpenTicket={onOpen} />
        </Suspense>
      )}
    </Flex>
  );
}
