import { useCallback, useEffect, useState } from 'react';
import { App, Button, Card, Col, DatePicker, Flex, Row, Select, Space, Statistic, Table, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { CONNECTION_ENDPOINTS } from '@atende/core-contract';
import { call, useT } from '@atende/sdk-web';
import { DASHBOARD_ENDPOINTS, type CrmAnalytics, type CrmMetrics } from '@atende/plugin-dashboard-contract';
import { addDays, todayIn } from './dates.js';

/** The spec's periods (commercial-admin §2): today, last 7, 30, 90 days, or custom dates. */
const PERIODS = ['today', '7', '30', '90', 'custom'] as const;
type CrmPeriod = (typeof PERIODS)[number];

/** Spanish number style (commercial-admin §9); revenue in euros. */
const num = new Intl.NumberFormat('es-ES');
const eur = new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR' });

export default function CrmPage() {
  const { t } = useT('dashboard');
  const { message } = App.useApp();
  const [period, setPeriod] = useState<CrmPeriod>('7');
  const [range, setRange] = useState<[string, string] | null>(null);
  const [whatsappId, setWhatsappId] = useState<number | 'all'>('all');
  const [connections, setConnections] = useState<{ id: number; name: string }[]>([]);
  const [metrics, setMetrics] = useState<CrmMetrics | null>(null);
  const [analytics, setAnalytics] = useState<CrmAnalytics | null>(null);
  const [loading, setLoading] = useState(false);

  const dates = (): [string, string] => {
    const today = todayIn();
    if (period === 'custom' && range) return range;
    if (period === 'today' || period === 'custom') return [today, today];
    return [addDays(today, -(Number(period) - 1)), today];
  };

  const load = useCallback(async () => {
    const [from, to] = dates();
    // The end of the day appended to dateTo, as the spec's page sends it.
    const query = { dateFrom: from, dateTo: `${to} 23:59:59`, whatsappId: whatsappId === 'all' ? undefined : String(whatsappId) };
    setLoading(true);
    try {
      const [m, a] = await Promise.all([call(DASHBOARD_ENDPOINTS.crmMetrics, { query }), call(DASHBOARD_ENDPOINTS.crmAnalytics, { query })]);
      setMetrics(m.data);
      setAnalytics(a.analytics);
    } catch {
      void message.error(t('crm.loadError'));
    } finally {
      setLoading(false);
    }
  }, [period, range, whatsappId]);

  useEffect(() => void load(), [load]);
  useEffect(() => {
    call(CONNECTION_ENDPOINTS.list).then((list) => setConnections(list.map((c) => ({ id: c.id, name: c.name }))), () => undefined); // the spec only logs it
  }, []);

  const c = metrics?.conversationMetrics;
  const l = metrics?.leadMetrics;
  const b = metrics?.businessMetrics;
  const stat = (key: string, title: string, value: number | string | undefined, suffix?: string) => (
    <Col key={key} xs={12} md={8} xl={6}>
      <Card size="small" data-testid={`crm-${key}`}>
        <Statistic title={title} value={value ?? 0} suffix={suffix} loading={!metrics} formatter={(v) => (typeof v === 'number' ? num.format(v) : v)} />
      </Card>
    </Col>
  );

  return (
    <Flex vertical gap={16} data-testid="crm-page">
      <Flex wrap gap={8} align="center" justify="space-between">
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('crm.title')}
        </Typography.Title>
        <Space wrap>
          <Select<CrmPeriod> value={period} onChange={setPeriod} style={{ minWidth: 160 }} options={PERIODS.map((p) => ({ value: p, label: t(`crm.periods.${p}`) }))} />
          {period === 'custom' && <DatePicker.RangePicker format="YYYY-MM-DD" onChange={(_, d) => setRange(d[0] && d[1] ? [d[0], d[1]] : null)} />}
          <Select<number | 'all'>
            value={whatsappId}
            onChange={setWhatsappId}
            style={{ minWidth: 180 }}
            options={[{ value: 'all' as const, label: t('crm.allConnections') }, ...connections.map((x) => ({ value: x.id, label: x.name }))]}
          />
          <Button icon={<ReloadOutlined />} loading={loading} onClick={() => void load()}>
            {t('filters.refresh')}
          </Button>
        </Space>
      </Flex>

      <Typography.Title level={5}>{t('crm.leads')}</Typography.Title>
      <Row gutter={[16, 16]}>
        {stat('leadsCaptured', t('crm.leadsCaptured'), l?.leadsCaptured)}
        {stat('qualifiedLeads', t('crm.qualifiedLeads'), l?.qualifiedLeads)}
        {stat('hotLeads', t('crm.hotLeads'), l?.hotLeads)}
        {stat('conversionRate', t('crm.conversionRate'), l?.conversionRate, '%')}
        {stat('newContacts', t('crm.newContacts'), l?.newContacts)}
      </Row>

      <Typography.Title level={5}>{t('crm.business')}</Typography.Title>
      <Row gutter={[16, 16]}>
        {stat('totalRevenue', t('crm.totalRevenue'), b ? eur.format(b.totalRevenue) : undefined)}
        {stat('averageTicket', t('crm.averageTicket'), b ? eur.format(b.averageTicket) : undefined)}
        {stat('totalTransactions', t('crm.totalTransactions'), b?.totalTransactions)}
        {stat('revenueGrowth', t('crm.revenueGrowth'), b?.revenueGrowth, '%')}
      </Row>

      <Typography.Title level={5}>{t('crm.conversation')}</Typography.Title>
      <Row gutter={[16, 16]}>
        {stat('started', t('crm.started'), c?.conversationsStarted)}
        {stat('completed', t('crm.completed'), c?.conversationsCompleted)}
        {stat('abandoned', t('crm.abandoned'), c?.conversationsAbandoned)}
        {stat('responseTime', t('crm.responseTime'), c?.averageResponseTime, 's')}
        {stat('totalMessages', t('crm.totalMessages'), c?.totalMessages)}
        {stat('engaged', t('crm.engaged'), c?.conversationFunnel.engaged)}
        {stat('converted', t('crm.converted'), c?.conversationFunnel.converted)}
      </Row>

      <Card size="small" title={t('crm.trends')}>
        <Table
          data-testid="crm-trends"
          size="small"
          rowKey="date"
          pagination={false}
          loading={!analytics}
          dataSource={analytics?.dailyTrends ?? []}
          locale={{ emptyText: t('empty') }}
          columns={[
            { title: t('crm.date'), dataIndex: 'date' },
            { title: t('crm.tickets'), dataIndex: 'tickets', align: 'right', render: (v: number) => num.format(v) },
            { title: t('crm.completed'), dataIndex: 'completed', align: 'right', render: (v: number) => num.format(v) },
            { title: t('crm.uniqueContacts'), dataIndex: 'unique_contacts', align: 'right', render: (v: number) => num.format(v) },
            { title: t('crm.messages'), dataIndex: 'total_messages', align: 'right', render: (v: number) => num.format(v) },
          ]}
        />
      </Card>
    </Flex>
  );
}
