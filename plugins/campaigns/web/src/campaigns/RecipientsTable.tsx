import { useState } from 'react';
import { Button, Flex, Select, Tag, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { api, PagedTable, useErrorToast, usePagedList, useT } from '@atende/sdk-web';
import { CAMPAIGN_RECIPIENT_STATUSES, type CampaignRecipient, type CampaignRecipientStatus } from '@atende/plugin-campaigns-contract';

const COLOURS: Record<CampaignRecipientStatus, string> = { pending: 'default', sent: 'processing', delivered: 'success', failed: 'error' };

/** Saves the CSV (fetched with the token: the API is behind sign-in). */
async function download(id: number, lang: string) {
  const blob = await api.get<Blob>(`/campaigns/${id}/recipients/export`, { responseType: 'blob', query: { lang } });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `campaign-${id}-recipients.csv`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * The report's per-recipient detail (issue 38 item 8): each contact with the variant it got, its
 * status and, for a failure, why; a status filter and a CSV export of everyone.
 */
export function RecipientsTable({ campaignId, lang, version }: { campaignId: number; lang: string; version: number }) {
  const { t } = useT('campaigns');
  const showError = useErrorToast();
  const [status, setStatus] = useState<CampaignRecipientStatus | undefined>(undefined);
  // `version` changes when the campaign's progress does, so the table is read again.
  const list = usePagedList<CampaignRecipient>(`/campaigns/${campaignId}/recipients`, 'records', { status, v: version });
  const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(lang) : '—');
  const reason = (code: string) => t(`recipients.reasons.${code}`, { defaultValue: code });
  return (
    <Flex vertical gap={12} style={{ marginTop: 24 }} data-testid="campaign-recipients">
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('recipients.title')}
        </Typography.Title>
        <Flex gap={8} wrap>
          <Select<CampaignRecipientStatus | undefined>
            allowClear
            placeholder={t('recipients.allStatuses')}
            value={status}
            onChange={setStatus}
            style={{ width: 180 }}
            options={CAMPAIGN_RECIPIENT_STATUSES.map((s) => ({ value: s, label: t(`recipients.status.${s}`) }))}
            data-testid="campaign-recipients-status"
          />
          <Button icon={<DownloadOutlined />} onClick={() => void download(campaignId, lang).catch(showError)} data-testid="campaign-recipients-csv">
            {t('recipients.export')}
          </Button>
        </Flex>
      </Flex>
      <PagedTable<CampaignRecipient>
        list={list}
        items={list.items}
        testId="campaign-recipients-table"
        minWidth={720}
        emptyText={t('recipients.empty')}
        rowProps={(r) => ({ 'data-testid': `campaign-recipient-${r.number}` })}
        columns={[
          { title: t('recipients.columns.number'), dataIndex: 'number', width: 150 },
          { title: t('recipients.columns.name'), dataIndex: 'name', ellipsis: true },
          { title: t('recipients.columns.variant'), key: 'variant', width: 120, render: (_: unknown, r: CampaignRecipient) => t('form.message', { n: r.variant }) },
          {
            title: t('recipients.columns.status'),
            key: 'status',
            width: 130,
            render: (_: unknown, r: CampaignRecipient) => <Tag color={COLOURS[r.status]}>{t(`recipients.status.${r.status}`)}</Tag>,
          },
          { title: t('recipients.columns.error'), key: 'error', ellipsis: true, render: (_: unknown, r: CampaignRecipient) => (r.error ? reason(r.error) : '—') },
          { title: t('recipients.columns.sentAt'), key: 'sentAt', width: 170, render: (_: unknown, r: CampaignRecipient) => when(r.sentAt) },
        ]}
      />
    </Flex>
  );
}
