import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Card, Empty, Flex, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { CONNECTION_ENDPOINTS, type Connection } from '@atende/core-contract';
import { call, LoadError, useErrorToast, useRealtime, useRealtimeReconnected, useT } from '@atende/sdk-web';
import { CLOUD_API_ENDPOINTS, CLOUD_API_PROVIDER, type CloudApiNumber } from '@atende/plugin-cloud-api-contract';
import { NumberModal, type Row } from './NumberModal.js';

/** The company's Cloud API connections, each with its number's configuration and what Meta's webhook setup needs. */
export default function CloudApiPage() {
  const { t } = useT('cloud-api');
  const showError = useErrorToast();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [editing, setEditing] = useState<Row | 'new' | null>(null);

  // The newest status each connection's events told: a list answer read before an event must not undo it.
  const live = useRef(new Map<number, Partial<Connection>>());
  const fresher = (c: Connection): Connection => {
    const seen = live.current.get(c.id);
    return seen?.updatedAt && seen.updatedAt > c.updatedAt ? { ...c, ...seen } : c;
  };

  const load = useCallback(async () => {
    try {
      const [connections, numbers] = await Promise.all([call(CONNECTION_ENDPOINTS.list), call(CLOUD_API_ENDPOINTS.list)]);
      const byConnection = new Map<number, CloudApiNumber>(numbers.map((n) => [n.whatsappId, n]));
      setRows(connections.filter((c) => c.provider === CLOUD_API_PROVIDER).map((c) => ({ connection: fresher(c), number: byConnection.get(c.id) ?? null })));
      setError(null);
    } catch (err) {
      setError(err);
    }
  }, []);
  useEffect(() => void load(), [load]);
  useRealtimeReconnected(() => void load());
  // Live status of the connections (started, stopped, deleted elsewhere).
  useRealtime('whatsappSession', (ev) => {
    if (ev.session.id === undefined) return;
    live.current.set(ev.session.id, ev.session);
    setRows((list) => list?.map((r) => (r.connection.id === ev.session.id ? { ...r, connection: { ...r.connection, ...ev.session } } : r)) ?? list);
  });
  useRealtime('whatsapp', () => void load());

  const webhookUrl = (n: CloudApiNumber) => `${window.location.origin}${n.webhookPath}`;
  if (error) return <LoadError error={error} onRetry={() => void load()} />;
  return (
    <Card data-testid="cloud-api-page">
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('title')}
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="cloud-api-add">
          {t('add')}
        </Button>
      </Flex>
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <Table<Row>
        rowKey={(r) => r.connection.id}
        loading={!rows}
        dataSource={rows ?? []}
        pagination={false}
        locale={{ emptyText: <Empty description={t('empty')} /> }}
        columns={[
          { title: t('connection'), render: (_, r) => r.connection.name },
          { title: t('status'), render: (_, r) => (
              <Tag color={r.connection.status === 'CONNECTED' ? 'green' : 'default'} data-testid={`cloud-api-status-${r.connection.id}`}>
                {r.connection.status}
              </Tag>
            ),
          },
          { title: t('phoneNumberId'), render: (_, r) => r.number?.phoneNumberId ?? <Tag color="orange">{t('notConfigured')}</Tag> },
          {
            title: t('webhookUrl'),
            render: (_, r) =>
              r.number && (
                <Typography.Text copyable code data-testid="cloud-api-webhook-url">
                  {webhookUrl(r.number)}
                </Typography.Text>
              ),
          },
          {
            title: t('verifyToken'),
            render: (_, r) =>
              r.number && (
                <Typography.Text copyable code>
                  {r.number.verifyToken}
                </Typography.Text>
              ),
          },
          {
            title: '',
            render: (_, r) => (
              <Button size="small" onClick={() => setEditing(r)}>
                {r.number ? t('edit') : t('configure')}
              </Button>
            ),
          },
        ]}
      />
      {editing && (
        <NumberModal
          row={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void load().catch(showError);
          }}
        />
      )}
    </Card>
  );
}
