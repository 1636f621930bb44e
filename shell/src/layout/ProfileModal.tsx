import { useEffect, useState } from 'react';
import { App, Form, Input, Modal } from 'antd';
import { USER_ENDPOINTS, type UserUpdate } from '@atende/core-contract';
import { applyServerErrors, call, emailRules, lengthRules, passwordRules, useCurrentUser, useErrorToast, useT, userUpdated } from '@atende/sdk-web';
import { logoutFx } from '../model/session.js';

interface Values {
  name: string;
  email: string;
  password?: string;
  currentPassword?: string;
}

interface Props {
  open: boolean;
  onClose: () => void;
}

/**
 * The drawer menu's profile entry (core-operations §2): the signed-in user edits their own name,
 * e-mail and password through PUT /users/{id}. A new e-mail or password needs the current password
 * (the server insists too); a new password ends every session, so the user signs in again with it.
 */
export function ProfileModal({ open, onClose }: Props) {
  const { t } = useT();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const me = useCurrentUser()!;
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ name: me.name, email: me.email, password: '', currentPassword: '' });
  }, [open]);

  const save = async (values: Values) => {
    setSaving(true);
    const email = values.email.trim();
    const body: UserUpdate = {
      name: values.name.trim(),
      ...(email !== me.email ? { email } : {}),
      ...(values.password ? { password: values.password } : {}),
      ...(values.currentPassword ? { currentPassword: values.currentPassword } : {}),
    };
    try {
      const saved = await call(USER_ENDPOINTS.update, { params: { id: me.id }, body });
      if (body.password) {
        // The server has ended every session of this user, this one included.
        void message.success(t('layout.passwordChanged'));
        onClose();
        void logoutFx();
        return;
      }
      userUpdated({ ...me, name: saved.name, email: saved.email });
      void message.success(t('layout.profileSaved'));
      onClose();
    } catch (err) {
      applyServerErrors(form, err, t, {});
      showError(err); // the dialog stays open with what was typed
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('layout.profileTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'profile-save' }}
      forceRender
      data-testid="profile-modal"
    >
      <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={save} autoComplete="off">
        <Form.Item name="name" label={t('users.name')} rules={lengthRules(t, 2, 50)}>
          <Input maxLength={50} data-testid="profile-name" />
        </Form.Item>
        <Form.Item name="email" label={t('users.email')} rules={emailRules(t)}>
          <Input autoComplete="email" data-testid="profile-email" />
        </Form.Item>
        <Form.Item name="password" label={t('layout.newPassword')} extra={t('users.passwordKeep')} rules={passwordRules(t, false)}>
          <Input.Password autoComplete="new-password" data-testid="profile-password" />
        </Form.Item>
        <Form.Item
          name="currentPassword"
          label={t('users.currentPassword')}
          extra={t('users.currentPasswordHelp')}
          dependencies={['password', 'email']}
          rules={[
            ({ getFieldValue }) => ({
              required: !!getFieldValue('password') || getFieldValue('email')?.trim() !== me.email,
              message: t('validation.required'),
            }),
          ]}
        >
          <Input.Password autoComplete="current-password" data-testid="profile-current-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
