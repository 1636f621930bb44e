import { useEffect, useState } from 'react';
import { Alert, Empty, Modal, Segmented, Select, Spin, Statistic, Table, Tabs, Flex } from 'antd';
import { call, useT } from '@atende/sdk-web';
import { AI_ENDPOINTS, CREDIT_OPERATIONS, creditState, type CreditOperation } from '@atende/plugin-ai-contract';

type Report = Awaited<ReturnType<typeof call<typeof AI_ENDPOINTS.report>>>['data'];
const COLORS = { critical: '#ff4d4f', low: '#faad14', good: '#52c41a' } as const;

/** The Credits dialog (commercial-admin §2): Balance, and Reports from the ledger (summary, by operation, daily; 7/30/90 days). */
export default function CreditsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useT('ai');
  const [balance, setBalance] = useState<number | null>(null);
  const [balanceError, setBalanceError] = useState(false);
  const [days, setDays] = useState<7 | 30 | 90>(30);
  const [operation, setOperation] = useState<CreditOperation | 'all'>('all');
  const [report, setReport] = useState<Report | null>(null);
  const [reportError, setReportError] = useState(false);

  useEffect(() => {
    call(AI_ENDPOINTS.balance).then((r) => setBalance(r.data.balance), () => setBalanceError(true));
  }, []);
  useEffect(() => {
    setReport(null);
    setReportError(false);
    call(AI_ENDPOINTS.report, { query: { days, ...(operation === 'all' ? {} : { operation }) } }).then((r) => setReport(r.data), () => setReportError(true));
  }, [days, operation]);

  const state = balance === null ? null : creditState(balance);
  const opLabel = (op: string) => t(`operations.${op}`);
  return (
    <Modal open title={t('credits.title')} onCancel={onClose} footer={null} width={720}>
      <Tabs
        items={[
          {
            key: 'balance',
            label: t('credits.balanceTab'),
            children: balanceError ? (
              <Alert type="error" message={t('credits.loadError')} />
            ) : balance === null ? (
              <Spin />
            ) : (
              <Flex vertical gap={12}>
                <Statistic title={t('credits.available')} value={balance} valueStyle={{ color: COLORS[state!] }} data-testid="ai-credits-dialog-balance" />
                {state === 'critical' && <Alert type="warning" message={t('credits.lowWarning')} />}
              </Flex>
            ),
          },
          {
            key: 'reports',
            label: t('credits.reportsTab'),
            children: (
              <Flex vertical gap={12}>
                <Flex gap={8} wrap>
                  <Segmented<7 | 30 | 90> value={days} onChange={setDays} options={[7, 30, 90].map((d) => ({ value: d as 7 | 30 | 90, label: t('credits.days', { count: d }) }))} />
                  <Select<CreditOperation | 'all'>
                    value={operation}
                    onChange={setOperation}
                    style={{ minWidth: 200 }}
                    options={[{ value: 'all', label: t('operations.all') }, ...CREDIT_OPERATIONS.map((o) => ({ value: o, label: opLabel(o) }))]}
                  />
                </Flex>
                {reportError ? (
                  <Alert type="error" message={t('credits.reportError')} />
                ) : !report ? (
                  <Spin />
                ) : report.summary.totalOperations === 0 ? (
                  <Empty description={t('credits.noUsage')} />
                ) : (
                  <>
                    <Flex gap={24} wrap>
                      <Statistic title={t('credits.totalConsumed')} value={report.summary.totalConsumed} />
                      <Statistic title={t('credits.totalOperations')} value={report.summary.totalOperations} />
                      <Statistic title={t('credits.average')} value={report.summary.averagePerOperation} />
                      <Statistic title={t('credits.mostUsed')} value={report.summary.mostUsedOperation ? opLabel(report.summary.mostUsedOperation) : '—'} />
                    </Flex>
                    <Table
                      size="small"
                      rowKey="operation"
                      pagination={false}
                      dataSource={report.byOperation}
                      columns={[
                        { title: t('credits.operation'), dataIndex: 'operation', render: opLabel },
                        { title: t('credits.credits'), dataIndex: 'credits' },
                        { title: t('credits.operations'), dataIndex: 'operations' },
                      ]}
                    />
                    <Table
                      size="small"
                      rowKey="date"
                      pagination={false}
                      dataSource={report.daily.slice(-7)}
                      columns={[
                        { title: t('credits.date'), dataIndex: 'date' },
                        { title: t('credits.credits'), dataIndex: 'credits' },
                        { title: t('credits.operations'), dataIndex: 'operations' },
                      ]}
                    />
                  </>
                )}
              </Flex>
            ),
          },
        ]}
      />
    </Modal>
  );
}
