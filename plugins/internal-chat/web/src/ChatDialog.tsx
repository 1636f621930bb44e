import { useEffect, useState } from 'react';
import { App, Form, Input, Modal, Select } from 'antd';
import { api, applyServerErrors, call, useErrorToast, useT } from '@atende/sdk-web';
import { CHAT_ENDPOINTS, CHAT_TITLE_MAX, type Chat } from '@atende/plugin-internal-chat-contract';

interface Values {
  title: string;
  users: number[];
}

/** Creates a chat or edits one (owner only): title and the other participants (the owner is always in). */
export function ChatDialog({ open, chat, me, onClose, onSaved }: { open: boolean; chat: Chat | null; me: number | undefined; onClose: () => void; onSaved: (c: Chat) => void }) {
  const { t } = useT('internal-chat');
  const { message } = App.useApp();
  const showError = useErrorToast();
  const [form] = Form.useForm<Values>();
  const [users, setUsers] = useState<{ id: number; name: string }[] | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(chat ? { title: chat.title, users: chat.users.map((u) => u.userId).filter((id) => id !== me) } : { title: '', users: [] });
    // The company's users by name (the kernel's GET /users/list, open to every profile).
    api.get<{ id: number; name: string }[]>('/users/list').then(setUsers, (err) => {
      setUsers([]);
      showError(err);
    });
  }, [open, chat, me, form]);

  const save = async (values: Values) => {
    setSaving(true);
    try {
      const saved = chat ? await call(CHAT_ENDPOINTS.update, { params: { id: chat.id }, body: values }) : await call(CHAT_ENDPOINTS.create, { body: values });
      void message.success(t('saved'));
      onSaved(saved);
    } catch (err) {
      if (!applyServerErrors(form, err, t)) showError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={chat ? t('dialog.editTitle') : t('dialog.createTitle')}
      onCancel={onClose}
      okText={t('dialog.save')}
      cancelText={t('dialog.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'chat-dialog-save' } as Record<`data-${string}`, string>}
    >
      <Form form={form} layout="vertical" onFinish={save}>
        <Form.Item
          name="title"
          label={t('dialog.title')}
          rules={[
            { required: true, whitespace: true, message: t('form.required') },
            { max: CHAT_TITLE_MAX, message: t('form.tooLong') },
          ]}
        >
          <Input maxLength={CHAT_TITLE_MAX} data-testid="chat-dialog-title" />
        </Form.Item>
        <Form.Item name="users" label={t('dialog.users')} rules={[{ required: true, type: 'array', min: 1, message: t('form.usersRequired') }]}>
          <Select
            mode="multiple"
            loading={!users}
            optionFilterProp="label"
            data-testid="chat-dialog-users"
            options={(users ?? []).filter((u) => u.id !== me).map((u) => ({ value: u.id, label: u.name }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
