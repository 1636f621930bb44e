import { useRef, useState } from 'react';
import { App, Button, Card, Flex, Input, Space, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { call, PagedTable, useCan, useConfirm, useDebouncedValue, useErrorToast, usePagedList, useRealtime, useRealtimeReconnected, useT, useCurrentUser } from '@atende/sdk-web';
import { INTEGRATION_ENDPOINTS, INTEGRATIONS_PERMISSIONS, queueIntegrationEvent, type Integration, type QueueIntegrationEvent } from '@atende/plugin-integrations-contract';
import { IntegrationDialog } from './IntegrationDialog.js';
import { TypeLogo } from './TypeLogo.js';
import { applyEvent, matchesSearch } from './list.js';

/** /queue-integration: count, search, infinite table (type logo, id, name, status chip, actions) and the dialog (automation-productivity §3). */
export default function IntegrationsPage() {
  const { t } = useT('integrations');
  const { message } = App.useApp();
  const showError = useErrorToast();
  const confirm = useConfirm();
  const canWrite = useCan('integrations:write', INTEGRATIONS_PERMISSIONS);
  const companyId = useCurrentUser()?.companyId ?? 0;
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim(), 500);
  const list = usePagedList(INTEGRATION_ENDPOINTS.page, 'queueIntegrations', { searchParam });
  const [editing, setEditing] = useState<Integration | null>(null);
  const [open, setOpen] = useState(false);

  // Live: every change (ours too) through company-{id}-queueIntegration; the count follows creates and deletes.
  const itemsRef = useRef(list.items);
  itemsRef.current = list.items;
  useRealtime<QueueIntegrationEvent>(queueIntegrationEvent(companyId), (e) => {
    if (e.action === 'delete') {
      if (itemsRef.current.some((i) => i.id === e.integrationId)) list.setCount((c) => Math.max(0, c - 1));
    } else if (!matchesSearch(e.queueIntegration, searchParam)) return;
    else if (e.action === 'create') list.setCount((c) => c + 1);
    list.setItems((l) => applyEvent(l, e));
  });
  useRealtimeReconnected(list.reload);

  const remove = async (i: Integration) => {
    if (!(await confirm({ title: t('confirmDelete'), content: i.name, danger: true, okText: t('delete') }))) return;
    try {
      await call(INTEGRATION_ENDPOINTS.remove, { params: { id: i.id } });
      void message.success(t('deleted'));
    } catch (err) {
      showError(err);
    }
  };
  const edit = (i: Integration | null) => {
    setEditing(i);
    setOpen(true);
  };
  const statusOf = (i: Integration) =>
    i.type === 'googlesheets-auth' ? (
      i.googleSheetsAccessToken ? <Tag color="green">{t('status.connected')}</Tag> : <Tag color="red">{t('status.disconnected')}</Tag>
    ) : (
      <Tag color="green">{t('status.active')}</Tag>
    );

  return (
    <Card data-testid="integrations-page">
      <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }} data-testid="integrations-title">
          {t('title', { count: list.count })}
        </Typography.Title>
        <Flex gap={8} wrap>
          <Input allowClear prefix={<SearchOutlined />} placeholder={t('search')} value={search} onChange={(e) => setSearch(e.target.value)} style={{ width: 260 }} data-testid="integrations-search" />
          {canWrite && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => edit(null)} data-testid="integrations-add">
              {t('add')}
            </Button>
          )}
        </Flex>
      </Flex>
      <PagedTable<Integration>
        list={list}
        items={list.items}
        testId="integrations"
        emptyText={searchParam ? t('noResults') : t('empty')}
        rowProps={(i) => ({ 'data-testid': `integration-row-${i.id}` })}
        columns={[
          { title: t('columns.type'), dataIndex: 'type', width: 70, render: (type: string) => <TypeLogo type={type} /> },
          { title: t('columns.id'), dataIndex: 'id', width: 80 },
          { title: t('columns.name'), dataIndex: 'name', ellipsis: true },
          { title: t('columns.status'), key: 'status', width: 140, render: (_: unknown, i: Integration) => statusOf(i) },
          {
            title: t('columns.actions'),
            key: 'actions',
            width: 110,
            render: (_: unknown, i: Integration) =>
              canWrite && (
                <Space>
                  <Button type="text" icon={<EditOutlined />} aria-label={t('edit')} onClick={() => edit(i)} data-testid="integration-edit" />
                  <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('delete')} onClick={() => void remove(i)} data-testid="integration-delete" />
                </Space>
              ),
          },
        ]}
      />
      {open && (
        <IntegrationDialog
          record={editing}
          onClose={() => setOpen(false)}
          onSaved={(i) => {
            setOpen(false);
            if (matchesSearch(i, searchParam)) list.setItems((l) => applyEvent(l, { action: 'update', queueIntegration: i }));
          }}
        />
      )}
    </Card>
  );
}
