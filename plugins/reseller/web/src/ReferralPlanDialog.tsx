import { useEffect, useMemo, useState } from 'react';
import { App, InputNumber, Modal, Select, Segmented, Flex, Typography, Alert } from 'antd';
import { call, useErrorToast, useT } from '@atende/sdk-web';
import { EXTEND_MONTHS, extendCost, upgradeCost, type PlanCard } from '@atende/plugin-billing-contract';
import { RESELLER_ENDPOINTS } from '@atende/plugin-reseller-contract';
import { NS } from './common.js';

export type ChangeMode = 'extend' | 'upgrade' | 'downgrade';

/**
 * The reseller's change of a referral's plan (commercial-admin §2, §9), paid with the reseller's coins:
 * extend 1–12 months, upgrade (only plans with more connections), downgrade (only fewer), with the
 * coin cost shown before confirming (billing's price rules, from its contract).
 */
export function ReferralPlanDialog({
  initialMode,
  plans,
  current,
  dueDate,
  balance,
  targetCompanyId,
  onClose,
  onDone,
}: {
  initialMode: ChangeMode;
  plans: PlanCard[];
  current: { id: number; connections: number } | null;
  dueDate: string | null;
  balance: number;
  targetCompanyId: number;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useT(NS);
  const { message } = App.useApp();
  const toast = useErrorToast();
  const [mode, setMode] = useState<ChangeMode>(initialMode);
  const [months, setMonths] = useState<number | null>(1);
  const [planId, setPlanId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => setMode(initialMode), [initialMode]);

  const connections = current?.connections ?? 0;
  const offered = useMemo(() => plans.filter((p) => (mode === 'upgrade' ? p.connections > connections : mode === 'downgrade' ? p.connections < connections : false)), [plans, mode, connections]);
  const chosen = plans.find((p) => p.id === planId);
  const cost = mode === 'extend' ? extendCost(connections, months ?? 0) : mode === 'upgrade' && chosen ? upgradeCost(dueDate, connections, chosen.connections) : 0;
  // An expired referral renews first (the server refuses the change, which a past due date priced at 0).
  const expired = !dueDate || new Date(dueDate).getTime() <= Date.now();
  const ready = mode === 'extend' ? (months ?? 0) >= EXTEND_MONTHS.min : !!chosen && !expired;

  const confirm = async () => {
    setBusy(true);
    try {
      const r =
        mode === 'extend'
          ? await call(RESELLER_ENDPOINTS.extend, { body: { targetCompanyId, months: months ?? 1 } })
          : await call(mode === 'upgrade' ? RESELLER_ENDPOINTS.upgrade : RESELLER_ENDPOINTS.downgrade, { body: { targetCompanyId, newPlanId: planId! } });
      // The server's message, shown 6 s (§9).
      void message.success({ content: r.message, duration: 6 });
      onDone();
      onClose();
    } catch (e) {
      toast(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open title={t('change.title')} onCancel={onClose} onOk={() => void confirm()} okText={t('change.confirm')} okButtonProps={{ disabled: !ready, loading: busy, ...({ 'data-testid': 'change-confirm' } as object) }} destroyOnHidden>
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
            <Select value={planId ?? undefined} onChange={setPlanId} options={offered.map((p) => ({ value: p.id, label: `${p.name} (${t('change.connections', { count: p.connections })})` }))} />
          </Flex>
        )}
        <Typography.Text strong data-testid="change-cost">
          {t('change.cost', { count: cost })}
        </Typography.Text>
        <Typography.Text type={balance < cost ? 'danger' : 'secondary'}>{t('change.balance', { count: balance })}</Typography.Text>
      </Flex>
    </Modal>
  );
}
