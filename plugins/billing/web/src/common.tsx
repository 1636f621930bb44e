import { useCallback, useEffect, useState } from 'react';
import { Tag } from 'antd';
import { call, formatDate, formatPrice, useErrorToast, useT } from '@atende/sdk-web';
import { BILLING_ENDPOINTS, type Invoice, type SubscriptionOverview } from '@atende/plugin-billing-contract';
import { NS } from './paymentEvents.js';

// The drawer footer loads at start-up with paymentEvents.ts alone (and PlanCards.tsx holds the
// checkout's cards): the pages' helpers here come with the pages.
export { HOME_AFTER_MS, NS, RELOAD_AFTER_MS, usePaymentEvents } from './paymentEvents.js';

export const money = (v: number) => `S/ ${formatPrice(v)}`;

export function InvoiceStatusTag({ invoice }: { invoice: Pick<Invoice, 'status' | 'overdue'> }) {
  const { t } = useT(NS);
  if (invoice.status === 'paid') return <Tag color="success">{t('status.paid')}</Tag>;
  if (invoice.status === 'pending_review') return <Tag color="processing">{t('status.pending_review')}</Tag>;
  if (invoice.overdue) return <Tag color="error">{t('status.overdue')}</Tag>;
  return <Tag color="warning">{t('status.open')}</Tag>;
}

/** The subscription overview (plan, due date, coins, plans, payment data), reloadable. */
export function useOverview() {
  const [data, setData] = useState<SubscriptionOverview | null>(null);
  const [error, setError] = useState<unknown>(null);
  const reload = useCallback(async () => {
    try {
      setData(await call(BILLING_ENDPOINTS.overview));
      setError(null);
    } catch (e) {
      setError(e);
    }
  }, []);
  useEffect(() => void reload(), [reload]);
  return { data, error, reload };
}

export function useSafeCall() {
  const toast = useErrorToast();
  return useCallback(
    async <T,>(fn: () => Promise<T>): Promise<T | undefined> => {
      try {
        return await fn();
      } catch (e) {
        toast(e);
        return undefined;
      }
    },
    [toast],
  );
}

export const dateText = (v: string | null, lang: string) => (v ? formatDate(v, lang) : '—');
