import { useCallback, useEffect, useState } from 'react';
import { App, Button, Card, Flex, Segmented, Typography } from 'antd';
import { call, useConfirm, useRealtime, useT } from '@atende/sdk-web';
import { BILLING_ENDPOINTS, INVOICE_REVIEW_EVENT, type Invoice, type InvoiceStatus } from '@atende/plugin-billing-contract';
import { InvoicesTable, useInvoices } from './InvoicesTable.js';
import { NS, useSafeCall } from './common.js';
import { AdjustCoinsCard } from './AdjustCoinsCard.js';

/** /billing-review (super user): payments sent to review are approved (paid, renewed) or rejected. */
export default function ReviewPage() {
  const { t } = useT(NS);
  const { message } = App.useApp();
  const confirm = useConfirm();
  const safe = useSafeCall();
  const [status, setStatus] = useState<InvoiceStatus | 'all'>('pending_review');
  const list = useInvoices(status === 'all' ? undefined : status);
  const [stats, setStats] = useState<{ totalCompaniesWithBonus: number; totalBonusActions: number } | null>(null);
  const loadStats = useCallback(async () => setStats((await safe(() => call(BILLING_ENDPOINTS.bonusStats)))?.data ?? null), [safe]);
  useEffect(() => void loadStats(), [loadStats]);
  useRealtime(INVOICE_REVIEW_EVENT, () => void list.reload());

  const approve = async (i: Invoice) => {
    if (!(await confirm({ title: `${t('review.approve')} #${i.id} · ${i.companyName}` }))) return;
    if (await safe(() => call(BILLING_ENDPOINTS.approve, { params: { id: i.id } }))) void message.success(t('review.approved'));
    void list.reload();
  };
  const reject = async (i: Invoice) => {
    if (!(await confirm({ title: `${t('review.reject')} #${i.id} · ${i.companyName}`, danger: true }))) return;
    if (await safe(() => call(BILLING_ENDPOINTS.reject, { params: { id: i.id } }))) void message.success(t('review.rejectedOk'));
    void list.reload();
  };

  return (
    <Flex vertical gap={16} data-testid="review-page">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('review.title')}
        </Typography.Title>
        <Flex gap={8}>
          <Button
            onClick={async () => {
              const r = await safe(() => call(BILLING_ENDPOINTS.generate));
              if (r) void message.success(t('review.generated', { n: r.created }));
              void list.reload();
            }}
          >
            {t('review.generate')}
          </Button>
        </Flex>
      </Flex>
      <Segmented<InvoiceStatus | 'all'>
        value={status}
        onChange={setStatus}
        options={[
          { value: 'pending_review', label: t('status.pending_review') },
          { value: 'open', label: t('status.open') },
          { value: 'paid', label: t('status.paid') },
          { value: 'all', label: t('review.filterAll') },
        ]}
      />
      <InvoicesTable
        list={list}
        extraActions={(i) =>
          i.status === 'pending_review' && (
            <>
              <Button size="small" type="primary" onClick={() => void approve(i)} data-testid={`approve-${i.id}`}>
                {t('review.approve')}
              </Button>
              <Button size="small" danger onClick={() => void reject(i)}>
                {t('review.reject')}
              </Button>
            </>
          )
        }
      />
      <Card size="small">
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Typography.Text>{stats ? t('review.bonusStats', { companies: stats.totalCompaniesWithBonus, coins: stats.totalBonusActions }) : '…'}</Typography.Text>
          <Button
            onClick={async () => {
              const r = await safe(() => call(BILLING_ENDPOINTS.bonusProcess));
              if (r) void message.success(t('review.bonusDone', { companies: r.processedCompanies, coins: r.totalCoinsAwarded }));
              void loadStats();
            }}
          >
            {t('review.bonus')}
          </Button>
        </Flex>
      </Card>
      <AdjustCoinsCard />
    </Flex>
  );
}
