import { useCallback, useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { Alert, Badge, Card, Flex, Input, Select, Space, Tag, Typography, theme } from 'antd';
import { CloseCircleOutlined, SearchOutlined } from '@ant-design/icons';
import { CONNECTION_ENDPOINTS, type Connection } from '@atende/core-contract';
import { call, dayIn, useCurrentUser, useDebouncedValue, useRealtime, useT } from '@atende/sdk-web';
import { KANBAN_ENDPOINTS, type KanbanCard } from '@atende/plugin-kanban-contract';
import { Lane } from './Lane.js';
import type { MoveTarget } from './KanbanCard.js';

/** The viewer's lane order lives in this browser (a personal view, like a column width); no server round trip. */
const orderKey = (companyId: number | undefined, userId: number | undefined) => `atende.kanban.laneOrder.${companyId ?? 0}.${userId ?? 0}`;
const readOrder = (key: string): number[] => {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is number => Number.isInteger(x)) : [];
  } catch {
    return [];
  }
};
import {
  activeChips,
  applyPage,
  applyTicket,
  emptyLanes,
  findCard,
  laneBeside,
  laneKey,
  matches,
  moveCard,
  orderTags,
  restoreCard,
  shiftTag,
  type Filters,
  type LaneId,
  type LaneState,
  type LaneTag,
  type Viewer,
} from './board.js';


export default function KanbanPage() {
  const { t } = useT('kanban');
  const { token } = theme.useToken();
  const user = useCurrentUser();
  // The company's day (its time zone), as the server counts the date filter: a browser elsewhere would be a day off.
  const timeZone = user?.company.timeZone;
  const today = dayIn(timeZone);
  const day = useCallback((iso: string) => dayIn(timeZone, new Date(iso)), [timeZone]);
  const [dates, setDates] = useState({ startDate: today, endDate: today });
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput.trim(), 500);
  const [whatsappId, setWhatsappId] = useState<number | null>(null);
  const filters: Filters = useMemo(() => ({ ...dates, search, whatsappId }), [dates, search, whatsappId]);
  const [tags, setTags] = useState<LaneTag[] | null>(null);
  const [lanes, setLanes] = useState<LaneState[]>(() => emptyLanes([]));
  const [connections, setConnections] = useState<Connection[]>([]);
  const storageKey = orderKey(user?.company.id, user?.id);
  const [order, setOrder] = useState<number[]>(() => readOrder(storageKey));
  useEffect(() => setOrder(readOrder(storageKey)), [storageKey]);
  const ordered = useMemo(() => orderTags(tags ?? [], order), [tags, order]);
  const laneOrder: LaneId[] = useMemo(() => [null, ...ordered.map((x) => x.id)], [ordered]);
  const all: MoveTarget[] = useMemo(() => [{ id: null, title: t('noTag') }, ...ordered.map((x) => ({ id: x.id, title: x.name }))], [ordered, t]);
  const [laneHeight, setLaneHeight] = useState(() => Math.max(320, window.innerHeight - 330));
  // Answers for an older filter set are dropped.
  const generation = useRef(0);
  const lanesRef = useRef(lanes);
  lanesRef.current = lanes;

  const admin = user?.profile === 'admin';
  const viewer: Viewer = useMemo(
    () => ({ userId: user?.id ?? 0, admin, queueIds: (user?.queues ?? []).map((q) => q.id), allTicket: user?.allTicket === 'enabled' }),
    [user, admin],
  );
  // showAll is passed for admins only (§2); agents are held to their queues by the server's visibility rule.
  const query = useMemo(
    () => ({
      startDate: filters.startDate,
      endDate: filters.endDate,
      ...(filters.search ? { searchParam: filters.search } : {}),
      ...(filters.whatsappId !== null ? { whatsappId: filters.whatsappId } : {}),
      ...(admin ? { showAll: 'true' as const } : {}),
    }),
    [filters, admin],
  );

  const load = useCallback(async () => {
    const gen = ++generation.current;
    let lista: LaneTag[] = [];
    try {
      lista = (await call(KANBAN_ENDPOINTS.lanes)).lista;
      if (gen !== generation.current) return;
      setTags(lista);
      setLanes(emptyLanes(lista));
      const page = await call(KANBAN_ENDPOINTS.tickets, { query });
      if (gen !== generation.current) return;
      setLanes((l) => applyPage(l, page, false));
    } catch (err) {
      if (gen !== generation.current) return;
      // §8: a load failure empties the list (and is logged).
      console.warn('kanban not loaded', err);
      setTags((known) => known ?? lista);
      setLanes((l) => (l.length ? l : emptyLanes(lista)).map((lane) => ({ ...lane, cards: [], hasMore: false, cursor: null, loading: false })));
    }
  }, [query]);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    call(CONNECTION_ENDPOINTS.list).then(setConnections, (err: unknown) => console.warn('connections not loaded', err));
    const resize = () => setLaneHeight(Math.max(320, window.innerHeight - 330));
    window.addEventListener('resize', resize);
    return () => window.removeEventListener('resize', resize);
  }, []);

  const more = useCallback(
    async (laneId: LaneId) => {
      const lane = lanesRef.current.find((l) => l.id === laneId);
      if (!lane || !lane.hasMore || lane.loading || !lane.cursor) return;
      const gen = generation.current;
      setLanes((ls) => ls.map((l) => (l.id === laneId ? { ...l, loading: true } : l)));
      try {
        const page = await call(KANBAN_ENDPOINTS.tickets, { query: { ...query, lane: laneKey(laneId), cursor: lane.cursor } });
        if (gen === generation.current) setLanes((ls) => applyPage(ls, page, true));
      } catch (err) {
        console.warn('kanban lane not loaded', err);
        if (gen === generation.current) setLanes((ls) => ls.map((l) => (l.id === laneId ? { ...l, loading: false, hasMore: false } : l)));
      }
    },
    [query],
  );

  /** Drag and drop: the card moves at once, and goes back if the server refuses (§8: only logged). */
  const move = useCallback(
    async (ticketId: number, to: LaneId) => {
      const found = findCard(lanesRef.current, ticketId);
      if (!found || found.lane === to || !tags) return;
      const index = lanesRef.current.find((l) => l.id === found.lane)?.cards.findIndex((c) => c.id === ticketId) ?? 0;
      setLanes((ls) => moveCard(ls, ticketId, to, tags));
      try {
        if (to === null) await call(KANBAN_ENDPOINTS.clear, { params: { ticketId } });
        else await call(KANBAN_ENDPOINTS.move, { params: { ticketId, tagId: to } });
      } catch (err) {
        console.warn('kanban move failed', err);
        setLanes((ls) => restoreCard(ls, found.card, found.lane, index));
      }
    },
    [tags],
  );

  /** Arrow keys on a focused card: the lane beside it; the focus follows the card into its new lane. */
  const step = useCallback(
    (ticketId: number, by: -1 | 1) => {
      const found = findCard(lanesRef.current, ticketId);
      if (!found) return;
      const to = laneBeside(laneOrder, found.lane, by);
      if (to === undefined) return;
      void move(ticketId, to);
      requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-testid="kanban-lane-${laneKey(to)}"] [data-testid="kanban-card-${ticketId}"]`)?.focus());
    },
    [laneOrder, move],
  );

  const shift = (tagId: number, by: -1 | 1) => {
    const next = shiftTag(ordered.map((x) => x.id), tagId, by);
    setOrder(next);
    localStorage.setItem(storageKey, JSON.stringify(next));
  };

  const dragStart = useCallback((e: DragEvent, card: KanbanCard) => {
    e.dataTransfer.setData('text/plain', String(card.id));
    e.dataTransfer.effectAllowed = 'move';
  }, []);

  // Live: a ticket changed anywhere (moved on another board, tagged in the ticket view, closed, new).
  useRealtime('ticket', (e) => {
    if (!tags) return;
    if (e.action === 'update') setLanes((ls) => applyTicket(ls, e.ticket, tags, matches(e.ticket, filters, viewer, day)));
    else if (e.action === 'delete') setLanes((ls) => ls.map((l) => (l.cards.some((c) => c.id === e.ticketId) ? { ...l, cards: l.cards.filter((c) => c.id !== e.ticketId) } : l)));
  });
  // A tag became (or stopped being) a lane, was renamed or deleted: the lanes are read again.
  useRealtime('tag', (e) => {
    const id = e.action === 'delete' ? e.tagId : e.tag.id;
    if ((e.action !== 'delete' && e.tag.kanban === 1) || tags?.some((l) => l.id === id)) void load();
  });

  const chips = activeChips(filters, today);
  const clear = (chip: (typeof chips)[number]) => {
    if (chip === 'startDate' || chip === 'endDate') setDates((d) => ({ ...d, [chip]: today }));
    if (chip === 'search') setSearchInput('');
    if (chip === 'whatsappId') setWhatsappId(null);
  };
  const connectionName = (id: number | null) => connections.find((c) => c.id === id)?.name ?? String(id);
  const chipText = { startDate: `${t('from')}: ${filters.startDate}`, endDate: `${t('to')}: ${filters.endDate}`, search: `${t('number')}: ${filters.search}`, whatsappId: `${t('connection')}: ${connectionName(filters.whatsappId)}` };

  return (
    <Card data-testid="kanban-page" styles={{ body: { padding: 16 } }}>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 12 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('title')}
        </Typography.Title>
        <Flex gap={8} wrap align="center">
          <Space.Compact>
            <Input
              type="date"
              aria-label={t('from')}
              value={dates.startDate}
              max={dates.endDate}
              onChange={(e) => e.target.value && setDates((d) => ({ ...d, startDate: e.target.value }))}
              data-testid="kanban-start"
              style={{ width: 160 }}
            />
            <Input
              type="date"
              aria-label={t('to')}
              value={dates.endDate}
              min={dates.startDate}
              onChange={(e) => e.target.value && setDates((d) => ({ ...d, endDate: e.target.value }))}
              data-testid="kanban-end"
              style={{ width: 160 }}
            />
          </Space.Compact>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('searchNumber')}
            value={searchInput}
            onChange={(e) => setSearchInput(e.target.value)}
            style={{ width: 200 }}
            data-testid="kanban-search"
          />
          <Select<number | null>
            value={whatsappId}
            onChange={setWhatsappId}
            style={{ width: 230 }}
            data-testid="kanban-connection"
            options={[
              { value: null, label: t('allConnections') },
              ...connections.map((c) => ({
                value: c.id,
                label: (
                  <Space size={6}>
                    <Badge status={c.status === 'CONNECTED' ? 'success' : c.status === 'DISCONNECTED' ? 'error' : 'warning'} />
                    {c.name}
                    <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
                      {c.status === 'CONNECTED' ? t('online') : c.status}
                    </Typography.Text>
                  </Space>
                ),
              })),
            ]}
          />
        </Flex>
      </Flex>
      {chips.length > 0 && (
        <Flex gap={6} wrap style={{ marginBottom: 12 }} data-testid="kanban-chips">
          {chips.map((chip) => (
            <Tag key={chip} closable onClose={() => clear(chip)} data-testid={`kanban-chip-${chip}`}>
              {chipText[chip]}
            </Tag>
          ))}
          <Tag
            icon={<CloseCircleOutlined />}
            color="processing"
            style={{ cursor: 'pointer' }}
            onClick={() => {
              setDates({ startDate: today, endDate: today });
              setSearchInput('');
              setWhatsappId(null);
            }}
            data-testid="kanban-chip-clear"
          >
            {t('clearAll')}
          </Tag>
        </Flex>
      )}
      {/* Only "No tag" so far: say where lanes come from instead of showing one lonely column (issue 36 item 9). */}
      {tags !== null && ordered.length === 0 && (
        <Alert type="info" showIcon style={{ marginBottom: 12 }} data-testid="kanban-no-lanes" message={t('noLanes')} description={t('noLanesHint')} />
      )}
      <Flex gap={12} style={{ overflowX: 'auto', paddingBottom: 8 }} data-testid="kanban-board">
        {laneOrder.map((id, at) => {
          const lane = lanes.find((l) => l.id === id);
          if (!lane) return null;
          const tag = id === null ? null : ordered.find((x) => x.id === id);
          return (
            <Lane
              key={laneKey(id)}
              lane={lane}
              title={tag ? tag.name : t('noTag')}
              color={tag ? tag.color : null}
              height={laneHeight}
              onMore={more}
              onDrop={move}
              onDragStart={dragStart}
              all={all}
              onStep={step}
              // "No tag" stays first; the kanban tags' lanes move among themselves.
              onShift={tag ? (by) => shift(tag.id, by) : undefined}
              canShift={{ left: at > 1, right: at < laneOrder.length - 1 }}
            />
          );
        })}
      </Flex>
    </Card>
  );
}
