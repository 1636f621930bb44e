import { useEffect, useRef, useState } from 'react';
import { App, Button, Card, Flex, Form, Input, Select, Spin, Tag, Typography } from 'antd';
import { MobileOutlined, PlayCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { SANDBOX_ENDPOINTS, CONNECTION_ENDPOINTS, SOCKET_EVENTS, sandboxOutboxQuerySchema, type Connection } from '@atende/core-contract';
import { useDebouncedValue, useErrorToast, useRealtime, useT, call } from '@atende/sdk-web';
import { PhonePanel, type CustomerMessage } from './PhonePanel.js';
import { chatKey, useOutbox } from './useOutbox.js';

const PROVIDER = 'sandbox';
const DEFAULT_NUMBER = '51900000001';
/** After Start, the status is read again this often until CONNECTED, in case the live event is missed. */
const START_POLL_MS = 1000;
const START_POLL_TRIES = 20;

type Status = Connection['status'];
type SessionEvent = { action: 'update'; session: { id: number; status: Status; number?: string | null } };
type WhatsappEvent = { action: 'update' | 'create'; whatsapp: Connection } | { action: 'delete'; whatsappId: number };

const STATUS_COLOURS: Record<Status, string> = {
  CONNECTED: 'success',
  DISCONNECTED: 'default',
  qrcode: 'processing',
  OPENING: 'processing',
  PAIRING: 'processing',
  TIMEOUT: 'error',
};

const isValidNumber = (n: string) => sandboxOutboxQuerySchema.safeParse({ to: n }).success;

let localSeq = 0;

/**
 * The sandbox simulator: an admin writes to their own company as a customer through a 'sandbox'
 * connection (a simulated phone) and sees what Atende answers, for demos and for trying bots.
 */
export function SandboxPage() {
  const { t } = useT();
  const { message } = App.useApp();
  const showError = useErrorToast();

  const [connections, setConnections] = useState<Connection[] | null>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [creatingOpen, setCreatingOpen] = useState(false);
  const [newName, setNewName] = useState('');
  const [creating, setCreating] = useState(false);
  const [startingId, setStartingId] = useState<number | null>(null);
  const [number, setNumber] = useState(DEFAULT_NUMBER);
  const [name, setName] = useState(() => t('sandbox.defaultName'));
  const [draft, setDraft] = useState('');
  const [sent, setSent] = useState<Record<string, CustomerMessage[]>>({});

  const errorRef = useRef(showError);
  errorRef.current = showError;

  useEffect(() => {
    let alive = true;
    call(CONNECTION_ENDPOINTS.list).then(
      (all) => alive && setConnections(all.filter((c) => c.provider === PROVIDER)),
      (err: unknown) => {
        if (!alive) return;
        setConnections([]);
        errorRef.current(err);
      },
    );
    return () => {
      alive = false;
    };
  }, []);

  const list = connections ?? [];
  const selected = list.find((c) => c.id === selectedId) ?? list[0] ?? null;
  const connected = selected?.status === 'CONNECTED';
  // Started with "New QR" or a pairing code: Start would do nothing (the session runs), the phone must link it.
  const waitingLink = selected?.status === 'qrcode' || selected?.status === 'PAIRING';

  const patch = (id: number, change: Partial<Connection>) =>
    setConnections((old) => old && old.map((c) => (c.id === id ? { ...c, ...change } : c)));
  const upsert = (c: Connection) =>
    setConnections((old) => {
      if (!old) return old;
      if (old.some((x) => x.id === c.id)) return old.map((x) => (x.id === c.id ? c : x));
      return [...old, c].sort((a, b) => a.name.localeCompare(b.name));
    });

  useRealtime<SessionEvent>(SOCKET_EVENTS.whatsappSession, (ev) => {
    if (ev.action === 'update' && ev.session) patch(ev.session.id, { status: ev.session.status });
  });
  useRealtime<WhatsappEvent>(SOCKET_EVENTS.whatsapp, (ev) => {
    if (ev.action === 'delete') setConnections((old) => old && old.filter((c) => c.id !== ev.whatsappId));
    else if (ev.whatsapp?.provider === PROVIDER) upsert(ev.whatsapp);
  });

  // Fallback for a missed live event: after Start, read the connection until it is CONNECTED.
  const startingConnected = list.find((c) => c.id === startingId)?.status === 'CONNECTED';
  useEffect(() => {
    if (startingId === null) return;
    if (startingConnected) {
      setStartingId(null);
      return;
    }
    let tries = 0;
    const timer = setInterval(() => {
      tries += 1;
      call(CONNECTION_ENDPOINTS.show, { params: { id: startingId } }).then(
        (c) => {
          patch(c.id, { status: c.status });
          if (c.status === 'CONNECTED') setStartingId(null);
        },
        () => undefined, // the next try or the live event will tell
      );
      if (tries >= START_POLL_TRIES) {
        clearInterval(timer);
        setStartingId(null);
        // Never a silent spinner (issue 36 item 2): say it did not connect and where to look.
        void message.warning({ content: t('sandbox.startTimeout'), duration: 6 });
      }
    }, START_POLL_MS);
    return () => clearInterval(timer);
  }, [startingId, startingConnected]);

  const start = async (id: number) => {
    setStartingId(id);
    try {
      await call(CONNECTION_ENDPOINTS.startSession, { params: { id }, body: {} });
    } catch (err) {
      setStartingId(null);
      showError(err);
    }
  };

  /** A connection waiting for its QR or code (New QR on the connections page): the simulated phone links it. */
  const scan = async (id: number) => {
    setStartingId(id);
    try {
      await call(SANDBOX_ENDPOINTS.scan, { params: { id }, body: {} });
    } catch (err) {
      setStartingId(null);
      showError(err);
    }
  };

  const create = async () => {
    const trimmed = newName.trim();
    if (trimmed.length < 2) return;
    setCreating(true);
    try {
      const c = await call(CONNECTION_ENDPOINTS.create, { body: { name: trimmed, provider: PROVIDER } });
      upsert(c);
      setSelectedId(c.id);
      setNewName('');
      setCreatingOpen(false);
      void message.success(t('sandbox.created'));
      await start(c.id);
    } catch (err) {
      showError(err);
    } finally {
      setCreating(false);
    }
  };

  const validNumber = isValidNumber(number);
  const settledNumber = useDebouncedValue(number, 400);
  const pollTo = isValidNumber(settledNumber) && settledNumber === number ? settledNumber : null;
  const replies = useOutbox(selected?.id ?? null, pollTo, showError);
  const key = selected && validNumber ? chatKey(selected.id, number) : null;
  const mine = key ? (sent[key] ?? []) : [];

  const markSent = (k: string, localId: string, state: CustomerMessage['state']) =>
    setSent((old) => ({ ...old, [k]: (old[k] ?? []).map((m) => (m.localId === localId ? { ...m, state } : m)) }));

  const send = async () => {
    const body = draft.trim();
    if (!body || !selected || !connected || !key) return;
    const localId = `out-${Date.now()}-${++localSeq}`;
    const item: CustomerMessage = { localId, body, at: new Date().toISOString(), state: 'sending' };
    setSent((old) => ({ ...old, [key]: [...(old[key] ?? []), item] }));
    setDraft('');
    try {
      await call(SANDBOX_ENDPOINTS.send, { params: { id: selected.id }, body: { from: number, name: name.trim() || undefined, body } });
      markSent(key, localId, 'sent');
    } catch (err) {
      markSent(key, localId, 'failed');
      showError(err);
    }
  };

  const blocked = !selected
    ? t('sandbox.pickFirst')
    : !connected
      ? t('sandbox.notConnected')
      : !validNumber
        ? t('sandbox.invalidNumber')
        : null;

  const createForm = (
    <Flex gap={8} wrap>
      <Input
        value={newName}
        onChange={(e) => setNewName(e.target.value)}
        onPressEnter={() => void create()}
        placeholder={t('sandbox.newNamePlaceholder')}
        maxLength={50}
        style={{ flex: 1, minWidth: 180 }}
        aria-label={t('sandbox.newName')}
        data-testid="sandbox-new-name"
      />
      <Button type="primary" icon={<PlusOutlined />} onClick={() => void create()} loading={creating} disabled={newName.trim().length < 2} data-testid="sandbox-create">
        {t('sandbox.create')}
      </Button>
    </Flex>
  );

  return (
    <Card data-testid="sandbox-page">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('sandbox.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('sandbox.intro')}</Typography.Paragraph>
      <Flex gap={24} wrap align="flex-start">
        <Flex vertical gap={16} style={{ flex: '1 1 300px', maxWidth: 420 }}>
          <Card size="small" title={t('sandbox.connection')}>
            {connections === null ? (
              <Flex justify="center" style={{ padding: 16 }}>
                <Spin />
              </Flex>
            ) : !list.length ? (
              <Flex vertical gap={8} data-testid="sandbox-empty">
                <Typography.Text type="secondary">{t('sandbox.noConnections')}</Typography.Text>
                {createForm}
              </Flex>
            ) : (
              <Flex vertical gap={12}>
                <Flex gap={8}>
                  <Select
                    value={selected?.id}
                    onChange={(id: number) => setSelectedId(id)}
                    options={list.map((c) => ({ value: c.id, label: c.name }))}
                    placeholder={t('sandbox.pickConnection')}
                    style={{ flex: 1, minWidth: 0 }}
                    aria-label={t('sandbox.connection')}
                    data-testid="sandbox-connection"
                  />
                  <Button
                    icon={<PlusOutlined />}
                    onClick={() => setCreatingOpen((o) => !o)}
                    aria-label={t('sandbox.new')}
                    title={t('sandbox.new')}
                    data-testid="sandbox-new"
                  />
                </Flex>
                {creatingOpen && createForm}
                {selected && (
                  <Flex align="center" justify="space-between" gap={8} wrap>
                    <Flex align="center" gap={8}>
                      <Typography.Text type="secondary">{t('sandbox.status')}:</Typography.Text>
                      <Tag color={STATUS_COLOURS[selected.status]} data-testid="sandbox-status" data-status={selected.status}>
                        {t(`sandbox.status_${selected.status}`)}
                      </Tag>
                    </Flex>
                    {waitingLink && (
                      <Button
                        type="primary"
                        icon={<MobileOutlined />}
                        loading={startingId === selected.id}
                        onClick={() => void scan(selected.id)}
                        data-testid="sandbox-scan"
                      >
                        {t('sandbox.scan')}
                      </Button>
                    )}
                    {!connected && !waitingLink && (
                      <Button
                        type="primary"
                        icon={<PlayCircleOutlined />}
                        loading={startingId === selected.id}
                        onClick={() => void start(selected.id)}
                        data-testid="sandbox-start"
                      >
                        {t('sandbox.start')}
                      </Button>
                    )}
                  </Flex>
                )}
                {waitingLink && (
                  <Typography.Text type="secondary" data-testid="sandbox-waiting-link">
                    {t('sandbox.waitingLink')}
                  </Typography.Text>
                )}
                {selected && selected.queues.length > 0 && (
                  <Flex wrap gap={4} align="center">
                    <Typography.Text type="secondary">{t('sandbox.queues')}:</Typography.Text>
                    {selected.queues.map((q) => (
                      <Tag key={q.id} color={q.color} style={{ marginInlineEnd: 0 }}>
                        {q.name}
                      </Tag>
                    ))}
                  </Flex>
                )}
              </Flex>
            )}
          </Card>
          <Card size="small" title={t('sandbox.customer')}>
            <Form layout="vertical" component="div">
              <Form.Item
                label={t('sandbox.number')}
                validateStatus={validNumber ? undefined : 'error'}
                help={validNumber ? t('sandbox.numberHint') : t('sandbox.invalidNumber')}
              >
                <Input
                  value={number}
                  onChange={(e) => setNumber(e.target.value.replace(/\D/g, '').slice(0, 15))}
                  inputMode="numeric"
                  maxLength={15}
                  autoComplete="off"
                  data-testid="sandbox-number"
                />
              </Form.Item>
              <Form.Item label={t('sandbox.name')} style={{ marginBottom: 0 }} help={t('sandbox.nameHint')}>
                <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={100} autoComplete="off" data-testid="sandbox-name" />
              </Form.Item>
            </Form>
          </Card>
        </Flex>
        <Flex justify="center" style={{ flex: '1 1 340px' }}>
          <PhonePanel
            title={selected?.name ?? t('sandbox.title')}
            subtitle={validNumber ? t('sandbox.chattingAs', { name: name.trim() || number, number }) : t('sandbox.invalidNumber')}
            sent={mine}
            replies={key ? replies : []}
            draft={draft}
            onDraft={setDraft}
            onSend={() => void send()}
            blocked={blocked}
          />
        </Flex>
      </Flex>
    </Card>
  );
}
