import { useCallback, useEffect, useRef, useState } from 'react';
import { App, Card, Flex, Radio, Tag, Typography, theme } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { AUTH_ENDPOINTS } from '@atende/core-contract';
import { call, formatDate, formatPrice, useErrorToast, useRealtime, userUpdated, useT } from '@atende/sdk-web';
import { BILLING_ENDPOINTS, PAYMENT_EVENT, type Invoice, type PaymentEvent, type PlanCard, type SubscriptionOverview } from '@atende/plugin-billing-contract';

export const NS = 'billing';
/** Post-payment: the page reloads its data after 3 s and goes home after 4 s (commercial-admin §9). */
export const RELOAD_AFTER_MS = 3000;
export const HOME_AFTER_MS = 4000;

export const money = (v: number) => `S/ ${formatPrice(v)}`;

export function InvoiceStatusTag({ invoice }: { invoice: Pick<Invoice, 'status' | 'overdue'> }) {
  const { t } = useT(NS);
  if (invoice.status === 'paid') return <Tag color="success">{t('status.paid')}</Tag>;
  if (invoice.status === 'pending_review') return <Tag color="processing">{t('status.pending_review')}</Tag>;
  if (invoice.overdue) return <Tag color="error">{t('status.overdue')}</Tag>;
  return <Tag color="warning">{t('status.open')}</Tag>;
}

/** Plan cards of the checkout (name, S/ per month, users, connections, queues; the current one marked). */
export function PlanCards({ plans, currentId, value, onChange }: { plans: PlanCard[]; currentId: number | null; value: number | null; onChange: (id: number) => void }) {
  const { t } = useT(NS);
  const { token } = theme.useToken();
  return (
    <Radio.Group value={value} onChange={(e) => onChange(e.target.value as number)} style={{ width: '100%' }}>
      <Flex wrap gap={12}>
        {plans.map((p) => (
          <Card
            key={p.id}
            size="small"
            hoverable
            onClick={() => onChange(p.id)}
            style={{ width: 200, cursor: 'pointer', ...(value === p.id ? { borderColor: token.colorPrimary } : {}) }}
            data-testid={`plan-card-${p.id}`}
          >
            <Flex vertical gap={4}>
              <Flex justify="space-between" align="center">
                <Radio value={p.id}>
                  <Typography.Text strong>{p.name}</Typography.Text>
                </Radio>
                {currentId === p.id && (
                  <Tag icon={<CheckCircleFilled />} color="blue">
                    {t('checkout.current')}
                  </Tag>
                )}
              </Flex>
              <Typography.Title level={4} style={{ margin: 0 }}>
                {money(p.value)}
                <Typography.Text type="secondary">{t('checkout.perMonth')}</Typography.Text>
              </Typography.Title>
              <Typography.Text type="secondary">{t('checkout.users', { n: p.users })}</Typography.Text>
              <Typography.Text type="secondary">{t('checkout.connections', { n: p.connections })}</Typography.Text>
              <Typography.Text type="secondary">{t('checkout.queues', { n: p.queues })}</Typography.Text>
            </Flex>
          </Card>
        ))}
      </Flex>
    </Radio.Group>
  );
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

// One toast per event even when two listeners (a page and the drawer widget) are mounted.
const shown = new Set<string>();

/**
 * The company's payment channel (§4): CONCLUIDA → success toast with the new due date, expired flag
 * cleared, stored due date updated, user refreshed, data reloaded after 3 s, home after 4 s;
 * PENDING_REVIEW → info toast with the event's message.
 */
export function usePaymentEvents(onChange?: () => void) {
  const { t, i18n } = useT(NS);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const timers = useRef<number[]>([]);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  useEffect(() => () => timers.current.forEach((id) => window.clearTimeout(id)), []);
  useRealtime<PaymentEvent>(PAYMENT_EVENT, (e) => {
    const key = `${e.action}:${e.invoiceId}:${e.dueDate ?? ''}`;
    const first = !shown.has(key);
    shown.add(key);
    if (e.action === 'CONCLUIDA') {
      if (first) void message.success({ content: t('payment.renewed', { date: formatDate(e.dueDate, i18n.language) }), duration: 5 });
      try {
        localStorage.removeItem('expired');
        if (e.dueDate) localStorage.setItem('dueDate', e.dueDate);
      } catch {
        /* no storage */
      }
      call(AUTH_ENDPOINTS.me).then(userUpdated, () => undefined);
      timers.current.push(window.setTimeout(() => onChangeRef.current?.(), RELOAD_AFTER_MS));
      timers.current.push(window.setTimeout(() => navigate('/'), HOME_AFTER_MS));
    } else if (e.action === 'PENDING_REVIEW') {
      if (first) void message.info(e.message || t('payment.review'));
      onChangeRef.current?.();
    } else {
      if (first) void message.warning(t('payment.rejected'));
      onChangeRef.current?.();
    }
  });
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
