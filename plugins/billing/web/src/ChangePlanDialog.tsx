import { useEffect, useMemo, useState } from 'react';
import { App, InputNumber, Modal, Select, Segmented, Flex, Typography, Alert } from 'antd';
import { call, useT } from '@atende/sdk-web';
import { BILLING_ENDPOINTS, EXTEND_MONTHS, extendCost, upgradeCost, type PlanCard } from '@atende/plugin-billing-contract';
import { NS, useSafeCall } from './common.js';

export type ChangeMode = 'extend' | 'upgrade' | 'downgrade';

/**
 * Change-plan dialog (commercial-admin §2, §4): extend 1–12 months, upgrade (only plans with more
 * connections), downgrade (only fewer), with the coin cost of §9 shown before confirming. (The reseller
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
}: {
  open: boolean;
  initialMode?: ChangeMode;
  plans: PlanCard[];
  current: { id: number; connections: number } | null;
  dueDate: string | null;
  balance: number;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useT(NS);
  const { message } = App.useApp();
  const safe = useSafeCall();
  const [mode, setMode] = useState<ChangeMode>(initialMode);
  const [months, setMonths] = useState<number | null>(1);
  const [planId, setPlanId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) {
      setMode(initialMode);
      setMonths(1);
      setPlanId(null);
    }
  }, [open, initialMode]);

  const connections = current?.connections ?? 0;
  const offered = useMemo(() => plans.filter((p) => (mode === 'upgrade' ? p.connections > connections : mode === 'downgrade' ? p.connections < connections : false)), [plans, mode, connections]);
  const chosen = plans.find((p) => p.id === planId);
  const cost = mode === 'extend' ? extendCost(connections, months ?? 0) : mode === 'upgrade' && chosen ? upgradeCost(dueDate, connections, chosen.connections) : 0;
  // An expired company renews first (the server refuses the change, which a past due date priced at 0).
  const expired = !dueDate || new Date(dueDate).getTime() <= Date.now();
  const ready = mode === 'extend' ? (months ?? 0) >= EXTEND_MONTHS.min : !!chosen && !expired;

  const confirm = async () => {
    setBusy(true);
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
    <Modal open={open} title={t('sub.changePlan')} onCancel={onClose} onOk={() => void confirm()} okText={t('change.confirm')} okButtonProps={{ disabled: !ready, loading: busy, ...({ 'data-testid': 'change-confirm' } as object) }} destroyOnHidden>
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
            <Select value={planId ?? undefined} onChange={setPlanId} options={offered.map((p) => ({ value: p.id, label: `${p.name} (${t('checkout.connections', { n: p.connections })})` }))} />
          </Flex>
        )}
        <Typography.Text strong data-testid="change-cost">
          {t('change.cost', { n: cost })}
        </Typography.Text>
        <Typography.Text type={balance < cost ? 'danger' : 'secondary'}>{t('change.balance', { n: balance })}</Typography.Text>
      </Flex>
    </Modal>
  );
}
