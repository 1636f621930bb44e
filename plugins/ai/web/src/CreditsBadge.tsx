import { useEffect, useState } from 'react';
import { Tag, Tooltip } from 'antd';
import { call, useT } from '@atende/sdk-web';
import { AI_ENDPOINTS, creditState } from '@atende/plugin-ai-contract';

const COLORS = { critical: 'error', low: 'warning', good: 'success' } as const;

/** The company's credit balance with its state (commercial-admin §7: critical ≤ 10, low ≤ 50, good). */
export default function CreditsBadge() {
  const { t } = useT('ai');
  const [balance, setBalance] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    call(AI_ENDPOINTS.balance).then((r) => setBalance(r.data.balance), () => setFailed(true));
  }, []);
  if (failed) return <Tag>{t('credits.loadError')}</Tag>;
  if (balance === null) return <Tag>{t('credits.unknown')}</Tag>;
  const state = creditState(balance);
  return (
    <Tooltip title={state === 'critical' ? t('credits.lowWarning') : undefined}>
      <Tag color={COLORS[state]} data-testid="ai-credits-balance">
        {t('credits.balance', { count: balance })}
      </Tag>
    </Tooltip>
  );
}
