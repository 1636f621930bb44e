import { useState } from 'react';
import { Flex, Typography } from 'antd';
import { LoadError, useT } from '@atende/sdk-web';
import type { Invoice } from '@atende/plugin-billing-contract';
import { CheckoutDialog } from './CheckoutDialog.js';
import { InvoicesTable, useInvoices } from './InvoicesTable.js';
import { NS, useOverview, usePaymentEvents } from './common.js';

/** /financeiro (commercial-admin §2): the invoices and their checkout; reachable when expired. */
export default function FinanceiroPage() {
  const { t } = useT(NS);
  const list = useInvoices();
  const overview = useOverview();
  const [paying, setPaying] = useState<Invoice | null>(null);
  usePaymentEvents(() => {
    void list.reload();
    void overview.reload();
  });
  return (
    <Flex vertical gap={16} data-testid="financeiro-page">
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('financeiro.title')}
      </Typography.Title>
      {overview.error ? <LoadError error={overview.error} onRetry={() => void overview.reload()} /> : null}
      <InvoicesTable list={list} onPay={setPaying} />
      {overview.data && <CheckoutDialog invoice={paying} overview={overview.data} onClose={() => setPaying(null)} onPaid={() => void list.reload()} />}
    </Flex>
  );
}
