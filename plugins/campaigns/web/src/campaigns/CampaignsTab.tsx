import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { App, Button, Flex, Input, Space, Tag, Tooltip } from 'antd';
import { BarChartOutlined, DeleteOutlined, EditOutlined, PauseCircleOutlined, PlayCircleOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { ApiError, call, PagedTable, useConfirm, useCurrentUser, useDebouncedValue, useErrorToast, usePagedList, useRealtime, useRealtimeReconnected, useT } from '@atende/sdk-web';
import { CAMPAIGN_ENDPOINTS, CAMPAIGN_EVENT, CAMPAIGN_PROGRESS_EVENT, type Campaign, type CampaignEvent, type CampaignProgressEvent } from '@atende/plugin-campaigns-contract';
import { CampaignDialog } from './CampaignDialog.js';
import { STATUS_COLORS, applyCampaignEvent, applyProgress, reportPath } from './campaigns.js';

/** An instant (ISO, with 'T') shown on the company's clock; a wall time (`YYYY-MM-DD HH:mm:ss`, already the company's) as written. */
const when = (at: string | null, lang: string, timeZone: string) =>
  !at ? '—' : at.includes('T') ? new Date(at).toLocaleString(lang, { timeZone }) : new Date(at.replace(' ', 'T')).toLocaleString(lang);

/** The campaigns tab (§2): search and a table with name, status, list, connection, times and actions. */
export function CampaignsTab() {
  const { t, i18n } = useT('campaigns');
  const navigate = useNavigate();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const confirm = useConfirm();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim(), 500);
  const list = usePagedList(CAMPAIGN_ENDPOINTS.page, 'records', { searchParam });
  const [editing, setEditing] = useState<Campaign | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  // Scheduled times are the company's wall clock: the column says which zone.
  const timeZone = useCurrentUser()?.company.timeZone ?? 'America/Lima';

  useRealtime<CampaignEvent>(CAMPAIGN_EVENT, (e) => list.setItems((rows) => applyCampaignEvent(rows, e, searchParam)));
  useRealtime<CampaignProgressEvent>(CAMPAIGN_PROGRESS_EVENT, (e) => list.setItems((rows) => rows.map((r) => applyProgress(r, e))));
  useRealtimeReconnected(() => list.reload());

  const act = async (c: Campaign, action: 'cancel' | 'restart') => {
    // Stopping halts a broadcast mid-way: asked first, saying what becomes of the rest.
    if (action === 'cancel' && !(await confirm({ title: t('campaigns.confirmStop', { name: c.name }), content: t('campaigns.confirmStopHelp'), danger: true, okText: t('campaigns.stop') }))) return;
    try {
      const saved = await call(CAMPAIGN_ENDPOINTS[action], { params: { id: c.id } });
      list.setItems((rows) => applyCampaignEvent(rows, { action: 'update', record: saved }));
      void message.success(t(action === 'cancel' ? 'campaigns.cancelled' : 'campaigns.restarted'));
    } catch (err) {
      // §8: the server's message is shown.
      if (err instanceof ApiError && err.message) void message.error(err.message);
      else showError(err);
    }
  };
  const remove = async (c: Campaign) => {
    if (!(await confirm({ title: t('campaigns.confirmDelete'), content: c.name, danger: true }))) return;
    try {
      await call(CAMPAIGN_ENDPOINTS.remove, { params: { id: c.id } });
      list.setItems((rows) => applyCampaignEvent(rows, { action: 'delete', id: c.id }));
    } catch (err) {
      showError(err);
    }
  };
  const openDialog = (c: Campaign | null) => {
    setEditing(c);
    setDialogOpen(true);
  };

  return (
    <div data-testid="campaigns-tab">
      <Flex justify="flex-end" align="center" gap={8} wrap style={{ marginBottom: 16 }}>
        <Input allowClear prefix={<SearchOutlined />} placeholder={t('campaigns.search')} value={search} onChange={(e) => setSearch(e.target.value)} style={{ width: 260 }} data-testid="campaigns-search" />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => openDialog(null)} data-testid="campaigns-add">
          {t('campaigns.add')}
        </Button>
      </Flex>
      <PagedTable<Campaign>
        list={list}
        items={list.items}
        testId="campaigns"
        minWidth={900}
        emptyText={searchParam ? t('campaigns.noResults') : t('campaigns.empty')}
        rowProps={(c) => ({ 'data-testid': `campaign-row-${c.id}` })}
        columns={[
          { title: t('campaigns.columns.name'), dataIndex: 'name', ellipsis: true },
          {
            title: t('campaigns.columns.status'),
            key: 'status',
            width: 150,
            render: (_: unknown, c: Campaign) => (
              <Tag color={STATUS_COLORS[c.status]} data-testid="campaign-status">
                {t(`status.${c.status}`)}
              </Tag>
            ),
          },
          { title: t('campaigns.columns.contactList'), key: 'list', ellipsis: true, render: (_: unknown, c: Campaign) => c.contactList?.name ?? (c.recipientType === 'tags' ? t('campaigns.byTag') : '—') },
          { title: t('campaigns.columns.whatsapp'), key: 'wa', ellipsis: true, render: (_: unknown, c: Campaign) => c.whatsapp?.name ?? '—' },
          { title: <span data-testid="campaigns-zone-column">{`${t('campaigns.columns.scheduledAt')} (${timeZone})`}</span>, key: 'at', width: 190, render: (_: unknown, c: Campaign) => when(c.scheduledAt ?? c.confirmNow, i18n.language, timeZone) },
          { title: t('campaigns.columns.completedAt'), key: 'done', width: 170, render: (_: unknown, c: Campaign) => when(c.completedAt, i18n.language, timeZone) },
          {
            title: t('campaigns.columns.actions'),
            key: 'actions',
            width: 260,
            render: (_: unknown, c: Campaign) => (
              <Space size={0}>
                {c.status === 'EM_ANDAMENTO' && (
                  <Button type="text" danger icon={<PauseCircleOutlined />} onClick={() => void act(c, 'cancel')} data-testid="campaign-stop">
                    {t('campaigns.stop')}
                  </Button>
                )}
                {c.status === 'CANCELADA' && (
                  <Tooltip title={t('campaigns.restart')}>
                    <Button type="text" icon={<PlayCircleOutlined />} aria-label={t('campaigns.restart')} onClick={() => void act(c, 'restart')} data-testid="campaign-restart" />
                  </Tooltip>
                )}
                <Tooltip title={t('campaigns.report')}>
                  <Button type="text" icon={<BarChartOutlined />} aria-label={t('campaigns.report')} onClick={() => navigate(reportPath(c.id))} data-testid="campaign-report" />
                </Tooltip>
                <Button type="text" icon={<EditOutlined />} aria-label={t('edit')} onClick={() => openDialog(c)} data-testid="campaign-edit" />
                <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('delete')} onClick={() => void remove(c)} data-testid="campaign-delete" />
              </Space>
            ),
          },
        ]}
      />
      <CampaignDialog
        open={dialogOpen}
        record={editing}
        onClose={() => setDialogOpen(false)}
        onSaved={(c) => {
          setDialogOpen(false);
          list.setItems((rows) => applyCampaignEvent(rows, { action: editing ? 'update' : 'create', record: c }));
        }}
      />
    </div>
  );
}
