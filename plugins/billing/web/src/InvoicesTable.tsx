import { useCallback, useEffect, useState } from 'react';
import { Button, Flex, Input, Table, Typography, theme } from 'antd';
import { call, useCan, useCurrentUser, useDebouncedValue, useErrorToast, useT } from '@atende/sdk-web';
import { BILLING_ENDPOINTS, BILLING_PERMISSIONS, type Invoice, type InvoiceStatus } from '@atende/plugin-billing-contract';
import { InvoiceStatusTag, NS, dateText, money } from './common.js';

/** The company's invoices (every company's for the super user), paged, overdue unpaid rows tinted. */
export function useInvoices(status?: InvoiceStatus) {
  const toast = useErrorToast();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search, 500);
  const [rows, setRows] = useState<Invoice[]>([]);
  const [page, setPage] = useState(1);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const load = useCallback(
    async (pageNumber: number) => {
      setLoading(true);
      try {
        const r = await call(BILLING_ENDPOINTS.invoices, { query: { pageNumber, ...(searchParam ? { searchParam } : {}), ...(status ? { status } : {}) } });
        setRows((prev) => (pageNumber === 1 ? r.invoices : [...prev, ...r.invoices]));
        setHasMore(r.hasMore);
        setPage(pageNumber);
      } catch (e) {
        toast(e);
      } finally {
        setLoading(false);
      }
    },
    [searchParam, status, toast],
  );
  useEffect(() => void load(1), [load]);
  return { rows, loading, hasMore, search, setSearch, reload: () => load(1), more: () => load(page + 1) };
}

/** The detail as stored, with what a price difference pays for said in the reader's language. */
function InvoiceDetail({ invoice }: { invoice: Invoice }) {
  const { t } = useT(NS);
  if (invoice.kind === 'upgrade') return <>{t('invoice.upgrade', { detail: invoice.detail, days: t('days', { count: invoice.upgradeDays }) })}</>;
  if (invoice.upgradeDays > 0) return <>{t('invoice.withDifference', { detail: invoice.detail, days: t('days', { count: invoice.upgradeDays }), value: money(invoice.upgradeValue) })}</>;
  return <>{invoice.detail}</>;
}

export function InvoicesTable({ list, onPay, extraActions }: { list: ReturnType<typeof useInvoices>; onPay?: (i: Invoice) => void; extraActions?: (i: Invoice) => React.ReactNode }) {
  const { t, i18n } = useT(NS);
  const { token } = theme.useToken();
  const user = useCurrentUser();
  const canPay = useCan('billing:pay', BILLING_PERMISSIONS);
  return (
    <Flex vertical gap={12}>
      <Input.Search allowClear placeholder={t('financeiro.search')} style={{ maxWidth: 320 }} value={list.search} onChange={(e) => list.setSearch(e.target.value)} />
      <Table<Invoice>
        rowKey="id"
        size="middle"
        loading={list.loading}
        dataSource={list.rows}
        pagination={false}
        // Narrow screens scroll the table, not the page (issue 38 item 16).
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('financeiro.empty') }}
        onRow={(r) => ({ style: r.overdue ? { background: token.colorErrorBg } : undefined, 'data-testid': `invoice-${r.id}` }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { title: t('col.id'), dataIndex: 'id', width: 70 },
          ...(user?.super ? [{ title: t('col.company'), dataIndex: 'companyName' }] : []),
          { title: t('col.detail'), key: 'detail', render: (_: unknown, r: Invoice) => <InvoiceDetail invoice={r} /> },
          { title: t('col.value'), dataIndex: 'value', render: (v: number) => money(v) },
          { title: t('col.dueDate'), dataIndex: 'dueDate', render: (v: string) => dateText(v, i18n.language) },
          { title: t('col.status'), key: 'status', render: (_: unknown, r: Invoice) => <InvoiceStatusTag invoice={r} /> },
          {
            title: t('col.action'),
            key: 'action',
            render: (_: unknown, r: Invoice) => (
              <Flex gap={8}>
                {r.status === 'paid' ? (
                  <Button size="small" disabled>
                    {t('paid')}
                  </Button>
                ) : r.status === 'pending_review' ? (
                  // Paid and waiting for approval: paying again would only send a second receipt.
                  <Typography.Text type="secondary" data-testid={`in-review-${r.id}`}>
                    {t('financeiro.awaitingApproval')}
                  </Typography.Text>
                ) : (
                  onPay &&
                  canPay &&
                  !user?.super && (
                    <Button size="small" type="primary" onClick={() => onPay(r)} data-testid={`pay-${r.id}`}>
                      {t('pay')}
                    </Button>
                  )
                )}
                {extraActions?.(r)}
              </Flex>
            ),
          },
        ]}
      />
      {list.hasMore && (
        <Button onClick={() => void list.more()} style={{ alignSelf: 'center' }}>
          …
        </Button>
      )}
    </Flex>
  );
}
