import { Suspense, lazy, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Badge, Button, Card, Col, DatePicker, Flex, Row, Segmented, Select, Skeleton, Space, Statistic, Table, Typography } from 'antd';
import { ReloadOutlined, DownloadOutlined } from '@ant-design/icons';
import { CONNECTION_ENDPOINTS, QUEUE_ENDPOINTS } from '@atende/core-contract';
import { Zone, call, useAfterPaint, useErrorToast, useRealtime, useRealtimeReconnected, useT } from '@atende/sdk-web';
import { DASHBOARD_ENDPOINTS, DASHBOARD_EVENT, DASHBOARD_PERIODS, type DashboardAgentRow, type DashboardFigures } from '@atende/plugin-dashboard-contract';
import { downloadCsv } from './csv.js';
import { formatDuration } from './duration.js';
import { FIRST_DAYS, figuresQuery } from './first-figures.js';

// The charting library is its own chunk, fetched after the cards are on screen (first view).
const BarChart = lazy(() => import('./BarChart.js'));

type Period = number | 'custom';
/** Realtime nudges are merged: the figures are read again at most this often. */
const LIVE_EVERY_MS = 3000;

export default function DashboardPage() {
  const { t } = useT('dashboard');
  const showError = useErrorToast();
  const [period, setPeriod] = useState<Period>(FIRST_DAYS);
  const [range, setRange] = useState<[string, string] | null>(null);
  const [whatsappId, setWhatsappId] = useState<number | undefined>();
  const [queueId, setQueueId] = useState<number | undefined>();
  const [figures, setFigures] = useState<DashboardFigures | null>(null);
  const [loading, setLoading] = useState(true);
  const [connections, setConnections] = useState<{ id: number; name: string }[]>([]);
  const [queues, setQueues] = useState<{ id: number; name: string }[]>([]);

  const query = useMemo(() => figuresQuery(period, range, whatsappId, queueId), [period, range, whatsappId, queueId]);
  const latest = useRef(0);
  const load = useCallback(async () => {
    const mine = ++latest.current;
    setLoading(true);
    try {
      const next = await call(DASHBOARD_ENDPOINTS.figures, { query });
      if (mine === latest.current) setFigures(next);
    } catch (err) {
      if (mine === latest.current) showError(err);
    } finally {
      if (mine === latest.current) setLoading(false);
    }
  }, [query]);

  useEffect(() => void load(), [load]);
  // The tables (antd's Table is the page's heaviest component to draw) come once the cards' figures are
  // painted, or the first read failed: the cards are what the page is opened for (issue 32, the first view).
  const tablesShown = useAfterPaint(figures !== null || !loading);
  useEffect(() => {
    call(CONNECTION_ENDPOINTS.list).then((list) => setConnections(list.map((c) => ({ id: c.id, name: c.name }))), showError);
    call(QUEUE_ENDPOINTS.list).then((list) => setQueues(list.map((q) => ({ id: q.id, name: q.name }))), showError);
  }, []);

  // Live: the plugin says when its rollups moved; many events in a burst make one read.
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const nudge = useCallback(() => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void load();
    }, LIVE_EVERY_MS);
  }, [load]);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  useRealtime(DASHBOARD_EVENT, nudge);
  useRealtimeReconnected(() => void load());

  const queueName = (id: number | null) => (id === null ? t('queues.none') : (queues.find((q) => q.id === id)?.name ?? `#${id}`));
  const dur = (ms: number | null) => (ms === null ? t('notMeasured') : formatDuration(ms));
  const c = figures?.cards;
  const cards: [string, string, number | string | undefined][] = [
    ['waiting', t('cards.waiting'), c?.waiting],
    ['attending', t('cards.attending'), c?.attending],
    ['created', t('cards.created'), c?.created],
    ['closed', t('cards.closed'), c?.closed],
    ['newContacts', t('cards.newContacts'), c ? (c.newContacts ?? t('notMeasured')) : undefined],
    ['avgWait', t('cards.avgWait'), c ? dur(c.avgWaitMs) : undefined],
    ['avgHandle', t('cards.avgHandle'), c ? dur(c.avgHandleMs) : undefined],
    ['messagesIn', t('cards.messagesIn'), c?.messagesIn],
    ['messagesOut', t('cards.messagesOut'), c?.messagesOut],
  ];

  // Stable inputs: the chart is redrawn only when the figures or the language change.
  const daySeries = useMemo(() => [{ name: t('charts.created') }, { name: t('charts.closed') }], [t]);
  const hourSeries = useMemo(() => [{ name: t('charts.created') }], [t]);
  const dayData = useMemo(() => (figures?.byDay ?? []).map((d) => ({ label: d.day.slice(5), values: [d.created, d.closed] })), [figures]);
  const hourData = useMemo(() => (figures?.byHour ?? []).map((h) => ({ label: String(h.hour), values: [h.created] })), [figures]);

  const exportAgents = () =>
    figures &&
    downloadCsv(`agents-${figures.period.from}-${figures.period.to}.csv`, [
      [t('agents.name'), t('agents.accepted'), t('agents.closed'), `${t('agents.avgHandle')} (s)`, t('agents.attendingNow'), t('agents.online')],
      ...figures.agents.map((a) => [a.name, a.accepted, a.closed, a.avgHandleMs === null ? null : Math.round(a.avgHandleMs / 1000), a.attendingNow, t(a.online ? 'agents.yes' : 'agents.no')]),
    ]);
  const exportQueues = () =>
    figures &&
    downloadCsv(`queues-${figures.period.from}-${figures.period.to}.csv`, [
      [t('queues.name'), t('queues.created'), t('queues.accepted'), t('queues.closed'), `${t('queues.avgWait')} (s)`, `${t('queues.avgHandle')} (s)`],
      ...figures.queues.map((q) => [queueName(q.queueId), q.created, q.accepted, q.closed, secs(q.avgWaitMs), secs(q.avgHandleMs)]),
    ]);

  return (
    <Flex vertical gap={16} data-testid="dashboard-page">
      <Flex wrap gap={8} align="center" justify="space-between">
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('title')}
        </Typography.Title>
        <Space wrap>
          <Segmented<Period>
            data-testid="dashboard-period"
            value={period}
            onChange={setPeriod}
            options={[...DASHBOARD_PERIODS.map((n) => ({ value: n as Period, label: t('period.days', { count: n }) })), { value: 'custom' as Period, label: t('period.custom') }]}
          />
          {period === 'custom' && (
            <DatePicker.RangePicker
              data-testid="dashboard-range"
              format="YYYY-MM-DD"
              onChange={(_, days) => setRange(days[0] && days[1] ? [days[0], days[1]] : null)}
            />
          )}
          <Select allowClear style={{ minWidth: 180 }} placeholder={t('filters.connection')} value={whatsappId} onChange={setWhatsappId} options={connections.map((x) => ({ value: x.id, label: x.name }))} />
          <Select allowClear style={{ minWidth: 160 }} placeholder={t('filters.queue')} value={queueId} onChange={setQueueId} options={queues.map((x) => ({ value: x.id, label: x.name }))} />
          <Button icon={<ReloadOutlined />} onClick={() => void load()} aria-label={t('filters.refresh')} />
        </Space>
      </Flex>

      <Row gutter={[16, 16]}>
        {cards.map(([key, title, value]) => (
          <Col key={key} xs={12} md={8} xl={6} xxl={4}>
            <Card size="small" data-testid={`dashboard-card-${key}`}>
              {value === undefined ? <Skeleton active paragraph={false} /> : <Statistic title={title} value={value} loading={loading && !figures} />}
            </Card>
          </Col>
        ))}
        {figures && <Zone name="dashboard.cards" context={{ period: { from: figures.period.from, to: figures.period.to } }} />}
      </Row>

      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Card size="small" title={t('charts.byDay')} loading={!figures}>
            {figures && (
              <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} title={false} />}>
                <BarChart empty={t('empty')} series={daySeries} data={dayData} />
              </Suspense>
            )}
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card size="small" title={t('charts.byHour')} loading={!figures}>
            {figures && (
              <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} title={false} />}>
                <BarChart empty={t('empty')} series={hourSeries} data={hourData} />
              </Suspense>
            )}
          </Card>
        </Col>
      </Row>

      <Card size="small" title={t('agents.title')} loading={!tablesShown} extra={<Button size="small" icon={<DownloadOutlined />} onClick={exportAgents} disabled={!figures?.agents.length}>{t('export')}</Button>}>
        {tablesShown && <Table
          data-testid="dashboard-agents"
          size="small"
          rowKey="userId"
          loading={loading && !figures}
          pagination={false}
          dataSource={figures?.agents ?? []}
          locale={{ emptyText: t('empty') }}
          columns={[
            {
              title: t('agents.name'),
              dataIndex: 'name',
              // Who is connected now: a status dot, its meaning in the tooltip and for screen readers.
              render: (name: string, a: DashboardAgentRow) => (
                <span data-testid={`dashboard-agent-${a.userId}`} data-online={a.online} title={t(a.online ? 'agents.online' : 'agents.offline')}>
                  <Badge status={a.online ? 'success' : 'default'} text={name} />
                </span>
              ),
            },
            { title: t('agents.accepted'), dataIndex: 'accepted', align: 'right' },
            { title: t('agents.closed'), dataIndex: 'closed', align: 'right' },
            { title: t('agents.avgHandle'), dataIndex: 'avgHandleMs', align: 'right', render: dur },
            { title: t('agents.attendingNow'), dataIndex: 'attendingNow', align: 'right' },
          ]}
        />}
      </Card>

      <Card size="small" title={t('queues.title')} loading={!tablesShown} extra={<Button size="small" icon={<DownloadOutlined />} onClick={exportQueues} disabled={!figures?.queues.length}>{t('export')}</Button>}>
        {tablesShown && <Table
          data-testid="dashboard-queues"
          size="small"
          rowKey={(q) => String(q.queueId)}
          loading={loading && !figures}
          pagination={false}
          dataSource={figures?.queues ?? []}
          locale={{ emptyText: t('empty') }}
          columns={[
            { title: t('queues.name'), dataIndex: 'queueId', render: queueName },
            { title: t('queues.created'), dataIndex: 'created', align: 'right' },
            { title: t('queues.accepted'), dataIndex: 'accepted', align: 'right' },
            { title: t('queues.closed'), dataIndex: 'closed', align: 'right' },
            { title: t('queues.avgWait'), dataIndex: 'avgWaitMs', align: 'right', render: dur },
            { title: t('queues.avgHandle'), dataIndex: 'avgHandleMs', align: 'right', render: dur },
          ]}
        />}
      </Card>
    </Flex>
  );
}

const secs = (ms: number | null) => (ms === null ? null : Math.round(ms / 1000));
