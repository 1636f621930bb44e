import { useEffect, useRef, useState } from 'react';
import { App, Button, Card, Empty, Flex, Popconfirm, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/index.js';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { QUEUE_ENDPOINTS, SOCKET_EVENTS, type Queue } from '@atende/core-contract';
import { LoadError, useErrorToast, useRealtime, useT, call } from '@atende/sdk-web';
import { QueueModal } from './QueueModal.js';

/** Payload of the realtime 'queue' event (core/server/src/queues/queues.service.ts). */
type QueueEvent = { action: 'create' | 'update'; queue: Queue } | { action: 'delete'; queueId: number };

/** The server's order: orderQueue first (unset last), then name. */
function sortQueues(list: Queue[]): Queue[] {
  return [...list].sort((a, b) => (a.orderQueue ?? Number.MAX_SAFE_INTEGER) - (b.orderQueue ?? Number.MAX_SAFE_INTEGER) || a.name.localeCompare(b.name));
}

/** Queues of the company (core-operations §2): list, add, edit (data, hours, options), delete, live updates. */
export function QueuesPage() {
  const { t } = useT();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const [queues, setQueues] = useState<Queue[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [editing, setEditing] = useState<Queue | 'new' | null>(null);
  const errorRef = useRef(showError);
  errorRef.current = showError;

  const load = () => {
    setError(null);
    call(QUEUE_ENDPOINTS.list).then(
      (rows) => setQueues(sortQueues(rows)),
      (err: unknown) => {
        setError(err);
        setQueues((old) => old ?? []);
      },
    );
  };
  useEffect(load, []);

  const upsert = (q: Queue) => setQueues((old) => old && sortQueues([...old.filter((x) => x.id !== q.id), q]));
  useRealtime<QueueEvent>(SOCKET_EVENTS.queue, (ev) => {
    if (ev.action === 'delete') setQueues((old) => old && old.filter((q) => q.id !== ev.queueId));
    else if (ev.queue) upsert(ev.queue);
  });

  const remove = async (q: Queue) => {
    try {
      await call(QUEUE_ENDPOINTS.remove, { params: { id: q.id } });
      setQueues((old) => old && old.filter((x) => x.id !== q.id));
      void message.success(t('queues.deleted'));
    } catch (err) {
      errorRef.current(err);
    }
  };

  const columns: ColumnsType<Queue> = [
    {
      title: t('queues.name'),
      dataIndex: 'name',
      render: (name: string) => (
        <Typography.Text strong data-testid="queue-row-name">
          {name}
        </Typography.Text>
      ),
    },
    {
      title: t('queues.colour'),
      dataIndex: 'color',
      width: 140,
      // A swatch beside the code: light palette colours would make white tag text unreadable.
      render: (c: string) => (
        <Flex align="center" gap={8} data-testid="queue-row-colour" data-colour={c}>
          <span style={{ width: 16, height: 16, borderRadius: '50%', background: c, flex: 'none' }} />
          <Typography.Text type="secondary" style={{ fontFamily: 'monospace' }}>
            {c}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('queues.greeting'),
      dataIndex: 'greetingMessage',
      ellipsis: true,
      render: (g: string) => (g ? g : <Typography.Text type="secondary">—</Typography.Text>),
    },
    {
      title: t('queues.order'),
      dataIndex: 'orderQueue',
      width: 90,
      align: 'center',
      render: (o: number | null) => (o === null ? <Typography.Text type="secondary">—</Typography.Text> : o),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 110,
      align: 'center',
      render: (_, q) => (
        <Flex gap={4} justify="center">
          <Button type="text" icon={<EditOutlined />} aria-label={t('common.edit')} onClick={() => setEditing(q)} data-testid={`queue-edit-${q.id}`} />
          <Popconfirm
            title={t('queues.confirmDelete', { name: q.name })}
            description={t('queues.confirmDeleteText')}
            okText={t('common.delete')}
            cancelText={t('common.cancel')}
            okButtonProps={{ danger: true, 'data-testid': 'queue-delete-confirm' }}
            onConfirm={() => remove(q)}
          >
            <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} data-testid={`queue-delete-${q.id}`} />
          </Popconfirm>
        </Flex>
      ),
    },
  ];

  return (
    <Card data-testid="queues-page">
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('queues.title')}
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="queues-add">
          {t('queues.add')}
        </Button>
      </Flex>
      {error && !queues?.length ? (
        <LoadError error={error} onRetry={load} title={t('queues.loadError')} />
      ) : (
        <Table<Queue>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={queues ?? []}
          loading={queues === null}
          pagination={false}
          onRow={(q) => ({ 'data-testid': `queue-row-${q.id}`, 'data-name': q.name }) as object}
          locale={{ emptyText: queues === null ? <span /> : <Empty description={t('queues.empty')} /> }}
          scroll={{ x: 640 }}
        />
      )}
      <QueueModal
        editing={editing}
        queues={queues ?? []}
        onClose={() => setEditing(null)}
        onSaved={(q) => {
          upsert(q);
          setEditing(null);
        }}
      />
    </Card>
  );
}
