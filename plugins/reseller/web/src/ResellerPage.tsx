import { useCallback, useEffect, useState } from 'react';
import { Alert, App, Button, Card, Col, Flex, Input, Row, Statistic, Table, Tabs, Tag, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { call, errorText, useT } from '@atende/sdk-web';
import { RESELLER_ENDPOINTS, type HistoryEntry, type ResellerMetrics } from '@atende/plugin-reseller-contract';
import { ReferralPlanDialog, type ChangeMode } from './ReferralPlanDialog.js';
import { NS, dateText, useOfferedPlans } from './common.js';

type Referral = ResellerMetrics['referrals'][number];

/** /reseller 'Panel Reseller' (§2): metrics, referral link, referrals with plan actions, history. */
export default function ResellerPage() {
  const { t, i18n } = useT(NS);
  const { message } = App.useApp();
  const [metrics, setMetrics] = useState<ResellerMetrics | null>(null);
  const [history, setHistory] = useState<HistoryEntry[]>([]);
  const overview = useOfferedPlans();
  const plans = overview.plans;
  const [acting, setActing] = useState<{ referral: Referral; mode: ChangeMode } | null>(null);

  // Load failures are only logged (§8).
  const load = useCallback(async () => {
    await Promise.all([
      call(RESELLER_ENDPOINTS.metrics).then(setMetrics, (e) => console.error(e)),
      call(RESELLER_ENDPOINTS.history).then(setHistory, (e) => console.error(e)),
    ]);
  }, []);
  useEffect(() => void load(), [load]);

  const copy = async () => {
    if (!metrics) return;
    await navigator.clipboard?.writeText(metrics.referralLink).catch(() => undefined);
    void message.success(t('reseller.copied'));
  };

  const cards = [
    { key: 'coins', title: t('reseller.coins'), value: metrics?.sendyCoins },
    { key: 'referrals', title: t('reseller.referrals'), value: metrics?.totalCoReferrals },
    { key: 'bonus', title: t('reseller.bonus'), value: metrics?.totalBonus },
    { key: 'sales', title: t('reseller.sales'), value: metrics?.totalSales },
  ];
  const hasMore = (r: Referral) => plans.some((p) => p.connections > (r.plan?.connections ?? 0));
  const hasFewer = (r: Referral) => plans.some((p) => p.connections < (r.plan?.connections ?? 0));

  return (
    <Flex vertical gap={16} data-testid="reseller-page">
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('reseller.title')}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        {cards.map((c) => (
          <Col key={c.key} xs={12} md={6}>
            <Card>
              <Statistic title={c.title} value={c.value ?? '—'} data-testid={`reseller-${c.key}`} />
            </Card>
          </Col>
        ))}
      </Row>
      <Flex vertical gap={4}>
        <Typography.Text>{t('reseller.link')}</Typography.Text>
        <Input readOnly value={metrics?.referralLink ?? ''} addonAfter={<CopyOutlined onClick={() => void copy()} aria-label={t('reseller.link')} />} data-testid="reseller-link" />
      </Flex>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <Alert type="info" showIcon title={t('reseller.infoBonusTitle')} description={t('reseller.infoBonus')} />
        </Col>
        <Col xs={24} md={12}>
          <Alert type="info" showIcon title={t('reseller.infoCostsTitle')} description={t('reseller.infoCosts')} />
        </Col>
      </Row>
      <Tabs
        items={[
          {
            key: 'referrals',
            label: t('reseller.tabReferrals'),
            children: (
              <Table<Referral>
                rowKey="id"
                size="middle"
                dataSource={metrics?.referrals ?? []}
                scroll={{ x: 'max-content' }}
                pagination={{ pageSize: 20, hideOnSinglePage: true }}
                columns={[
                  { title: t('reseller.name'), dataIndex: 'name' },
                  { title: t('reseller.email'), dataIndex: 'email' },
                  { title: t('reseller.plan'), key: 'plan', render: (_: unknown, r: Referral) => r.plan?.name ?? '—' },
                  { title: t('reseller.created'), dataIndex: 'createdAt', render: (v: string) => dateText(v, i18n.language) },
                  { title: t('reseller.due'), dataIndex: 'dueDate', render: (v: string | null) => dateText(v, i18n.language) },
                  { title: 'Bonus', dataIndex: 'bonus' },
                  {
                    title: t('reseller.actions'),
                    key: 'actions',
                    render: (_: unknown, r: Referral) => (
                      <Flex gap={4} wrap>
                        <Button size="small" onClick={() => setActing({ referral: r, mode: 'extend' })} disabled={!r.plan}>
                          {t('change.extend')}
                        </Button>
                        <Button size="small" onClick={() => setActing({ referral: r, mode: 'upgrade' })} disabled={!hasMore(r)}>
                          {t('change.upgrade')}
                        </Button>
                        <Button size="small" onClick={() => setActing({ referral: r, mode: 'downgrade' })} disabled={!hasFewer(r)}>
                          {t('change.downgrade')}
                        </Button>
                      </Flex>
                    ),
                  },
                ]}
              />
            ),
          },
          {
            key: 'history',
            label: t('reseller.tabHistory'),
            children: (
              <Table<HistoryEntry>
                rowKey="id"
                size="middle"
                dataSource={history}
                scroll={{ x: 'max-content' }}
                pagination={{ pageSize: 20, hideOnSinglePage: true }}
                columns={[
                  { title: t('reseller.date'), dataIndex: 'createdAt', render: (v: string) => dateText(v, i18n.language) },
                  { title: t('reseller.referral'), key: 'target', render: (_: unknown, h: HistoryEntry) => h.targetCompany.email ?? h.targetCompany.name },
                  { title: t('reseller.action'), dataIndex: 'actionType', render: (v: HistoryEntry['actionType']) => <Tag>{t(`reseller.${v}`)}</Tag> },
                  { title: t('reseller.used'), dataIndex: 'sendyCoinsUsed' },
                  { title: t('reseller.description'), dataIndex: 'description' },
                ]}
              />
            ),
          },
        ]}
      />
      {acting && metrics && (
        <ReferralPlanDialog
          initialMode={acting.mode}
          plans={plans}
          current={acting.referral.plan}
          dueDate={acting.referral.dueDate}
          balance={metrics.sendyCoins}
          targetCompanyId={acting.referral.id}
          onClose={() => setActing(null)}
          onDone={() => void load()}
        />
      )}
      {overview.error ? <Alert type="error" title={t('reseller.error')} description={errorText(overview.error)} /> : null}
    </Flex>
  );
}
