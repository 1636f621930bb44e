import { useEffect, useState } from 'react';
import { App, Form, Input, Modal } from 'antd';
import { applyServerErrors, call, lengthRules, useErrorToast, useT, validationText } from '@atende/sdk-web';
import { CONTACT_ITEM_NAME_MAX, CONTACT_ITEM_NUMBER_MAX, CONTACT_ITEM_NUMBER_MIN, CONTACT_LIST_ITEM_ENDPOINTS, type ContactListItem } from '@atende/plugin-campaigns-contract';

interface Values {
  name: string;
  number: string;
  email: string;
}

const digitsOf = (v: string | undefined) => (v ?? '').replace(/\D/g, '');

/** Add or edit one contact of a list: name, number (digits only, with the country code), optional e-mail. */
export function ContactItemDialog({
  contactListId,
  record,
  open,
  onClose,
  onSaved,
}: {
  contactListId: number;
  record: ContactListItem | null;
  open: boolean;
  onClose: () => void;
  onSaved: (i: ContactListItem) => void;
}) {
  const { t } = useT('campaigns');
  const { t: core } = useT();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (open) form.setFieldsValue({ name: record?.name ?? '', number: record?.number ?? '', email: record?.email ?? '' });
  }, [open]);

  const save = async (values: Values) => {
    setSaving(true);
    try {
      const body = { name: values.name, number: values.number, email: values.email?.trim() ?? '' };
      const saved = record
        ? await call(CONTACT_LIST_ITEM_ENDPOINTS.update, { params: { id: record.id }, body })
        : await call(CONTACT_LIST_ITEM_ENDPOINTS.create, { body: { ...body, contactListId } });
      void message.success(t('items.saved'));
      onSaved(saved);
    } catch (err) {
      if (!applyServerErrors(form, err, core)) showError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={record ? t('items.editTitle') : t('items.addTitle')}
      onCancel={onClose}
      okText={t('save')}
      cancelText={t('cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'contact-item-save' } as Record<`data-${string}`, string>}
    >
      <Form form={form} layout="vertical" onFinish={save}>
        <Form.Item name="name" label={t('items.form.name')} rules={lengthRules(core, 1, CONTACT_ITEM_NAME_MAX)}>
          <Input maxLength={CONTACT_ITEM_NAME_MAX} autoFocus data-testid="contact-item-name" />
        </Form.Item>
        <Form.Item
          name="number"
          label={t('items.form.number')}
          extra={t('items.form.numberHelp')}
          rules={[
            { required: true, whitespace: true, message: validationText(core, 'required') },
            {
              validator: async (_, v: string | undefined) => {
                const n = digitsOf(v).length;
                if (!v || !v.trim()) return;
                if (n < CONTACT_ITEM_NUMBER_MIN) throw new Error(validationText(core, 'too_short'));
                if (n > CONTACT_ITEM_NUMBER_MAX) throw new Error(validationText(core, 'too_long'));
              },
            },
          ]}
        >
          <Input inputMode="tel" maxLength={30} data-testid="contact-item-number" />
        </Form.Item>
        <Form.Item name="email" label={t('items.form.email')} rules={[{ type: 'email', message: validationText(core, 'invalid_email') }]}>
          <Input type="email" maxLength={254} data-testid="contact-item-email" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
