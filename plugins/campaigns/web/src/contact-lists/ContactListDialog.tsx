import { useEffect, useState } from 'react';
import { App, Form, Input, Modal } from 'antd';
import { applyServerErrors, call, lengthRules, useErrorToast, useT } from '@atende/sdk-web';
import { CONTACT_LIST_ENDPOINTS, CONTACT_LIST_NAME_MAX, type ContactList } from '@atende/plugin-campaigns-contract';

/** Create or rename a contact list. */
export function ContactListDialog({ record, open, onClose, onSaved }: { record: ContactList | null; open: boolean; onClose: () => void; onSaved: (l: ContactList) => void }) {
  const { t } = useT('campaigns');
  const { t: core } = useT();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const [form] = Form.useForm<{ name: string }>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (open) form.setFieldsValue({ name: record?.name ?? '' });
  }, [open]);

  const save = async (values: { name: string }) => {
    setSaving(true);
    try {
      const saved = record
        ? await call(CONTACT_LIST_ENDPOINTS.update, { params: { id: record.id }, body: values })
        : await call(CONTACT_LIST_ENDPOINTS.create, { body: values });
      void message.success(t('lists.saved'));
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
      title={record ? t('lists.editTitle') : t('lists.add')}
      onCancel={onClose}
      okText={t('save')}
      cancelText={t('cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'contact-list-save' } as Record<`data-${string}`, string>}
    >
      <Form form={form} layout="vertical" onFinish={save}>
        <Form.Item name="name" label={t('lists.form.name')} rules={lengthRules(core, 1, CONTACT_LIST_NAME_MAX)}>
          <Input maxLength={CONTACT_LIST_NAME_MAX} autoFocus data-testid="contact-list-name" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
