import { useCallback, useEffect, useRef, useState } from 'react';
import { Card, Col, Skeleton, Statistic } from 'antd';
import { call, useCan, usePlanFlag, useRealtime, useT, type ZoneWidgetProps } from '@atende/sdk-web';
import { CAMPAIGNS_PERMISSIONS, CAMPAIGN_PROGRESS_EVENT, CAMPAIGN_STATS_ENDPOINTS, type CampaignsSentToday } from '@atende/plugin-campaigns-contract';

/** Progress events come one per send: the count is read again at most this often. */
const REFRESH_EVERY_MS = 3000;

/**
 * The dashboard's "sent today" card (issue 32, zone `dashboard.cards`): campaign messages sent since
 * midnight, from this plugin's own API. Only for a plan with useCampaigns and users who may read
 * campaigns; a company whose campaigns are switched off (403) shows no card rather than an error.
 */
export default function SentTodayCard(_props: ZoneWidgetProps<'dashboard.cards'>) {
  const planHasIt = usePlanFlag('useCampaigns');
  const mayRead = useCan('campaigns:read', CAMPAIGNS_PERMISSIONS);
  return planHasIt && mayRead ? <SentToday /> : null;
}

function SentToday() {
  const { t } = useT('campaigns');
  const [figure, setFigure] = useState<CampaignsSentToday | null>(null);
  const [refused, setRefused] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const load = useCallback(() => {
    call(CAMPAIGN_STATS_ENDPOINTS.sentToday).then(setFigure, () => setRefused(true));
  }, []);
  useEffect(load, [load]);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  useRealtime(CAMPAIGN_PROGRESS_EVENT, () => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      load();
    }, REFRESH_EVERY_MS);
  });
  if (refused) return null;
  return (
    <Col xs={12} md={8} xl={6} xxl={4}>
      <Card size="small" data-testid="dashboard-card-campaigns-sent-today">
        {figure ? <Statistic title={t('dashboard.sentToday')} value={figure.sent} /> : <Skeleton active paragraph={false} />}
      </Card>
    </Col>
  );
}
