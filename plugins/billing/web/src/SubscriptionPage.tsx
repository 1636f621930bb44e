import { useState } from 'react';
import { Button, Card, Col, Descriptions, Flex, Row, Skeleton, Statistic, Tag, Typography } from 'antd';
import { CrownOutlined } from '@ant-design/icons';
import { LoadError, call, daysUntil, useCan, useT } from '@atende/sdk-web';
import { BILLING_ENDPOINTS, BILLING_PERMISSIONS, EXPIRING_SOON_DAYS, type Invoice } from '@atende/plugin-billing-contract';
import { CheckoutDialog } from './CheckoutDialog.js';
import { ChangePlanDialog } from './ChangePlanDialog.js';
import { InvoicesTable, useInvoices } from './InvoicesTable.js';
import { NS, dateText, money, useOverview, usePaymentEvents, useSafeCall } from './common.js';

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
  const [renewing, setRenewing] = useState(false);
  const safe = useSafeCall();
  const reload = () => {
    void overview.reload();
    void list.reload();
  };
  usePaymentEvents(reload);
  const o = overview.data;
  // Renew pays the next period whenever the company wants (issue 38 item 13): the open renewal invoice,
  // or one the server creates now. Only a payment already in review (one at a time), a company without a
  // plan or one that never expires cannot renew, and the reason is said beside the button.
  const unpaid = [...list.rows].filter((r) => r.kind === 'renewal' && r.status === 'open').sort((a, b) => a.dueDate.localeCompare(b.dueDate))[0] ?? null;
  const inReview = list.rows.find((r) => r.status === 'pending_review') ?? null;
  const renewReason = !o || list.loading ? null : inReview ? t(inReview.kind === 'upgrade' ? 'sub.upgradeInReview' : 'sub.renewInReview') : !o.plan ? t('sub.noPlanToRenew') : !o.dueDate ? t('sub.neverExpires') : null;
  const expired = !!o?.dueDate && new Date(o.dueDate).getTime() <= Date.now();
  const renew = async () => {
    if (unpaid) return setPaying(unpaid);
    setRenewing(true);
    const invoice = await safe(() => call(BILLING_ENDPOINTS.renew));
    setRenewing(false);
    if (invoice) {
      setPaying(invoice);
      void list.reload();
    }
  };

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
                    <Button type="primary" disabled={!!renewReason || list.loading} loading={renewing} aria-describedby={renewReason ? 'sub-renew-reason' : 'sub-renew-rule'} onClick={() => void renew()} data-testid="sub-renew">
                      {t('sub.renew')}
                    </Button>
                    <Button onClick={() => setChanging(true)} disabled={!o.plan} data-testid="sub-change">
                      {t('sub.changePlan')}
                    </Button>
                  </Flex>
                  {renewReason ? (
                    <Typography.Text type="secondary" id="sub-renew-reason" data-testid="sub-renew-reason">
                      {renewReason}
                    </Typography.Text>
                  ) : (
                    o.dueDate && (
                      // The rule of the new due date, said before paying: from the current one, not from today.
                      <Typography.Text type="secondary" id="sub-renew-rule" data-testid="sub-renew-rule">
                        {t(expired ? 'sub.renewRuleExpired' : 'sub.renewRule', { date: dateText(o.dueDate, i18n.language) })}
                      </Typography.Text>
                    )
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
          onInvoice={(invoice) => {
            setChanging(false);
            setPaying(invoice);
            void list.reload();
          }}
        />
      )}
    </Flex>
  );
}
