import { useCallback, useEffect, useRef, useState } from 'react';
import { Card, Col, Flex, Progress, Row, Statistic, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, CalendarOutlined, CheckCircleOutlined, CheckOutlined, TeamOutlined, UnorderedListOutlined, WhatsAppOutlined } from '@ant-design/icons';
import { Link, useParams } from 'react-router-dom';
import { call, LoadError, useRealtime, useRealtimeReconnected, useT } from '@atende/sdk-web';
import {
  CAMPAIGN_ENDPOINTS,
  CAMPAIGN_EVENT,
  CAMPAIGN_PROGRESS_EVENT,
  CAMPAIGN_REPORT_RELOAD_MS,
  type Campaign,
  type CampaignEvent,
  type CampaignProgressEvent,
} from '@atende/plugin-campaigns-contract';
import { STATUS_COLORS, applyProgress, percent } from './campaigns.js';
import { RecipientsTable } from './RecipientsTable.js';

const when = (value: string | null, lang: string) => (value ? new Date(value.includes('T') ? value : value.replace(' ', 'T')).toLocaleString(lang) : '—');

/**
 * /campaign/{campaignId}/report (§2): the name, the status with delivered of valid, a progress bar and
 * cards for valid contacts, delivered, connection, contact list, schedule and completion. Live; read
 * again 5 s after the campaign finishes (§9).
 */
export default function CampaignReportPage() {
  const { t, i18n } = useT('campaigns');
  const id = Number(useParams().campaignId);
  const [campaign, setCampaign] = useState<Campaign | null>(null);
  const [failed, setFailed] = useState<unknown>(null);
  const reloadTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const load = useCallback(() => {
    setFailed(null);
    call(CAMPAIGN_ENDPOINTS.show, { params: { id } }).then(setCampaign, setFailed);
  }, [id]);
  useEffect(load, [load]);
  useEffect(() => () => void (reloadTimer.current && clearTimeout(reloadTimer.current)), []);
  useRealtimeReconnected(load);

  const finishedNow = (status: Campaign['status']) => {
    if (status !== 'FINALIZADA' || reloadTimer.current) return;
    reloadTimer.current = setTimeout(load, CAMPAIGN_REPORT_RELOAD_MS);
  };
  useRealtime<CampaignProgressEvent>(CAMPAIGN_PROGRESS_EVENT, (e) => {
    if (e.campaignId !== id) return;
    setCampaign((c) => (c ? applyProgress(c, e) : c));
    finishedNow(e.status);
  });
  useRealtime<CampaignEvent>(CAMPAIGN_EVENT, (e) => {
    if (e.action === 'delete' || e.record.id !== id) return;
    setCampaign(e.record);
    finishedNow(e.record.status);
  });

  if (failed) return <LoadError error={failed} onRetry={load} />;
  if (!campaign) return <Card loading />;
  const p = campaign.progress;
  const cards = [
    { key: 'valid', icon: <TeamOutlined />, title: t('report.valid'), value: p.valid },
    { key: 'delivered', icon: <CheckCircleOutlined />, title: t('report.delivered'), value: p.delivered },
    { key: 'whatsapp', icon: <WhatsAppOutlined />, title: t('report.whatsapp'), value: campaign.whatsapp?.name ?? '—' },
    { key: 'list', icon: <UnorderedListOutlined />, title: t('report.contactList'), value: campaign.contactList?.name ?? (campaign.recipientType === 'tags' ? t('campaigns.byTag') : '—') },
    { key: 'scheduled', icon: <CalendarOutlined />, title: t('report.scheduledAt'), value: when(campaign.scheduledAt ?? campaign.confirmNow, i18n.language) },
    { key: 'completed', icon: <CheckOutlined />, title: t('report.completedAt'), value: when(campaign.completedAt, i18n.language) },
  ];
  return (
    <Card data-testid="campaign-report">
      <Flex align="center" gap={12} wrap style={{ marginBottom: 8 }}>
        <Link to="/difusiones?tab=campaigns" aria-label={t('report.back')}>
          <ArrowLeftOutlined />
        </Link>
        <Typography.Title level={3} style={{ margin: 0 }} data-testid="campaign-report-title">
          {t('report.title', { name: campaign.name })}
        </Typography.Title>
        <Tag color={STATUS_COLORS[campaign.status]} data-testid="campaign-report-status">
          {t(`status.${campaign.status}`)}
        </Tag>
      </Flex>
      <Typography.Paragraph data-testid="campaign-report-summary">{t('report.summary', { delivered: p.delivered, valid: p.valid })}</Typography.Paragraph>
      <Progress percent={percent(p)} status={campaign.status === 'FINALIZADA' ? 'success' : campaign.status === 'EM_ANDAMENTO' ? 'active' : 'normal'} data-testid="campaign-report-progress" />
      {p.failed > 0 && <Typography.Text type="secondary">{t('report.failed', { count: p.failed })}</Typography.Text>}
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        {cards.map((c) => (
          <Col xs={24} sm={12} lg={8} key={c.key}>
            <Card size="small" data-testid={`campaign-report-${c.key}`}>
              <Statistic title={c.title} value={c.value} prefix={c.icon} />
            </Card>
          </Col>
        ))}
      </Row>
      {/* Read again as the counts move (sent, delivered, failed), not on every message. */}
      <RecipientsTable campaignId={campaign.id} lang={i18n.language} version={p.delivered + p.failed * 100_000 + (campaign.status === 'FINALIZADA' ? 1e9 : 0)} />
    </Card>
  );
}
