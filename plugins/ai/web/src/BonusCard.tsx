import { useCallback, useEffect, useState } from 'react';
import { App, Button, Card, Flex, Statistic } from 'antd';
import { call, useErrorToast, useT } from '@atende/sdk-web';
import { BILLING_ENDPOINTS } from '@atende/plugin-billing-contract';

type Stats = { totalCompaniesWithBonus: number; totalBonusActions: number };

/**
 * The Credits tab's bonus processing action and stats (commercial-admin §4, §6: POST
 * /bonus-rewards/process-all, GET /bonus-rewards/stats). The bonuses are the billing plugin's ledger: this
 * card calls its endpoints through its contract, and is not drawn when billing is not there (the stats
 * call fails).
 */
export default function BonusCard() {
  const { t } = useT('ai');
  const { message } = App.useApp();
  const showError = useErrorToast();
  const [stats, setStats] = useState<Stats | null | 'absent'>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => call(BILLING_ENDPOINTS.bonusStats).then((r) => setStats(r.data), () => setStats('absent')), []);
  useEffect(() => void load(), [load]);

  if (stats === 'absent') return null;
  const process = async () => {
    setBusy(true);
    try {
      const r = await call(BILLING_ENDPOINTS.bonusProcess);
      void message.success(t('tab.bonusDone', { companies: r.processedCompanies, coins: r.totalCoinsAwarded }));
      await load();
    } catch (err) {
      showError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title={t('tab.bonus')} size="small" loading={stats === null} data-testid="ai-bonus-card">
      {stats && (
        <Flex gap={24} wrap align="center">
          <Statistic title={t('tab.bonusCompanies')} value={stats.totalCompaniesWithBonus} />
          <Statistic title={t('tab.bonusActions')} value={stats.totalBonusActions} />
          <Button onClick={() => void process()} loading={busy} data-testid="ai-bonus-process">
            {t('tab.bonusProcess')}
          </Button>
        </Flex>
      )}
    </Card>
  );
}
