import { useEffect, useState } from 'react';
import { App, Button, Card, Empty, Flex, Popconfirm, Space, Switch, Table, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, RedoOutlined, ReloadOutlined } from '@ant-design/icons';
import { call, useErrorToast, useRealtime, useT } from '@atende/sdk-web';
import {
  WEBHOOK_DELIVERY_EVENT,
  WEBHOOK_SUBSCRIPTION_EVENT,
  WEBHOOKS_ENDPOINTS,
  type WebhookDelivery,
  type WebhookDeliveryEvent,
  type WebhookSubscription,
  type WebhookSubscriptionEvent,
} from '@atende/plugin-webhooks-contract';
import { SubscriptionModal } from './SubscriptionModal.js';

const STATUS_COLOURS: Record<WebhookDelivery['status'], string> = { pending: 'default', retrying: 'warning', delivered: 'success', failed: 'error' };

/** Newest first, one row per delivery id (a live update replaces its row). */
function upsert(list: WebhookDelivery[], d: WebhookDelivery): WebhookDelivery[] {
  return list.some((x) => x.id === d.id) ? list.map((x) => (x.id === d.id ? d : x)) : [d, ...list].sort((a, b) => b.id - a.id);
}

/** Webhooks (issue 34 item 2): subscriptions, and the live delivery log with "send again". */
export default function WebhooksPage() {
  const { t } = useT('webhooks');
  const { message } = App.useApp();
  const showError = useErrorToast();
  const [subs, setSubs] = useState<WebhookSubscription[] | null>(null);
  const [log, setLog] = useState<WebhookDelivery[] | null>(null);
  const [hasMore, setHasMore] = useState(false);
  const [editing, setEditing] = useState<WebhookSubscription | 'new' | null>(null);

  useEffect(() => {
    call(WEBHOOKS_ENDPOINTS.list).then(setSubs, (err: unknown) => {
      setSubs([]);
      showError(err);
    });
    call(WEBHOOKS_ENDPOINTS.deliveries, { query: {} }).then(
      (page) => {
        setLog(page.deliveries);
        setHasMore(page.hasMore);
      },
      (err: unknown) => {
        setLog([]);
        showError(err);
      },
    );
  }, []);

  useRealtime<WebhookDeliveryEvent>(WEBHOOK_DELIVERY_EVENT, ({ delivery }) => setLog((list) => (list ? upsert(list, delivery) : list)));
  useRealtime<WebhookSubscriptionEvent>(WEBHOOK_SUBSCRIPTION_EVENT, (ev) =>
    setSubs((list) => {
      if (!list) return list;
      if (ev.action === 'delete') return list.filter((s) => s.id !== ev.subscriptionId);
      return list.some((s) => s.id === ev.subscription.id) ? list.map((s) => (s.id === ev.subscription.id ? ev.subscription : s)) : [...list, ev.subscription];
    }),
  );

  const saved = (s: WebhookSubscription) => {
    setSubs((list) => (list?.some((x) => x.id === s.id) ? list.map((x) => (x.id === s.id ? s : x)) : [...(list ?? []), s]));
    setEditing(null);
    void message.success(t('saved'));
  };
  const run = async (work: () => Promise<unknown>, done?: string) => {
    try {
      await work();
      if (done) void message.success(done);
    } catch (err) {
      showError(err);
    }
  };
  const loadMore = () =>
    run(async () => {
      const page = await call(WEBHOOKS_ENDPOINTS.deliveries, { query: { beforeId: log?.at(-1)?.id } });
      setLog((list) => [...(list ?? []), ...page.deliveries.filter((d) => !list?.some((x) => x.id === d.id))]);
      setHasMore(page.hasMore);
    });

  return (
    <Flex vertical gap={16} style={{ padding: 16 }} data-testid="webhooks-page">
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('intro')} {t('signatureHelp')}
      </Typography.Paragraph>
      <Card
        title={t('subscriptions')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="webhook-add">
            {t('add')}
          </Button>
        }
      >
        <Table
          rowKey="id"
          size="small"
          loading={subs === null}
          dataSource={subs ?? []}
          pagination={false}
          locale={{ emptyText: <Empty description={t('emptySubscriptions')} /> }}
          columns={[
            { title: t('url'), dataIndex: 'url', render: (url: string) => <Typography.Text data-testid="webhook-row-url">{url}</Typography.Text> },
            { title: t('events'), dataIndex: 'events', render: (events: string[]) => events.map((e) => <Tag key={e}>{t(`event_${e}`)}</Tag>) },
            {
              title: t('active'),
              dataIndex: 'active',
              render: (active: boolean, s: WebhookSubscription) => <Switch size="small" checked={active} onChange={(v) => void run(() => call(WEBHOOKS_ENDPOINTS.update, { params: { id: s.id }, body: { active: v } }))} />,
            },
            {
              title: t('secret'),
              dataIndex: 'secret',
              render: (secret: string) => (
                <Typography.Text code copyable={{ text: secret }}>
                  {`${secret.slice(0, 8)}…`}
                </Typography.Text>
              ),
            },
            {
              key: 'actions',
              render: (_: unknown, s: WebhookSubscription) => (
                <Space>
                  <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(s)} aria-label={t('edit')} />
                  <Popconfirm title={t('rotateTitle')} description={t('rotateText')} onConfirm={() => void run(() => call(WEBHOOKS_ENDPOINTS.rotateSecret, { params: { id: s.id }, body: {} }))}>
                    <Button size="small" icon={<ReloadOutlined />}>
                      {t('rotateSecret')}
                    </Button>
                  </Popconfirm>
                  <Popconfirm title={t('confirmDelete')} onConfirm={() => void run(() => call(WEBHOOKS_ENDPOINTS.remove, { params: { id: s.id } }), t('deleted'))}>
                    <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('delete')} />
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <Card title={t('log')}>
        <Table
          rowKey="id"
          size="small"
          loading={log === null}
          dataSource={log ?? []}
          pagination={false}
          locale={{ emptyText: <Empty description={t('emptyLog')} /> }}
          onRow={(d) => ({ 'data-testid': `delivery-${d.id}` }) as never}
          expandable={{
            expandedRowRender: (d) => (
              <Flex vertical gap={4}>
                {d.error && <Typography.Text type="danger">{`${t('error')}: ${d.error}`}</Typography.Text>}
                <Typography.Text strong>{t('body')}</Typography.Text>
                <pre style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', margin: 0 }}>{d.body}</pre>
              </Flex>
            ),
          }}
          columns={[
            { title: '#', dataIndex: 'id', width: 70 },
            { title: t('event'), dataIndex: 'event', render: (e: string) => t(`event_${e}`) },
            { title: t('status'), dataIndex: 'status', render: (s: WebhookDelivery['status']) => <Tag color={STATUS_COLOURS[s]} data-testid="delivery-status">{t(`status_${s}`)}</Tag> },
            { title: t('response'), dataIndex: 'responseCode', render: (c: number | null) => <span data-testid="delivery-code">{c ?? '—'}</span> },
            { title: t('attempts'), dataIndex: 'attempts' },
            { title: t('when'), dataIndex: 'createdAt', render: (v: string) => new Date(v).toLocaleString() },
            {
              key: 'again',
              render: (_: unknown, d: WebhookDelivery) => (
                <Button size="small" icon={<RedoOutlined />} onClick={() => void run(() => call(WEBHOOKS_ENDPOINTS.redeliver, { params: { id: d.id }, body: {} }), t('sentAgain'))} data-testid="delivery-again">
                  {t('sendAgain')}
                </Button>
              ),
            },
          ]}
        />
        {hasMore && (
          <Button style={{ marginTop: 8 }} onClick={() => void loadMore()}>
            {t('loadMore')}
          </Button>
        )}
      </Card>
      <SubscriptionModal editing={editing} onClose={() => setEditing(null)} onSaved={saved} />
    </Flex>
  );
}
