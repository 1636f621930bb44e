import { useEffect, useState } from 'react';
import { Checkbox, Form, Input, Modal, Switch } from 'antd';
import { applyServerErrors, call, useErrorToast, useT } from '@atende/sdk-web';
import { WEBHOOK_EVENTS, WEBHOOKS_ENDPOINTS, type WebhookEventName, type WebhookSubscription } from '@atende/plugin-webhooks-contract';

interface Values {
  url: string;
  events: WebhookEventName[];
  active: boolean;
}

/** Add or edit a subscription: URL, events, active. The server checks the URL with the outbound guard. */
export function SubscriptionModal({ editing, onClose, onSaved }: { editing: WebhookSubscription | 'new' | null; onClose: () => void; onSaved: (s: WebhookSubscription) => void }) {
  const { t } = useT('webhooks');
  const showError = useErrorToast();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!editing) return;
    form.setFieldsValue(editing === 'new' ? { url: '', events: [...WEBHOOK_EVENTS], active: true } : { url: editing.url, events: editing.events, active: editing.active });
  }, [editing]);

  const save = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const saved =
        editing === 'new' ? await call(WEBHOOKS_ENDPOINTS.create, { body: values }) : await call(WEBHOOKS_ENDPOINTS.update, { params: { id: (editing as WebhookSubscription).id }, body: values });
      onSaved(saved);
    } catch (err) {
      if (!applyServerErrors(form, err, t)) showError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open={!!editing} title={t(editing === 'new' ? 'addTitle' : 'editTitle')} onCancel={onClose} onOk={() => void save()} confirmLoading={saving} destroyOnHidden okButtonProps={{ 'data-testid': 'webhook-save' } as never}>
      <Form form={form} layout="vertical">
        <Form.Item name="url" label={t('url')} extra={t('urlHelp')} rules={[{ required: true }, { type: 'url' }]}>
          <Input placeholder="https://example.com/atende" data-testid="webhook-url" />
        </Form.Item>
        <Form.Item name="events" label={t('events')} rules={[{ required: true, type: 'array', min: 1 }]}>
          <Checkbox.Group options={WEBHOOK_EVENTS.map((e) => ({ value: e, label: t(`event_${e}`) }))} />
        </Form.Item>
        <Form.Item name="active" label={t('active')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
