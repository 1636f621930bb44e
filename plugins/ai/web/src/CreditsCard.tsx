import { useEffect, useState } from 'react';
import { Card, Col, Skeleton, Statistic, Typography } from 'antd';
import { call, useCan, useT } from '@atende/sdk-web';
import { AI_ENDPOINTS, AI_PERMISSIONS, creditState } from '@atende/plugin-ai-contract';

/** The state's colour, from the theme's tokens so light and dark both read (commercial-admin §7). */
const TONES = { critical: 'danger', low: 'warning', good: 'success' } as const;

/**
 * "Credits left" in the dashboard's cards (zone `dashboard.cards`, drawn after the dashboard's own): the
 * company's balance and its state. The zone shows only for plans with useOpenAi (the plugin's plan flag).
 */
export default function CreditsCard() {
  const { t } = useT('ai');
  const canUse = useCan('ai:use', AI_PERMISSIONS);
  const [balance, setBalance] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (canUse) call(AI_ENDPOINTS.balance).then((r) => setBalance(r.data.balance), () => setFailed(true));
  }, [canUse]);
  if (!canUse) return null;
  const state = balance === null ? null : creditState(balance);
  return (
    <Col xs={12} md={8} xl={6} xxl={4}>
      <Card size="small" data-testid="ai-credits-card">
        {failed ? (
          <Typography.Text type="danger">{t('credits.loadError')}</Typography.Text>
        ) : balance === null ? (
          <Skeleton active paragraph={false} />
        ) : (
          <>
            <Statistic title={t('credits.left')} value={balance} />
            <Typography.Text type={TONES[state!]} data-testid="ai-credits-card-state">
              {t(`credits.state.${state}`)}
            </Typography.Text>
          </>
        )}
      </Card>
    </Col>
  );
}
