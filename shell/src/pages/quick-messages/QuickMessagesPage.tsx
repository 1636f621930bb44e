import { useMemo, useState } from 'react';
import { App, Button, Card, Flex, Input, Popconfirm, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/index.js';
import { AppstoreAddOutlined, DeleteOutlined, EditOutlined, PaperClipOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { QUICK_MESSAGE_ENDPOINTS, SOCKET_EVENTS } from '@atende/core-contract';
import { PagedTable, useCan, useCurrentUser, useDebouncedValue, useErrorToast, usePagedList, useRealtime, useT, call } from '@atende/sdk-web';
import { QuickMessageModal, type QuickMessageDto } from './QuickMessageModal.js';

/** Live records leave out allowEdit (it depends on the viewer); `reload` asks for the list again. */
export type QuickMessageEvent =
  | { action: 'create' | 'update' | 'delete'; record: Omit<QuickMessageDto, 'allowEdit'> }
  | { action: 'reload'; record?: undefined };

/**
 * Quick messages (core-operations §2, §6, §7): the user's own and the company's shared ones, search, infinite
 * list, add, and edit/delete only where `allowEdit`; live updates.
 */
export function QuickMessagesPage() {
  const { t } = useT();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const me = useCurrentUser();
  const isManager = useCan('users:manage');
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim(), 500);
  const list = usePagedList(QUICK_MESSAGE_ENDPOINTS.page, 'records', { searchParam, userId: me?.id });
  const { items, setItems } = list;
  const [editing, setEditing] = useState<QuickMessageDto | 'new' | null>(null);

  // Decided on the latest state: a save's answer and its own live event may arrive in the same tick.
  const upsert = (record: QuickMessageDto, add: boolean) =>
    setItems((old) => {
      if (old.some((r) => r.id === record.id)) return old.map((r) => (r.id === record.id ? record : r));
      return add ? [...old, record].sort((a, b) => a.shortcode.localeCompare(b.shortcode) || a.id - b.id) : old;
    });
  const removeRow = (id: number) => setItems((old) => old.filter((r) => r.id !== id));
  const matchesSearch = (r: Pick<QuickMessageDto, 'shortcode' | 'message'>) => {
    const s = searchParam.toLowerCase();
    return !s || r.shortcode.toLowerCase().includes(s) || r.message.toLowerCase().includes(s);
  };

  useRealtime<QuickMessageEvent>(SOCKET_EVENTS.quickmessage, (ev) => {
    if (ev.action === 'reload') return list.reload();
    const r = ev.record;
    if (!r) return;
    // The same rules as the server: your own, or shared; shared ones are edited by managers.
    const mine = r.userId === me?.id;
    if (ev.action === 'delete' || !(r.geral || mine)) return removeRow(r.id);
    upsert({ ...r, allowEdit: mine || (r.geral && isManager) }, ev.action === 'create' && matchesSearch(r));
  });

  const remove = async (r: QuickMessageDto) => {
    try {
      await call(QUICK_MESSAGE_ENDPOINTS.remove, { params: { id: r.id } });
      removeRow(r.id);
      void message.success(t('quickMessages.deleted'));
    } catch (err) {
      showError(err);
    }
  };

  const columns: ColumnsType<QuickMessageDto> = useMemo(
    () => [
      {
        title: t('quickMessages.shortcode'),
        dataIndex: 'shortcode',
        width: 200,
        render: (code: string) => <Typography.Text code>/{code}</Typography.Text>,
      },
      {
        title: t('quickMessages.message'),
        dataIndex: 'message',
        ellipsis: true,
        render: (text: string) => text || <Typography.Text type="secondary">—</Typography.Text>,
      },
      {
        title: t('quickMessages.sharedShort'),
        dataIndex: 'geral',
        width: 140,
        render: (geral: boolean, r) => (
          <Tag color={geral ? 'processing' : 'default'} data-testid={`qm-geral-${r.id}`}>
            {geral ? t('quickMessages.sharedShort') : t('quickMessages.personal')}
          </Tag>
        ),
      },
      {
        title: t('quickMessages.attachment'),
        dataIndex: 'mediaName',
        width: 200,
        ellipsis: true,
        // The file and, beside it, a plugin's attachment (a file list).
        render: (name: string | null, r) =>
          name || r.attachment ? (
            <Flex vertical gap={2}>
              {name && (
                <span>
                  <PaperClipOutlined /> {name}
                </span>
              )}
              {r.attachment && (
                <span data-testid={`qm-plugin-attachment-${r.id}`}>
                  <AppstoreAddOutlined /> {r.attachment.label}
                </span>
              )}
            </Flex>
          ) : (
            <Typography.Text type="secondary">—</Typography.Text>
          ),
      },
      {
        title: t('common.actions'),
        key: 'actions',
        width: 110,
        align: 'center',
        render: (_, r) =>
          r.allowEdit ? (
            <Flex gap={4} justify="center">
              <Button type="text" icon={<EditOutlined />} aria-label={t('common.edit')} onClick={() => setEditing(r)} data-testid={`qm-edit-${r.id}`} />
              <Popconfirm
                title={t('quickMessages.confirmDelete', { code: r.shortcode })}
                okText={t('common.delete')}
                cancelText={t('common.cancel')}
                okButtonProps={{ danger: true, 'data-testid': 'qm-delete-confirm' }}
                onConfirm={() => remove(r)}
              >
                <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} data-testid={`qm-delete-${r.id}`} />
              </Popconfirm>
            </Flex>
          ) : null,
      },
    ],
    [t],
  );

  return (
    <Card data-testid="quick-messages-page">
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('quickMessages.title')}
        </Typography.Title>
        <Flex gap={8} wrap>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('quickMessages.search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            style={{ width: 260 }}
            data-testid="qm-search"
          />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="qm-add">
            {t('quickMessages.add')}
          </Button>
        </Flex>
      </Flex>
      <PagedTable<QuickMessageDto>
        list={list}
        items={items}
        columns={columns}
        testId="qm"
        rowProps={(r) => ({ 'data-testid': `qm-row-${r.id}` })}
        emptyText={searchParam ? t('common.noResults') : t('quickMessages.empty')}
      />
      <QuickMessageModal
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={(r) => {
          upsert(r, true);
          setEditing(null);
        }}
      />
    </Card>
  );
}
