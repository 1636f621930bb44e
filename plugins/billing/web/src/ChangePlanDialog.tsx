import { useEffect, useMemo, useState } from 'react';
import { App, InputNumber, Modal, Select, Segmented, Flex, Typography, Alert } from 'antd';
import { call, useT } from '@atende/sdk-web';
import { BILLING_ENDPOINTS, EXTEND_MONTHS, extendCost, upgradeCost, upgradePrice, type Invoice, type PlanCard } from '@atende/plugin-billing-contract';
import { NS, money, useSafeCall } from './common.js';

export type ChangeMode = 'extend' | 'upgrade' | 'downgrade';
/** How an upgrade is paid: the price difference as an invoice (checkout, review), or coins at once. */
export type PayWith = 'money' | 'coins';

/**
 * Change-plan dialog (commercial-admin §2, §4): extend 1–12 months, upgrade (only plans with more
 * connections), downgrade (only fewer), with the coin cost of §9 shown before confirming. An upgrade can
 * also be paid with money (issue 38 item 13): the price difference for the days left becomes an invoice
 * that `onInvoice` opens in the checkout; the plan changes when that payment is approved. (The reseller
 * plugin has its own dialog for a referral's plan.)
 */
export function ChangePlanDialog({
  open,
  initialMode = 'extend',
  plans,
  current,
  dueDate,
  balance,
  onClose,
  onDone,
  onInvoice,
}: {
  open: boolean;
  initialMode?: ChangeMode;
  plans: PlanCard[];
  current: { id: number; connections: number; value: number } | null;
  dueDate: string | null;
  balance: number;
  onClose: () => void;
  onDone: () => void;
  /** The upgrade invoice to pay (money). */
  onInvoice: (invoice: Invoice) => void;
}) {
  const { t } = useT(NS);
  const { message } = App.useApp();
  const safe = useSafeCall();
  const [mode, setMode] = useState<ChangeMode>(initialMode);
  const [months, setMonths] = useState<number | null>(1);
  const [planId, setPlanId] = useState<number | null>(null);
  const [payWith, setPayWith] = useState<PayWith>('money');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) {
      setMode(initialMode);
      setMonths(1);
      setPlanId(null);
      setPayWith('money');
    }
  }, [open, initialMode]);

  const connections = current?.connections ?? 0;
  const offered = useMemo(() => plans.filter((p) => (mode === 'upgrade' ? p.connections > connections : mode === 'downgrade' ? p.connections < connections : false)), [plans, mode, connections]);
  const chosen = plans.find((p) => p.id === planId);
  const cost = mode === 'extend' ? extendCost(connections, months ?? 0) : mode === 'upgrade' && chosen ? upgradeCost(dueDate, connections, chosen.connections) : 0;
  // An expired company renews first (the server refuses the change, which a past due date priced at 0).
  const expired = !dueDate || new Date(dueDate).getTime() <= Date.now();
  const byMoney = mode === 'upgrade' && payWith === 'money';
  // The same price the server puts on the invoice (contract `upgradePrice`), shown before asking for it.
  const price = byMoney && chosen ? upgradePrice(dueDate, current?.value ?? 0, chosen.value) : null;
  const ready = mode === 'extend' ? (months ?? 0) >= EXTEND_MONTHS.min : !!chosen && !expired && (!byMoney || (price?.value ?? 0) > 0);

  const confirm = async () => {
    setBusy(true);
    if (byMoney) {
      const invoice = await safe(() => call(BILLING_ENDPOINTS.upgradeInvoice, { body: { newPlanId: planId! } }));
      setBusy(false);
      if (invoice) onInvoice(invoice);
      return;
    }
    const r = await safe(() => {
      if (mode === 'extend') return call(BILLING_ENDPOINTS.extend, { body: { months: months ?? 1 } });
      return call(mode === 'upgrade' ? BILLING_ENDPOINTS.upgrade : BILLING_ENDPOINTS.downgrade, { body: { newPlanId: planId! } });
    });
    setBusy(false);
    if (r) {
      // The server's message, the default 3 s.
      void message.success({ content: r.message, duration: 3 });
      onDone();
      onClose();
    }
  };

  return (
    <Modal open={open} title={t('sub.changePlan')} onCancel={onClose} onOk={() => void confirm()} okText={byMoney ? t('change.toPayment') : t('change.confirm')} okButtonProps={{ disabled: !ready, loading: busy, ...({ 'data-testid': 'change-confirm' } as object) }} destroyOnHidden>
      <Flex vertical gap={16}>
        <Segmented<ChangeMode>
          value={mode}
          onChange={(m) => {
            setMode(m);
            setPlanId(null);
          }}
          options={[
            { value: 'extend', label: t('change.extend') },
            { value: 'upgrade', label: t('change.upgrade'), disabled: expired },
            { value: 'downgrade', label: t('change.downgrade'), disabled: expired },
          ]}
        />
        {expired && <Alert type="warning" title={t('change.renewFirst')} data-testid="change-renew-first" />}
        {mode === 'extend' ? (
          <Flex vertical gap={4}>
            <Typography.Text>{t('change.months')}</Typography.Text>
            <InputNumber min={EXTEND_MONTHS.min} max={EXTEND_MONTHS.max} precision={0} value={months} onChange={(v) => setMonths(v)} data-testid="change-months" />
          </Flex>
        ) : offered.length === 0 ? (
          <Alert type="info" title={t('change.noPlans')} />
        ) : (
          <Flex vertical gap={4}>
            <Typography.Text>{t('change.newPlan')}</Typography.Text>
            <Select value={planId ?? undefined} onChange={setPlanId} data-testid="change-plan-select" options={offered.map((p) => ({ value: p.id, label: `${p.name} (${t('checkout.connections', { n: p.connections })})` }))} />
          </Flex>
        )}
        {mode === 'upgrade' && !expired && (
          <Flex vertical gap={4}>
            <Typography.Text>{t('change.payWith')}</Typography.Text>
            <Segmented<PayWith>
              value={payWith}
              onChange={setPayWith}
              options={[
                { value: 'money', label: <span data-testid="change-pay-money">{t('change.payMoney')}</span> },
                { value: 'coins', label: <span data-testid="change-pay-coins">{t('change.payCoins')}</span> },
              ]}
            />
          </Flex>
        )}
        {byMoney ? (
          chosen &&
          price && (
            <Flex vertical gap={4}>
              {price.value > 0 ? (
                <Typography.Text strong data-testid="change-price">
                  {t('change.price', { value: money(price.value), days: t('days', { count: price.days }) })}
                </Typography.Text>
              ) : (
                <Alert type="info" title={t('change.noDifference')} data-testid="change-no-difference" />
              )}
              <Typography.Text type="secondary">{t('change.priceRule')}</Typography.Text>
            </Flex>
          )
        ) : (
          <>
            <Typography.Text strong data-testid="change-cost">
              {t('change.cost', { n: cost })}
            </Typography.Text>
            <Typography.Text type={balance < cost ? 'danger' : 'secondary'}>{t('change.balance', { n: balance })}</Typography.Text>
          </>
        )}
      </Flex>
    </Modal>
  );
}
