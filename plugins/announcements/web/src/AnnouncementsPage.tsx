import { useEffect, useRef, useState } from 'react';
import { App, Button, Card, Flex, Input, Space, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { call, PagedTable, useCan, useConfirm, useDebouncedValue, useErrorToast, usePagedList, useRealtime, useT } from '@atende/sdk-web';
import { ANNOUNCEMENT_ADMIN_EVENT, ANNOUNCEMENT_ENDPOINTS, ANNOUNCEMENTS_PERMISSIONS, type Announcement, type AnnouncementEvent } from '@atende/plugin-announcements-contract';
import { AnnouncementDialog } from './AnnouncementDialog.js';
import { applyEvent, matchesSearch } from './announcementList.js';
import { PriorityTag } from './PriorityTag.js';

/** Not a super user: the spec's info toast, then home after 1 s (commercial-admin §6). */
function NotAllowed() {
  const { t } = useT('announcements');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const told = useRef(false);
  useEffect(() => {
    if (!told.current) void message.info(t('onlySuper'));
    told.current = true;
    const timer = setTimeout(() => navigate('/', { replace: true }), 1000);
    return () => clearTimeout(timer);
  }, [message, navigate, t]);
  return null;
}

function Manage() {
  const { t } = useT('announcements');
  const showError = useErrorToast();
  const confirm = useConfirm();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim(), 500);
  const list = usePagedList(ANNOUNCEMENT_ENDPOINTS.page, 'records', { searchParam });
  const [editing, setEditing] = useState<Announcement | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);

  // Live: add, replace or remove records (a new one outside the current search stays out).
  useRealtime<AnnouncementEvent>(ANNOUNCEMENT_ADMIN_EVENT, (e) => {
    if (e.action !== 'delete' && !matchesSearch(e.record, searchParam)) return list.setItems((l) => l.filter((a) => a.id !== e.record.id));
    list.setItems((l) => applyEvent(l, e));
  });

  const remove = async (a: Announcement) => {
    if (!(await confirm({ title: t('confirmDelete'), content: a.title, danger: true }))) return;
    try {
      await call(ANNOUNCEMENT_ENDPOINTS.remove, { params: { id: a.id } });
      list.setItems((l) => applyEvent(l, { action: 'delete', id: a.id }));
    } catch (err) {
      showError(err);
    }
  };
  const openDialog = (a: Announcement | null) => {
    setEditing(a);
    setDialogOpen(true);
  };

  return (
    <Card data-testid="announcements-page">
      <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('title')}
        </Typography.Title>
        <Flex gap={8} wrap>
          <Input allowClear prefix={<SearchOutlined />} placeholder={t('search')} value={search} onChange={(e) => setSearch(e.target.value)} style={{ width: 260 }} data-testid="announcements-search" />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => openDialog(null)} data-testid="announcements-add">
            {t('add')}
          </Button>
        </Flex>
      </Flex>
      <PagedTable<Announcement>
        list={list}
        items={list.items}
        testId="announcements"
        emptyText={searchParam ? t('noResults') : t('empty')}
        rowProps={(a) => ({ 'data-testid': `announcement-row-${a.id}` })}
        columns={[
          { title: t('columns.title'), dataIndex: 'title', ellipsis: true },
          { title: t('columns.priority'), dataIndex: 'priority', width: 120, render: (p: number) => <PriorityTag priority={p} /> },
          { title: t('columns.mediaName'), dataIndex: 'mediaName', ellipsis: true, render: (n: string | null) => n ?? '—' },
          {
            title: t('columns.status'),
            dataIndex: 'status',
            width: 110,
            render: (s: boolean) => <Tag color={s ? 'green' : 'default'}>{s ? t('status.active') : t('status.inactive')}</Tag>,
          },
          {
            title: t('columns.actions'),
            key: 'actions',
            width: 110,
            render: (_: unknown, a: Announcement) => (
              <Space>
                <Button type="text" icon={<EditOutlined />} aria-label={t('edit')} onClick={() => openDialog(a)} data-testid="announcement-edit" />
                <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('delete')} onClick={() => void remove(a)} data-testid="announcement-delete" />
              </Space>
            ),
          },
        ]}
      />
      <AnnouncementDialog
        open={dialogOpen}
        record={editing}
        onClose={() => setDialogOpen(false)}
        onSaved={(a) => {
          setDialogOpen(false);
          if (matchesSearch(a, searchParam)) list.setItems((l) => applyEvent(l, { action: 'update', record: a }));
        }}
      />
    </Card>
  );
}

/** /announcements: super users manage them; anyone else is sent home (the server refuses their writes anyway). */
export default function AnnouncementsPage() {
  const canWrite = useCan('announcements:write', ANNOUNCEMENTS_PERMISSIONS);
  return canWrite ? <Manage /> : <NotAllowed />;
}
