import { useEffect, useState } from 'react';
import { App, Form, Input, Modal, Select, Switch, Tag } from 'antd';
import { USER_ENDPOINTS, CONNECTION_ENDPOINTS, ALL_TICKET, MANAGED_PROFILES, type Connection, type Queue, type UserCreate, type UserDto, type UserUpdate } from '@atende/core-contract';
import { applyServerErrors, emailRules, lengthRules, passwordRules, useCan, useCurrentUser, useErrorToast, useT, call } from '@atende/sdk-web';

interface Values {
  name: string;
  email: string;
  password?: string;
  /** Editing oneself: confirms a new password or e-mail (issue 9 item 7). */
  currentPassword?: string;
  profile: (typeof MANAGED_PROFILES)[number];
  allTicket: (typeof ALL_TICKET)[number];
  queueIds: number[];
  /** Default connection for the user's new tickets; 0 in the form means none. */
  whatsappId: number;
  enabled: boolean;
}

interface Props {
  /** 'new' to add, a user to edit, null when closed. */
  editing: UserDto | 'new' | null;
  queues: Queue[];
  onClose: () => void;
  onSaved: (user: UserDto) => void;
}

/** Add/edit a user (core-operations §2, §5): profile, queues and "see tickets without queue" only for who may edit profiles. */
export function UserModal({ editing, queues, onClose, onSaved }: Props) {
  const { t } = useT();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const canEditProfile = useCan('user-modal:editProfile');
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [connections, setConnections] = useState<Connection[] | null>(null);
  const user = editing && editing !== 'new' ? editing : null;
  const me = useCurrentUser();
  const editingSelf = !!user && user.id === me?.id;
  // The super user's profile is not one an admin can pick; it is shown but not sent.
  const superRow = user?.profile === 'super';

  // The connection list is only readable by who may edit profiles (admins), the only ones who see the field.
  useEffect(() => {
    if (!editing || !canEditProfile || connections) return;
    call(CONNECTION_ENDPOINTS.list).then(setConnections, (err: unknown) => {
      setConnections([]);
      showError(err);
    });
  }, [editing, canEditProfile]);

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    form.setFieldsValue(
      user
        ? {
            name: user.name,
            email: user.email,
            password: '',
            profile: superRow ? undefined : (user.profile as Values['profile']),
            allTicket: user.allTicket,
            queueIds: user.queues.map((q) => q.id),
            whatsappId: user.whatsappId ?? 0,
            enabled: user.enabled,
          }
        : { name: '', email: '', password: '', profile: 'user', allTicket: 'desabled', queueIds: [], whatsappId: 0, enabled: true },
    );
  }, [editing]);

  const save = async (values: Values) => {
    setSaving(true);
    // Without the right to edit profiles the current values are sent back unchanged (the schema's defaults would reset them).
    const roleFields = canEditProfile
      ? { profile: values.profile, allTicket: values.allTicket, queueIds: values.queueIds ?? [] }
      : user
        ? { profile: user.profile as Values['profile'], allTicket: user.allTicket, queueIds: user.queues.map((q) => q.id) }
        : {};
    const common = {
      name: values.name.trim(),
      email: values.email.trim(),
      enabled: values.enabled,
      ...roleFields,
      // Without the right to edit profiles the field is hidden: keep what the user has.
      whatsappId: canEditProfile ? values.whatsappId || null : (user?.whatsappId ?? null),
    };
    if (superRow) delete (common as { profile?: string }).profile;
    try {
      const saved = user
        ? await call(USER_ENDPOINTS.update, {
            params: { id: user.id },
            body: {
              ...common,
              ...(values.password ? { password: values.password } : {}),
              ...(editingSelf && values.currentPassword ? { currentPassword: values.currentPassword } : {}),
            } satisfies UserUpdate,
          })
        : await call(USER_ENDPOINTS.create, { body: { ...common, password: values.password ?? '' } satisfies UserCreate });
      void message.success(t('users.saved'));
      onSaved(saved);
    } catch (err) {
      applyServerErrors(form, err, t, { queueIds: 'queueIds', whatsappId: 'whatsappId' });
      showError(err); // the dialog stays open with what was typed
    } finally {
      setSaving(false);
    }
  };

  const queueById = new Map(queues.map((q) => [q.id, q]));

  return (
    <Modal
      open={!!editing}
      title={user ? t('users.editTitle') : t('users.addTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'user-save' }}
      cancelButtonProps={{ 'data-testid': 'user-cancel' }}
      // Kept mounted so the form exists before the first open; the effect above refills it on each open.
      forceRender
      data-testid="user-modal"
    >
      <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={save} autoComplete="off">
        <Form.Item name="name" label={t('users.name')} rules={lengthRules(t, 2, 50)}>
          <Input maxLength={50} data-testid="user-name" />
        </Form.Item>
        <Form.Item name="email" label={t('users.email')} rules={emailRules(t)}>
          <Input autoComplete="off" data-testid="user-email" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('users.password')}
          extra={user ? t('users.passwordKeep') : t('validation.passwordPolicy')}
          rules={passwordRules(t, !user)}
        >
          <Input.Password autoComplete="new-password" data-testid="user-password" />
        </Form.Item>
        {editingSelf && (
          <Form.Item
            name="currentPassword"
            label={t('users.currentPassword')}
            extra={t('users.currentPasswordHelp')}
            dependencies={['password', 'email']}
            rules={[
              ({ getFieldValue }) => ({
                required: !!getFieldValue('password') || getFieldValue('email')?.trim() !== user?.email,
                message: t('validation.required'),
              }),
            ]}
          >
            <Input.Password autoComplete="current-password" data-testid="user-current-password" />
          </Form.Item>
        )}
        {canEditProfile && (
          <>
            <Form.Item
              name="profile"
              label={t('users.profile')}
              rules={superRow ? [] : [{ required: true, message: t('validation.required') }]}
              extra={superRow ? t('users.superProfile') : undefined}
            >
              <Select
                disabled={superRow}
                placeholder={superRow ? t('profiles.super') : undefined}
                options={MANAGED_PROFILES.map((p) => ({ value: p, label: t(`profiles.${p}`) }))}
                data-testid="user-profile"
              />
            </Form.Item>
            <Form.Item name="queueIds" label={t('users.queues')}>
              <Select
                mode="multiple"
                allowClear
                placeholder={t('users.noQueues')}
                optionFilterProp="label"
                options={queues.map((q) => ({ value: q.id, label: q.name }))}
                optionRender={(o) => (
                  <span>
                    <span style={{ display: 'inline-block', width: 10, height: 10, borderRadius: 5, background: queueById.get(Number(o.value))?.color, marginInlineEnd: 8 }} />
                    {o.label}
                  </span>
                )}
                tagRender={({ value, label, closable, onClose: close }) => (
                  <Tag color={queueById.get(Number(value))?.color} closable={closable} onClose={close} style={{ marginInlineEnd: 4 }}>
                    {label}
                  </Tag>
                )}
                data-testid="user-queues"
              />
            </Form.Item>
            <Form.Item name="whatsappId" label={t('users.whatsapp')}>
              <Select
                loading={!connections}
                options={[{ value: 0, label: t('users.noWhatsapp') }, ...(connections ?? []).map((c) => ({ value: c.id, label: c.name }))]}
                data-testid="user-whatsapp"
              />
            </Form.Item>
            <Form.Item name="allTicket" label={t('users.allTicket')}>
              <Select
                options={ALL_TICKET.map((v) => ({ value: v, label: v === 'enabled' ? t('common.enabled') : t('common.disabled') }))}
                data-testid="user-all-ticket"
              />
            </Form.Item>
          </>
        )}
        <Form.Item name="enabled" label={t('users.enabled')} valuePropName="checked">
          <Switch data-testid="user-enabled" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
