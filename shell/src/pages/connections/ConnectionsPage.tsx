import { CONNECTION_ENDPOINTS } from '@atende/core-contract';
import { useMemo, useState, type ReactNode } from 'react';
import { App, Button, Card, Empty, Flex, Popconfirm, Table, Tag, Tooltip, Typography, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table/index.js';
import {
  CheckCircleOutlined,
  CloseCircleOutlined,
  DeleteOutlined,
  EditOutlined,
  ExperimentOutlined,
  KeyOutlined,
  LoadingOutlined,
  PlusOutlined,
  QrcodeOutlined,
  StarFilled,
  WarningOutlined,
} from '@ant-design/icons';
import dayjs from 'dayjs';
import { Link } from 'react-router-dom';
import { LoadError, useCan, useErrorToast, useT, Zone, call } from '@atende/sdk-web';
import { sessionActions, upsertConnection, type ConnectionStatus, type LiveConnection, type SessionAction } from './connectionStatus.js';
import { useConnections } from './useConnections.js';
import { ConnectionModal } from './ConnectionModal.js';
import { QrCodeModal } from './QrCodeModal.js';

const STATUS_LOOK: Record<ConnectionStatus, { color: string; icon: ReactNode }> = {
  CONNECTED: { color: 'success', icon: <CheckCircleOutlined /> },
  DISCONNECTED: { color: 'error', icon: <CloseCircleOutlined /> },
  qrcode: { color: 'processing', icon: <QrcodeOutlined /> },
  OPENING: { color: 'processing', icon: <LoadingOutlined /> },
  PAIRING: { color: 'processing', icon: <KeyOutlined /> },
  TIMEOUT: { color: 'warning', icon: <WarningOutlined /> },
};

/** Last update as the spec shows it: dd/MM/yy HH:mm. */
export const formatUpdatedAt = (iso: string) => dayjs(iso).format('DD/MM/YY HH:mm');

/** The connection's status as a coloured tag with an icon; a DISCONNECTED one says why (issue 10). */
export function StatusTag({ status, reason }: { status: ConnectionStatus; reason?: string | null }) {
  const { t } = useT();
  const look = STATUS_LOOK[status];
  const why = status === 'DISCONNECTED' && reason ? t(`connections.reason.${reason}`, { defaultValue: reason }) : null;
  const tag = (
    <Tag color={look.color} icon={look.icon} data-testid="connection-status" data-status={status} data-reason={why ? reason : undefined}>
      {t(`connections.status.${status}`)}
    </Tag>
  );
  return why ? (
    <Tooltip title={why}>
      <span>
        {tag}
        <Typography.Text type="danger" style={{ display: 'block', fontSize: 12 }} data-testid="connection-status-reason">
          {why}
        </Typography.Text>
      </span>
    </Tooltip>
  ) : (
    tag
  );
}

/** Connections page (core-operations §2, §4): table, session buttons by status, add/edit/delete, QR dialog, live updates. */
export function ConnectionsPage() {
  const { t } = useT();
  const { message, modal } = App.useApp();
  const showError = useErrorToast();
  const canAct = useCan('connections-page:actionButtons');
  const canAdd = useCan('connections-page:addConnection');
  const canEdit = useCan('connections-page:editOrDeleteConnection');
  const { connections, error, reload, setConnections } = useConnections();
  const { token } = theme.useToken();
  const [editing, setEditing] = useState<LiveConnection | 'new' | null>(null);
  const [qrFor, setQrFor] = useState<number | null>(null);
  const [busy, setBusy] = useState<Record<number, SessionAction | undefined>>({});

  const run = async (c: LiveConnection, action: SessionAction, call: () => Promise<unknown>) => {
    setBusy((b) => ({ ...b, [c.id]: action }));
    try {
      await call();
    } catch (err) {
      showError(err);
    } finally {
      setBusy((b) => ({ ...b, [c.id]: undefined }));
    }
  };

  const start = (c: LiveConnection) => run(c, 'tryAgain', () => call(CONNECTION_ENDPOINTS.startSession, { params: { id: c.id }, body: {} }));
  const newQr = (c: LiveConnection) =>
    run(c, 'newQr', async () => {
      // A sandbox connection connects at once unless asked for a QR (a running one is ended first);
      // a Baileys session is restarted and shows a fresh QR.
      if (c.provider === 'sandbox') {
        if (c.status !== 'DISCONNECTED') await call(CONNECTION_ENDPOINTS.endSession, { params: { id: c.id } });
        await call(CONNECTION_ENDPOINTS.startSession, { params: { id: c.id }, body: { qr: true } });
      } else await call(CONNECTION_ENDPOINTS.restartSession, { params: { id: c.id }, body: {} });
      setQrFor(c.id);
    });
  const disconnect = (c: LiveConnection) =>
    modal.confirm({
      title: t('connections.disconnectTitle', { name: c.name }),
      content: t('connections.disconnectText'),
      okText: t('connections.actions.disconnect'),
      okButtonProps: { danger: true, 'data-testid': 'connection-disconnect-confirm' },
      cancelText: t('common.cancel'),
      onOk: () => run(c, 'disconnect', () => call(CONNECTION_ENDPOINTS.endSession, { params: { id: c.id } })),
    });

  const remove = async (c: LiveConnection) => {
    try {
      await call(CONNECTION_ENDPOINTS.remove, { params: { id: c.id } });
      setConnections((old) => old && old.filter((x) => x.id !== c.id));
      if (c.isDefault) reload(); // another connection became the default
      void message.success(t('connections.deleted'));
    } catch (err) {
      showError(err);
    }
  };

  const actionButton = (c: LiveConnection, action: SessionAction) => {
    const common = { size: 'small' as const, loading: busy[c.id] === action, 'data-testid': `connection-${action}-${c.id}` };
    switch (action) {
      case 'tryAgain':
        return <Button key={action} {...common} onClick={() => void start(c)}>{t('connections.actions.tryAgain')}</Button>;
      case 'newQr':
        return <Button key={action} {...common} type="primary" icon={<QrcodeOutlined />} onClick={() => void newQr(c)}>{t('connections.actions.newQr')}</Button>;
      case 'showQr':
        return <Button key={action} {...common} type="primary" icon={<QrcodeOutlined />} onClick={() => setQrFor(c.id)}>{t('connections.actions.showQr')}</Button>;
      case 'connecting':
        return <Button key={action} {...common} disabled icon={<LoadingOutlined />}>{t('connections.actions.connecting')}</Button>;
      case 'showCode':
        return <Button key={action} {...common} icon={<KeyOutlined />} onClick={() => setQrFor(c.id)}>{t('connections.actions.showCode')}</Button>;
      case 'disconnect':
        return <Button key={action} {...common} danger onClick={() => disconnect(c)}>{t('connections.actions.disconnect')}</Button>;
    }
  };

  const columns: ColumnsType<LiveConnection> = [
    {
      title: t('connections.name'),
      dataIndex: 'name',
      render: (name: string, c) => (
        <Flex vertical gap={2}>
          <Typography.Text strong>{name}</Typography.Text>
          <Flex gap={6} align="center" wrap>
            {c.provider === 'sandbox' ? (
              <Link to="/sandbox" data-testid={`connection-sandbox-link-${c.id}`}>
                <ExperimentOutlined /> {t('connections.openSimulator')}
              </Link>
            ) : (
              c.number && <Typography.Text type="secondary" style={{ fontSize: 12 }}>+{c.number}</Typography.Text>
            )}
          </Flex>
        </Flex>
      ),
    },
    { title: t('connections.statusTitle'), dataIndex: 'status', width: 170, render: (s: ConnectionStatus, c: LiveConnection) => <StatusTag status={s} reason={c.statusReason} /> },
    ...(canAct
      ? [
          {
            title: t('connections.session'),
            key: 'session',
            render: (_: unknown, c: LiveConnection) => (
              <Flex gap={6} wrap data-testid={`connection-actions-${c.id}`}>
                {sessionActions(c.status).map((a) => actionButton(c, a))}
              </Flex>
            ),
          },
        ]
      : []),
    { title: t('connections.updatedAt'), dataIndex: 'updatedAt', width: 150, render: (v: string) => <span data-testid="connection-updated">{formatUpdatedAt(v)}</span> },
    {
      title: t('connections.default'),
      dataIndex: 'isDefault',
      width: 100,
      align: 'center',
      render: (d: boolean) =>
        d ? (
          <Tooltip title={t('connections.isDefault')}>
            <StarFilled style={{ color: token.colorWarning }} aria-label={t('connections.isDefault')} data-testid="connection-default" />
          </Tooltip>
        ) : null,
    },
    ...(canEdit
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            width: 110,
            align: 'center' as const,
            render: (_: unknown, c: LiveConnection) => (
              <Flex gap={4} justify="center">
                <Button type="text" icon={<EditOutlined />} aria-label={t('common.edit')} onClick={() => setEditing(c)} data-testid={`connection-edit-${c.id}`} />
                <Popconfirm
                  title={t('connections.confirmDelete', { name: c.name })}
                  description={t('connections.confirmDeleteText')}
                  okText={t('common.delete')}
                  cancelText={t('common.cancel')}
                  okButtonProps={{ danger: true, 'data-testid': 'connection-delete-confirm' }}
                  onConfirm={() => remove(c)}
                >
                  <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} data-testid={`connection-delete-${c.id}`} />
                </Popconfirm>
                {/* Plugins add actions per connection here. */}
                <Zone name="connection.row.actions" context={{ connection: c }} />
              </Flex>
            ),
          },
        ]
      : []),
  ];

  const list = connections ?? [];
  const qrConnection = useMemo(() => list.find((c) => c.id === qrFor) ?? null, [list, qrFor]);

  return (
    <Card data-testid="connections-page">
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('connections.title')}
        </Typography.Title>
        <Flex gap={8} wrap>
          {/* Plugins add page actions here (the flow builder's REVINCULAR, which binds every connection). */}
          {canEdit && <Zone name="connections.page.actions" context={{ connections: list }} />}
          {canAdd && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="connections-add">
              {t('connections.add')}
            </Button>
          )}
        </Flex>
      </Flex>
      {error && !list.length ? (
        <LoadError error={error} onRetry={reload} title={t('connections.loadError')} />
      ) : (
        <Table<LiveConnection>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list}
          loading={connections === null}
          pagination={false}
          onRow={(c) => ({ 'data-testid': `connection-row-${c.id}`, 'data-name': c.name }) as object}
          locale={{ emptyText: connections === null ? <span /> : <Empty description={t('connections.empty')} /> }}
          scroll={{ x: 860 }}
        />
      )}
      <ConnectionModal
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={(c) => {
          setConnections((old) => old && upsertConnection(old, c));
          setEditing(null);
        }}
      />
      <QrCodeModal connection={qrConnection} onClose={() => setQrFor(null)} onNewQr={newQr} />
    </Card>
  );
}
