import { useEffect, useMemo, useRef, useState } from 'react';
import { App, Badge, Button, Card, Flex, Input, Popconfirm, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/index.js';
import { DeleteOutlined, EditOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { USER_ENDPOINTS, QUEUE_ENDPOINTS, SOCKET_EVENTS, type Queue, type UserDto } from '@atende/core-contract';
import { PagedTable, useCurrentUser, useDebouncedValue, useErrorToast, usePagedList, useRealtime, useT, Zone, call } from '@atende/sdk-web';

import { UserModal } from './UserModal.js';

/** Payload of the realtime 'user' event on the company room. */
type UserEvent = { action: 'update' | 'create'; user: UserDto } | { action: 'delete'; userId: number };

/** Users of the company (core-operations §2): search, infinite list, add, edit, delete, live updates. */
export function UsersPage() {
  const { t } = useT();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const me = useCurrentUser();
  // The company option userCreation (the server refuses too): the super user may still add users.
  const creationClosed = !me?.super && me?.company.settings.find((s) => s.key === 'userCreation')?.value === 'disabled';
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim(), 500);
  const list = usePagedList(USER_ENDPOINTS.page, 'users', { searchParam });
  const { items, setItems, setCount } = list;
  const [queues, setQueues] = useState<Queue[]>([]);
  const [editing, setEditing] = useState<UserDto | 'new' | null>(null);

  useEffect(() => {
    // The queue choice is optional: without queues the select is simply empty.
    call(QUEUE_ENDPOINTS.list).then(setQueues, (err: unknown) => console.warn('queues not loaded', err));
  }, []);

  // Read through a ref: the memoised columns and the live handler must see the current rows, not those of their first render.
  const rows = useRef(items);
  rows.current = items;
  const upsert = (user: UserDto, prepend: boolean) => {
    if (rows.current.some((u) => u.id === user.id)) setItems((old) => old.map((u) => (u.id === user.id ? user : u)));
    else if (prepend) {
      setItems((old) => [user, ...old.filter((u) => u.id !== user.id)]);
      setCount((c) => c + 1);
    }
  };
  const removeRow = (id: number) => {
    if (!rows.current.some((u) => u.id === id)) return;
    setItems((old) => old.filter((u) => u.id !== id));
    setCount((c) => Math.max(0, c - 1));
  };

  useRealtime<UserEvent>(SOCKET_EVENTS.user, (ev) => {
    if (ev.action === 'delete') removeRow(ev.userId);
    // A user created elsewhere joins the list only when no search is narrowing it.
    else if (ev.user) upsert(ev.user, !searchParam);
  });

  const remove = async (user: UserDto) => {
    try {
      await call(USER_ENDPOINTS.remove, { params: { id: user.id } });
      removeRow(user.id);
      void message.success(t('users.deleted'));
    } catch (err) {
      showError(err);
    }
  };

  const columns: ColumnsType<UserDto> = useMemo(
    () => [
      {
        title: t('users.name'),
        dataIndex: 'name',
        render: (name: string, u) => (
          <Flex align="center" gap={8}>
            <Tooltip title={u.online ? t('users.online') : t('users.offline')}>
              <Badge status={u.online ? 'success' : 'default'} />
            </Tooltip>
            <span>{name}</span>
          </Flex>
        ),
      },
      { title: t('users.email'), dataIndex: 'email', ellipsis: true },
      { title: t('users.profile'), dataIndex: 'profile', width: 130, render: (p: string) => t(`profiles.${p}`) },
      {
        title: t('users.queues'),
        dataIndex: 'queues',
        render: (qs: UserDto['queues']) =>
          qs.length ? (
            <Flex wrap gap={4}>
              {qs.map((q) => (
                <Tag key={q.id} color={q.color} style={{ marginInlineEnd: 0 }}>
                  {q.name}
                </Tag>
              ))}
            </Flex>
          ) : (
            <Typography.Text type="secondary">—</Typography.Text>
          ),
      },
      {
        title: t('users.status'),
        dataIndex: 'enabled',
        width: 120,
        render: (on: boolean) => <Tag color={on ? 'success' : 'default'}>{on ? t('common.active') : t('common.inactive')}</Tag>,
      },
      {
        title: t('common.actions'),
        key: 'actions',
        width: 110,
        align: 'center',
        render: (_, u) => (
          <Flex gap={4} justify="center">
            <Button type="text" icon={<EditOutlined />} aria-label={t('common.edit')} onClick={() => setEditing(u)} data-testid={`user-edit-${u.email}`} />
            <Popconfirm
              title={t('users.confirmDelete', { name: u.name })}
              okText={t('common.delete')}
              cancelText={t('common.cancel')}
              okButtonProps={{ danger: true, 'data-testid': 'user-delete-confirm' }}
              onConfirm={() => remove(u)}
              disabled={u.id === me?.id}
            >
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('common.delete')}
                disabled={u.id === me?.id}
                data-testid={`user-delete-${u.email}`}
              />
            </Popconfirm>
            {/* Plugins add actions per user here (billing's coins, say). */}
            <Zone name="users.row.actions" context={{ user: u }} />
          </Flex>
        ),
      },
    ],
    [t, me?.id],
  );

  return (
    <Card data-testid="users-page">
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('users.title')}
          {list.loaded && (
            <Typography.Text type="secondary" style={{ fontSize: 14, fontWeight: 'normal', marginInlineStart: 8 }} data-testid="users-count">
              ({list.count})
            </Typography.Text>
          )}
        </Typography.Title>
        <Flex gap={8} wrap>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('common.search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            style={{ width: 260 }}
            data-testid="users-search"
          />
          <Tooltip title={creationClosed ? t('users.creationDisabled') : undefined}>
            <Button type="primary" icon={<PlusOutlined />} disabled={creationClosed} onClick={() => setEditing('new')} data-testid="users-add">
              {t('users.add')}
            </Button>
          </Tooltip>
        </Flex>
      </Flex>
      <PagedTable<UserDto>
        list={list}
        items={items}
        columns={columns}
        testId="users"
        rowProps={(u) => ({ 'data-testid': `user-row-${u.email}` })}
        emptyText={searchParam ? t('common.noResults') : t('users.empty')}
      />
      <UserModal
        editing={editing}
        queues={queues}
        onClose={() => setEditing(null)}
        onSaved={(u) => {
          upsert(u, true);
          setEditing(null);
        }}
      />
    </Card>
  );
}
