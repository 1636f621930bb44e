import { useEffect, useState } from 'react';
import { App, Col, Divider, Form, Input, InputNumber, Modal, Row, Select, Switch, Tag } from 'antd';
import { CONNECTION_ENDPOINTS, type Connection, type ConnectionInput, type Queue } from '@atende/core-contract';
import { api, ApiError, applyServerErrors, bindingFields, lengthRules, useErrorToast, useT, Zone, call } from '@atende/sdk-web';

interface Values {
  name: string;
  provider: 'baileys' | 'sandbox';
  isDefault: boolean;
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  ratingMessage: string;
  expiresInactiveMessage: string;
  expiresTicket: number | null;
  timeUseBotQueues: number | null;
  maxUseBotQueues: number | null;
  transferQueueId: number | null;
  timeToTransfer: number | null;
  queueIds: number[];
}

/** The contract's defaults (core-operations §9: maxUseBotQueues 3, expiresTicket 0, timeUseBotQueues 0). */
const EMPTY: Values = {
  name: '',
  provider: 'baileys',
  isDefault: false,
  greetingMessage: '',
  complationMessage: '',
  outOfHoursMessage: '',
  ratingMessage: '',
  expiresInactiveMessage: '',
  expiresTicket: 0,
  timeUseBotQueues: 0,
  maxUseBotQueues: 3,
  transferQueueId: null,
  timeToTransfer: 0,
  queueIds: [],
};

/** More than one queue makes the bot show a menu, which opens with the greeting (core-operations §5). */
export function greetingMissing(queueIds: readonly number[] | undefined, greeting: string | undefined): boolean {
  return (queueIds?.length ?? 0) > 1 && !greeting?.trim();
}

interface Props {
  /** 'new' to add, a connection to edit, null when closed. */
  editing: Connection | 'new' | null;
  onClose: () => void;
  onSaved: (connection: Connection) => void;
}

/** Add/edit a WhatsApp connection: every field of connectionInputSchema; the dialog keeps what was typed on a server error. */
export function ConnectionModal({ editing, onClose, onSaved }: Props) {
  const { t } = useT();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [queues, setQueues] = useState<Queue[]>([]);
  const [queuesLoading, setQueuesLoading] = useState(false);
  const connection = editing && editing !== 'new' ? editing : null;

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    form.setFieldsValue(
      connection
        ? {
            name: connection.name,
            provider: connection.provider === 'sandbox' ? 'sandbox' : 'baileys',
            isDefault: connection.isDefault,
            greetingMessage: connection.greetingMessage,
            complationMessage: connection.complationMessage,
            outOfHoursMessage: connection.outOfHoursMessage,
            ratingMessage: connection.ratingMessage,
            expiresInactiveMessage: connection.expiresInactiveMessage,
            expiresTicket: connection.expiresTicket,
            timeUseBotQueues: connection.timeUseBotQueues,
            maxUseBotQueues: connection.maxUseBotQueues,
            transferQueueId: connection.transferQueueId,
            timeToTransfer: connection.timeToTransfer,
            queueIds: connection.queues.map((q) => q.id),
          }
        : EMPTY,
    );
    // Queues are read at each opening: one may have been added since.
    setQueuesLoading(true);
    api
      .get<Queue[]>('/queue')
      .then(setQueues, showError)
      .finally(() => setQueuesLoading(false));
  }, [editing]);

  const save = async (v: Values) => {
    setSaving(true);
    const body = {
      name: v.name.trim(),
      provider: connection ? (connection.provider as 'baileys' | 'sandbox') : v.provider,
      isDefault: v.isDefault,
      greetingMessage: v.greetingMessage ?? '',
      complationMessage: v.complationMessage ?? '',
      outOfHoursMessage: v.outOfHoursMessage ?? '',
      ratingMessage: v.ratingMessage ?? '',
      expiresInactiveMessage: v.expiresInactiveMessage ?? '',
      expiresTicket: v.expiresTicket ?? 0,
      timeUseBotQueues: v.timeUseBotQueues ?? 0,
      maxUseBotQueues: v.maxUseBotQueues ?? 3,
      transferQueueId: v.transferQueueId ?? null,
      timeToTransfer: v.timeToTransfer ?? 0,
      queueIds: v.queueIds ?? [],
      ...bindingFields(form.getFieldsValue(true)),
    } satisfies ConnectionInput;
    try {
      const saved = connection ? await call(CONNECTION_ENDPOINTS.update, { params: { id: connection.id }, body }) : await call(CONNECTION_ENDPOINTS.create, { body });
      void message.success(t('connections.saved'));
      onSaved(saved);
      // A simulated phone has nothing to scan: a new one is started at once and shows CONNECTED live (issue 36 item 2).
      // The dialog is closed by then: a failed start is a toast, and the row keeps its Try-again button.
      if (!connection && saved.provider === 'sandbox') void call(CONNECTION_ENDPOINTS.startSession, { params: { id: saved.id }, body: {} }).catch(showError);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'ERR_WAPP_GREETING_REQUIRED') {
        form.setFields([{ name: 'greetingMessage', errors: [t('connections.greetingRequired')] }]);
      } else applyServerErrors(form, err, t);
      showError(err); // the dialog stays open with what was typed
    } finally {
      setSaving(false);
    }
  };

  const queueById = new Map(queues.map((q) => [q.id, q]));
  const queueOptions = queues.map((q) => ({ value: q.id, label: q.name }));
  const swatch = (id: unknown) => (
    <span style={{ display: 'inline-block', width: 10, height: 10, borderRadius: 5, background: queueById.get(Number(id))?.color, marginInlineEnd: 8 }} />
  );
  const minutes = (name: keyof Values, label: string, testId: string, max = 100000) => (
    <Form.Item name={name} label={label} rules={[{ type: 'number', min: 0, max, message: t('connections.invalidNumber', { max }) }]}>
      <InputNumber min={0} max={max} precision={0} style={{ width: '100%' }} data-testid={testId} />
    </Form.Item>
  );
  const text = (name: keyof Values, label: string, testId: string, extra?: string) => (
    <Form.Item name={name} label={label} extra={extra} rules={[{ max: 5000, message: t('validation.too_long') }]}>
      <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={5000} data-testid={testId} />
    </Form.Item>
  );

  return (
    <Modal
      open={!!editing}
      title={connection ? t('connections.editTitle') : t('connections.addTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'connection-save' }}
      cancelButtonProps={{ 'data-testid': 'connection-cancel' }}
      width={760}
      // Kept mounted so the form exists before the first open; the effect above refills it on each open.
      forceRender
      data-testid="connection-modal"
    >
      <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={save} autoComplete="off" initialValues={EMPTY}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="name" label={t('connections.name')} rules={lengthRules(t, 2, 50)}>
              <Input maxLength={50} data-testid="connection-name" />
            </Form.Item>
          </Col>
          <Col xs={12} md={7}>
            <Form.Item name="provider" label={t('connections.provider')} extra={connection ? t('connections.providerFixed') : undefined}>
              <Select
                disabled={!!connection}
                options={[
                  { value: 'baileys', label: t('connections.providers.baileys') },
                  { value: 'sandbox', label: t('connections.providers.sandbox') },
                ]}
                data-testid="connection-provider"
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={5}>
            <Form.Item name="isDefault" label={t('connections.default')} valuePropName="checked">
              <Switch data-testid="connection-default-switch" />
            </Form.Item>
          </Col>
        </Row>

        <Divider titlePlacement="start" plain>{t('connections.sections.queues')}</Divider>
        <Form.Item name="queueIds" label={t('connections.queues')} extra={t('connections.queuesHint')}>
          <Select
            mode="multiple"
            allowClear
            loading={queuesLoading}
            placeholder={t('connections.noQueues')}
            optionFilterProp="label"
            options={queueOptions}
            optionRender={(o) => (
              <span>
                {swatch(o.value)}
                {o.label}
              </span>
            )}
            tagRender={({ value, label, closable, onClose: close }) => (
              <Tag color={queueById.get(Number(value))?.color} closable={closable} onClose={close} style={{ marginInlineEnd: 4 }}>
                {label}
              </Tag>
            )}
            data-testid="connection-queues"
          />
        </Form.Item>
        <Form.Item
          name="greetingMessage"
          label={t('connections.greeting')}
          dependencies={['queueIds']}
          rules={[
            { max: 5000, message: t('validation.too_long') },
            ({ getFieldValue }) => ({
              validator: (_, value: string | undefined) =>
                greetingMissing(getFieldValue('queueIds') as number[], value) ? Promise.reject(new Error(t('connections.greetingRequired'))) : Promise.resolve(),
            }),
          ]}
          extra={t('connections.greetingHint')}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={5000} data-testid="connection-greeting" />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            {minutes('maxUseBotQueues', t('connections.maxUseBotQueues'), 'connection-max-bot', 1000)}
          </Col>
          <Col xs={24} md={12}>
            {minutes('timeUseBotQueues', t('connections.timeUseBotQueues'), 'connection-time-bot')}
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="transferQueueId" label={t('connections.transferQueue')}>
              <Select
                allowClear
                loading={queuesLoading}
                placeholder={t('connections.noTransfer')}
                options={queueOptions}
                optionRender={(o) => (
                  <span>
                    {swatch(o.value)}
                    {o.label}
                  </span>
                )}
                // Cleared by the user, antd gives undefined; the API wants null.
                onChange={(v) => form.setFieldValue('transferQueueId', v ?? null)}
                data-testid="connection-transfer-queue"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            {minutes('timeToTransfer', t('connections.timeToTransfer'), 'connection-time-transfer')}
          </Col>
        </Row>

        <Divider titlePlacement="start" plain>{t('connections.sections.messages')}</Divider>
        {text('complationMessage', t('connections.completion'), 'connection-completion')}
        {text('outOfHoursMessage', t('connections.outOfHours'), 'connection-out-of-hours')}
        {text('ratingMessage', t('connections.rating'), 'connection-rating', t('connections.ratingHint'))}
        <Row gutter={16}>
          <Col xs={24} md={16}>
            {text('expiresInactiveMessage', t('connections.expiresMessage'), 'connection-expires-message')}
          </Col>
          <Col xs={24} md={8}>
            {minutes('expiresTicket', t('connections.expiresTicket'), 'connection-expires-ticket')}
          </Col>
        </Row>
        {/* Plugins add fields here (a flow or an AI prompt for the connection, say). */}
        <Zone name="connection.modal.fields" context={{ connection, form }} resetKey={connection?.id} />
      </Form>
    </Modal>
  );
}
