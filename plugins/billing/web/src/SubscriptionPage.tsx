import { useState } from 'react';
import { Button, Card, Col, Descriptions, Flex, Row, Skeleton, Statistic, Tag, Typography } from 'antd';
import { CrownOutlined } from '@ant-design/icons';
import { LoadError, daysUntil, useCan, useT } from '@atende/sdk-web';
import { BILLING_PERMISSIONS, EXPIRING_SOON_DAYS, type Invoice } from '@atende/plugin-billing-contract';
import { CheckoutDialog } from './CheckoutDialog.js';
import { ChangePlanDialog } from './ChangePlanDialog.js';
import { InvoicesTable, useInvoices } from './InvoicesTable.js';
import { NS, dateText, money, useOverview, usePaymentEvents } from './common.js';

/** The plan chip (§4): expired below 0 days, 'expires in N days' at 5 or fewer, otherwise active. */
function StatusChip({ dueDate }: { dueDate: string | null }) {
  const { t } = useT(NS);
  const days = daysUntil(dueDate);
  if (days === null) return <Tag color="success">{t('sub.active')}</Tag>;
  if (days < 0) return <Tag color="error">{t('sub.expired')}</Tag>;
  if (days <= EXPIRING_SOON_DAYS) return <Tag color="warning">{t('sub.expiresIn', { n: days })}</Tag>;
  return <Tag color="success">{t('sub.active')}</Tag>;
}

/** /subscription 'Mi Plan de Suscripción' (§2); reachable when expired. */
export default function SubscriptionPage() {
  const { t, i18n } = useT(NS);
  const overview = useOverview();
  const list = useInvoices();
  const canPay = useCan('billing:pay', BILLING_PERMISSIONS);
  const [paying, setPaying] = useState<Invoice | null>(null);
  const [changing, setChanging] = useState(false);
  const reload = () => {
    void overview.reload();
    void list.reload();
  };
  usePaymentEvents(reload);
  const o = overview.data;
  // An invoice in review is already paid (waiting for approval): renewing means the next unpaid one.
  const unpaid = [...list.rows].filter((r) => r.status !== 'paid' && r.status !== 'pending_review').sort((a, b) => a.dueDate.localeCompare(b.dueDate))[0] ?? null;
  const inReview = list.rows.some((r) => r.status === 'pending_review');
  // Renew is never greyed out without the reason beside it.
  const renewReason = unpaid || list.loading ? null : inReview ? t('sub.renewInReview') : t('sub.nothingToPay');

  return (
    <Flex vertical gap={16} data-testid="subscription-page">
      <Typography.Title level={3} style={{ margin: 0 }}>
        <CrownOutlined /> {t('sub.title')}
      </Typography.Title>
      {overview.error ? (
        <LoadError error={overview.error} onRetry={() => void overview.reload()} />
      ) : !o ? (
        <Skeleton active />
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} md={16}>
            <Card>
              <Descriptions column={1} size="small">
                <Descriptions.Item label={t('sub.plan')}>
                  {o.plan ? (
                    <Typography.Text strong data-testid="sub-plan">
                      {o.plan.name} · {money(o.plan.value)}
                      {t('checkout.perMonth')} · {t('checkout.connections', { n: o.plan.connections })}
                    </Typography.Text>
                  ) : (
                    t('sub.noPlan')
                  )}
                </Descriptions.Item>
                <Descriptions.Item label={t('sub.email')}>
                  <span data-testid="sub-email">{o.email ?? '—'}</span>
                </Descriptions.Item>
                <Descriptions.Item label={t('sub.dueDate')}>
                  <Flex gap={8} align="center">
                    <span data-testid="sub-due">{dateText(o.dueDate, i18n.language)}</span>
                    <StatusChip dueDate={o.dueDate} />
                  </Flex>
                </Descriptions.Item>
              </Descriptions>
              {canPay && (
                <Flex vertical gap={6} style={{ marginTop: 12 }}>
                  <Flex gap={8} wrap>
                    <Button type="primary" disabled={!unpaid} aria-describedby={renewReason ? 'sub-renew-reason' : undefined} onClick={() => setPaying(unpaid)} data-testid="sub-renew">
                      {t('sub.renew')}
                    </Button>
                    <Button onClick={() => setChanging(true)} disabled={!o.plan} data-testid="sub-change">
                      {t('sub.changePlan')}
                    </Button>
                  </Flex>
                  {renewReason && (
                    <Typography.Text type="secondary" id="sub-renew-reason" data-testid="sub-renew-reason">
                      {renewReason}
                    </Typography.Text>
                  )}
                </Flex>
              )}
            </Card>
          </Col>
          <Col xs={24} md={8}>
            <Card>
              <Statistic title={t('sub.coins')} value={o.coins} data-testid="sub-coins" />
            </Card>
          </Col>
        </Row>
      )}
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('sub.history')}
      </Typography.Title>
      <InvoicesTable list={list} onPay={setPaying} />
      {o && <CheckoutDialog invoice={paying} overview={o} onClose={() => setPaying(null)} onPaid={() => void list.reload()} />}
      {o && (
        <ChangePlanDialog
          open={changing}
          plans={o.plans}
          current={o.plan}
          dueDate={o.dueDate}
          balance={o.coins}
          onClose={() => setChanging(false)}
          onDone={() => void overview.reload()}
        />
      )}
    </Flex>
  );
}
