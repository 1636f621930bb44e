import { useEffect, useMemo, useState } from 'react';
import { App, Alert, Button, Card, Empty, Flex, Select, Spin, Table, Tabs, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { CONNECTION_ENDPOINTS, SOCKET_EVENTS, type Connection } from '@atende/core-contract';
import { call, useConfirm, useErrorToast, usePlanFlag, useRealtime, useT } from '@atende/sdk-web';
import { apiExamples } from './examples.js';

/** How long the refusal shows before going home (core-operations §6: "a redirect home after 1 second"). */
export const API_REFUSAL_MS = 1000;

type WhatsappEvent = { action: 'update' | 'create'; whatsapp: Connection } | { action: 'delete'; whatsappId: number };

/**
 * The API page (core-operations §1, §6; issue 34 item 1): each connection's token, copyable and
 * rotatable, with copyable examples of POST /api/messages/send and its errors. Without plan flag
 * useExternalApi: the unauthorized toast, then home after 1 s.
 */
export function ApiPage() {
  const allowed = usePlanFlag('useExternalApi');
  return allowed ? <ApiDocs /> : <ApiRefusal />;
}

function ApiRefusal() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { t } = useT();
  useEffect(() => {
    void message.error(t('api.unauthorized'));
    const timer = setTimeout(() => void navigate('/', { replace: true }), API_REFUSAL_MS);
    return () => clearTimeout(timer);
  }, []);
  return <Spin data-testid="api-refused" />;
}

function ApiDocs() {
  const { t } = useT();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const confirm = useConfirm();
  const [connections, setConnections] = useState<Connection[] | null>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [rotating, setRotating] = useState(false);

  useEffect(() => {
    let alive = true;
    call(CONNECTION_ENDPOINTS.list).then(
      (list) => {
        if (!alive) return;
        setConnections(list);
        setSelectedId((id) => id ?? list.find((c) => c.isDefault)?.id ?? list[0]?.id ?? null);
      },
      (err: unknown) => {
        if (!alive) return;
        setConnections([]);
        showError(err);
      },
    );
    return () => {
      alive = false;
    };
  }, []);

  // A token rotated elsewhere (another admin, another tab) shows here at once.
  useRealtime<WhatsappEvent>(SOCKET_EVENTS.whatsapp, (ev) => {
    setConnections((list) => {
      if (!list) return list;
      if (ev.action === 'delete') return list.filter((c) => c.id !== ev.whatsappId);
      return list.some((c) => c.id === ev.whatsapp.id) ? list.map((c) => (c.id === ev.whatsapp.id ? ev.whatsapp : c)) : [...list, ev.whatsapp];
    });
  });

  const selected = connections?.find((c) => c.id === selectedId) ?? null;
  const examples = useMemo(() => apiExamples(window.location.origin, selected?.token || '<TOKEN>'), [selected?.token]);

  const rotate = async () => {
    if (!selected) return;
    if (!(await confirm({ title: t('api.rotateTitle', { name: selected.name }), content: t('api.rotateText'), danger: true, okText: t('api.rotate') }))) return;
    setRotating(true);
    try {
      const updated = await call(CONNECTION_ENDPOINTS.rotateToken, { params: { id: selected.id }, body: {} });
      setConnections((list) => list?.map((c) => (c.id === updated.id ? updated : c)) ?? list);
      void message.success(t('api.rotated'));
    } catch (err) {
      showError(err);
    } finally {
      setRotating(false);
    }
  };

  const code = (text: string, testId: string) => (
    <Typography.Paragraph copyable={{ text, tooltips: [t('api.copy'), t('api.copied')] }} data-testid={testId}>
      <pre style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', margin: 0 }}>{text}</pre>
    </Typography.Paragraph>
  );

  const errors = [
    { code: '401 ERR_INVALID_TOKEN', meaning: t('api.err401') },
    { code: '403 ERR_NO_PERMISSION', meaning: t('api.err403') },
    { code: '400 ERR_WAPP_INVALID_CONTACT', meaning: t('api.err400contact') },
    { code: '400 ERR_WAPP_NOT_INITIALIZED', meaning: t('api.err400session') },
    { code: '400 ERR_OUTBOUND_URL_REFUSED / ERR_WAPP_DOWNLOAD_MEDIA', meaning: t('api.err400url') },
    { code: '409 ERR_REQUEST_IN_PROGRESS', meaning: t('api.err409') },
    { code: '429 ERR_TOO_MANY_ATTEMPTS', meaning: t('api.err429') },
  ];

  return (
    <Flex vertical gap={16} style={{ padding: 16, maxWidth: 1000 }} data-testid="api-page">
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('api.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('api.intro')}
      </Typography.Paragraph>
      {connections === null ? (
        <Spin />
      ) : !connections.length ? (
        <Empty description={t('api.noConnections')} />
      ) : (
        <Card title={t('api.token')}>
          <Flex vertical gap={12}>
            <Select
              style={{ maxWidth: 360 }}
              value={selectedId ?? undefined}
              placeholder={t('api.pickConnection')}
              onChange={setSelectedId}
              options={connections.map((c) => ({ value: c.id, label: c.name }))}
              data-testid="api-connection"
              aria-label={t('api.connection')}
            />
            {selected && (
              <Flex gap={8} align="center" wrap>
                <Typography.Text code copyable={{ text: selected.token, tooltips: [t('api.copy'), t('api.copied')] }} data-testid="api-token">
                  {selected.token}
                </Typography.Text>
                <Button icon={<ReloadOutlined />} loading={rotating} onClick={() => void rotate()} data-testid="api-rotate">
                  {t('api.rotate')}
                </Button>
              </Flex>
            )}
          </Flex>
        </Card>
      )}
      <Card title={t('api.examples')}>
        <Tabs
          items={[
            { key: 'text', label: t('api.exampleText'), children: code(examples.text, 'api-example-text') },
            { key: 'url', label: t('api.exampleMediaUrl'), children: code(examples.mediaUrl, 'api-example-url') },
            { key: 'upload', label: t('api.exampleUpload'), children: code(examples.upload, 'api-example-upload') },
          ]}
        />
        <Alert type="info" showIcon title={t('api.idempotency')} style={{ marginBottom: 8 }} />
        <Alert type="warning" showIcon title={t('api.limits')} />
      </Card>
      <Card title={t('api.errors')}>
        <Table
          size="small"
          pagination={false}
          rowKey="code"
          dataSource={errors}
          columns={[
            { title: t('api.errorCode'), dataIndex: 'code', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
            { title: t('api.errorMeaning'), dataIndex: 'meaning' },
          ]}
        />
      </Card>
      <Typography.Link href="/api/docs" target="_blank" data-testid="api-docs-link">
        {t('api.docs')}
      </Typography.Link>
    </Flex>
  );
}
