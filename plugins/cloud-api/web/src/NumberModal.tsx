import { useState } from 'react';
import { App, Form, Input, Modal } from 'antd';
import { CONNECTION_ENDPOINTS, type Connection } from '@atende/core-contract';
import { call, useErrorToast, useT } from '@atende/sdk-web';
import { CLOUD_API_ENDPOINTS, CLOUD_API_PROVIDER, type CloudApiNumber } from '@atende/plugin-cloud-api-contract';

export interface Row {
  connection: Connection;
  number: CloudApiNumber | null;
}

interface Values {
  name: string;
  phoneNumberId: string;
  wabaId: string;
  accessToken?: string;
  appSecret?: string;
}

const FIELD_MESSAGES: Record<string, string> = { digits_only: 'digitsOnly', too_short: 'tooShort', in_use: 'inUse' };

/**
 * A new Cloud API number (the kernel connection with provider `cloud-api`, then its credentials, then
 * its session started), configuring an existing connection, or editing one (secrets left empty are kept).
 */
export function NumberModal({ row, onClose, onSaved }: { row: Row | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useT('cloud-api');
  const { message } = App.useApp();
  const showError = useErrorToast();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const editing = !!row?.number;
  const digits = [{ required: true, message: t('required') }, { pattern: /^\d{5,30}$/, message: t('digitsOnly') }];
  const secret = editing ? [{ min: 8, message: t('tooShort') }] : [{ required: true, message: t('required') }, { min: 8, message: t('tooShort') }];

  const save = async () => {
    // The form shows what is wrong; a rejected validation is not an error of the page.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    try {
      if (row?.number) {
        await call(CLOUD_API_ENDPOINTS.update, {
          params: { id: row.number.id },
          body: { phoneNumberId: v.phoneNumberId, wabaId: v.wabaId, accessToken: v.accessToken || undefined, appSecret: v.appSecret || undefined },
        });
      } else {
        const whatsappId = row?.connection.id ?? (await call(CONNECTION_ENDPOINTS.create, { body: { name: v.name, provider: CLOUD_API_PROVIDER } })).id;
        await call(CLOUD_API_ENDPOINTS.create, { body: { whatsappId, phoneNumberId: v.phoneNumberId, wabaId: v.wabaId, accessToken: v.accessToken!, appSecret: v.appSecret! } });
        await call(CONNECTION_ENDPOINTS.startSession, { params: { id: whatsappId }, body: {} });
      }
      void message.success(t('saved'));
      onSaved();
    } catch (err) {
      const details = (err as { details?: { path?: string; message?: string }[] }).details;
      if (Array.isArray(details) && details.length) {
        form.setFields(details.map((d) => ({ name: (d.path ?? 'phoneNumberId') as keyof Values, errors: [t(FIELD_MESSAGES[d.message ?? ''] ?? 'required')] })));
      } else showError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open title={t('title')} okText={t(editing ? 'edit' : 'configure')} onOk={save} confirmLoading={saving} onCancel={onClose} okButtonProps={{ 'data-testid': 'cloud-api-save' } as Record<`data-${string}`, string>} destroyOnHidden>
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ name: row?.connection.name ?? '', phoneNumberId: row?.number?.phoneNumberId ?? '', wabaId: row?.number?.wabaId ?? '' }}
        data-testid="cloud-api-form"
      >
        <Form.Item name="name" label={t('name')} rules={[{ required: !row, message: t('required') }]}>
          <Input disabled={!!row} maxLength={60} data-testid="cloud-api-name" />
        </Form.Item>
        <Form.Item name="phoneNumberId" label={t('phoneNumberId')} rules={digits}>
          <Input inputMode="numeric" data-testid="cloud-api-phone-number-id" />
        </Form.Item>
        <Form.Item name="wabaId" label={t('wabaId')} rules={digits}>
          <Input inputMode="numeric" data-testid="cloud-api-waba-id" />
        </Form.Item>
        <Form.Item name="accessToken" label={t('accessToken')} rules={secret} extra={editing ? t('secretKept') : undefined}>
          <Input.Password autoComplete="off" data-testid="cloud-api-access-token" />
        </Form.Item>
        <Form.Item name="appSecret" label={t('appSecret')} rules={secret} extra={editing ? t('secretKept') : undefined}>
          <Input.Password autoComplete="off" data-testid="cloud-api-app-secret" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
