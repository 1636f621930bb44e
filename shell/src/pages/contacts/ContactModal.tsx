import { useEffect, useRef, useState } from 'react';
import { App, Button, Flex, Form, Input, Modal, Spin, Typography } from 'antd';
import type { FormRule } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { CONTACT_ENDPOINTS, emailSchema, type ContactDto } from '@atende/core-contract';
import { api, ApiError, applyServerErrors, call, errorText, lengthRules, useErrorToast, useT, validationText } from '@atende/sdk-web';

export interface ContactModalProps {
  open: boolean;
  /** Set to edit that contact (loaded with GET /contacts/{id}); absent to create one. */
  contactId?: number;
  /** Prefill for a new contact (e.g. what was typed in the new-ticket search). */
  initialValues?: { name?: string; number?: string; email?: string };
  onClose: () => void;
  onSaved: (contact: ContactDto) => void;
}

interface Values {
  name: string;
  number: string;
  email: string;
  extraInfo: { name?: string; value?: string }[];
}

const digits = (s: string | undefined) => (s ?? '').replace(/\D/g, '');

/** Number as the server counts it: non-digits are stripped, then 8–50 digits (core-operations §5). */
export function numberRules(t: (k: string) => string): FormRule[] {
  return [
    { required: true, whitespace: true, message: validationText(t, 'required') },
    {
      validator: (_, v: string | undefined) => {
        const n = digits(v).length;
        if (!v?.trim()) return Promise.resolve(); // the rule above speaks
        if (n < 8) return Promise.reject(new Error(validationText(t, 'phone_too_short')));
        if (n > 50) return Promise.reject(new Error(validationText(t, 'phone_too_long')));
        return Promise.resolve();
      },
    },
  ];
}

/** E-mail is optional; when given it must be valid (the contract's rule). */
function optionalEmailRules(t: (k: string) => string): FormRule[] {
  return [
    {
      validator: (_, v: string | undefined) =>
        v?.trim() && !emailSchema.safeParse(v).success ? Promise.reject(new Error(validationText(t, 'invalid_email'))) : Promise.resolve(),
    },
  ];
}

/**
 * Add or edit a contact (core-operations §2 "Modals", §5): name, number, e-mail and free extra-info pairs.
 * Shared by the contacts page, the new-ticket modal and the ticket's contact drawer. A server refusal keeps
 * the dialog open with everything typed; a duplicated number is shown on the number field.
 */
export function ContactModal({ open, contactId, initialValues, onClose, onSaved }: ContactModalProps) {
  const { t } = useT();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const [form] = Form.useForm<Values>();
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  // Answers of an earlier opening (another contact) must not fill this one.
  const opening = useRef(0);
  const editing = contactId !== undefined;

  useEffect(() => {
    if (!open) return;
    const gen = ++opening.current;
    form.resetFields();
    if (!editing) {
      form.setFieldsValue({ name: initialValues?.name ?? '', number: initialValues?.number ?? '', email: initialValues?.email ?? '', extraInfo: [] });
      return;
    }
    setLoading(true);
    api
      .get<ContactDto>(`/contacts/${contactId}`)
      .then((c) => {
        if (gen !== opening.current) return;
        form.setFieldsValue({ name: c.name, number: c.number, email: c.email, extraInfo: c.extraInfo.map((e) => ({ name: e.name, value: e.value })) });
      })
      .catch((err: unknown) => {
        if (gen !== opening.current) return;
        showError(err);
        onClose(); // nothing to edit
      })
      .finally(() => gen === opening.current && setLoading(false));
    // initialValues is read once per opening on purpose: a parent re-render must not wipe what is being typed.
  }, [open, contactId]);

  const save = async (values: Values) => {
    setSaving(true);
    const body = {
      name: values.name.trim(),
      number: values.number.trim(),
      email: (values.email ?? '').trim(),
      // Rows left completely blank are dropped; a value without a name was refused by the field rule.
      extraInfo: (values.extraInfo ?? [])
        .filter((e) => e && (e.name?.trim() || e.value?.trim()))
        .map((e) => ({ name: (e.name ?? '').trim(), value: (e.value ?? '').trim() })),
    };
    try {
      const saved = contactId !== undefined ? await call(CONTACT_ENDPOINTS.update, { params: { id: contactId }, body }) : await call(CONTACT_ENDPOINTS.create, { body });
      void message.success(t('contacts.saved'));
      onSaved(saved);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'ERR_DUPLICATED_CONTACT') {
        form.setFields([{ name: 'number', errors: [errorText(err)] }]);
      } else applyServerErrors(form, err, t);
      showError(err); // the dialog stays open with what was typed
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={editing ? t('contacts.editTitle') : t('contacts.addTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      okButtonProps={{ disabled: loading, 'data-testid': 'contact-save' }}
      cancelButtonProps={{ 'data-testid': 'contact-cancel' }}
      // Kept mounted so the form exists before the first open; the effect above refills it on each open.
      forceRender
      data-testid="contact-modal"
    >
      <Spin spinning={loading}>
        <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={save} autoComplete="off">
          <Form.Item name="name" label={t('contacts.name')} rules={lengthRules(t, 2, 50)}>
            <Input maxLength={50} data-testid="contact-name" />
          </Form.Item>
          <Form.Item name="number" label={t('contacts.number')} extra={t('contacts.numberHint')} rules={numberRules(t)}>
            <Input inputMode="tel" maxLength={70} data-testid="contact-number" />
          </Form.Item>
          <Form.Item name="email" label={t('contacts.email')} rules={optionalEmailRules(t)}>
            <Input type="email" maxLength={254} data-testid="contact-email" />
          </Form.Item>
          <Typography.Text strong>{t('contacts.extraInfo')}</Typography.Text>
          <Form.List name="extraInfo">
            {(fields, { add, remove }) => (
              <div style={{ marginTop: 8 }} data-testid="contact-extra-list">
                {fields.map((field, i) => (
                  <Flex key={field.key} gap={8} align="start" data-testid={`contact-extra-${i}`}>
                    <Form.Item
                      name={[field.name, 'name']}
                      style={{ flex: 1 }}
                      dependencies={[['extraInfo', field.name, 'value']]}
                      rules={[
                        ({ getFieldValue }) => ({
                          // A value needs a name; a blank row is simply dropped on save.
                          validator: (_, v: string | undefined) =>
                            !v?.trim() && String(getFieldValue(['extraInfo', field.name, 'value']) ?? '').trim()
                              ? Promise.reject(new Error(validationText(t, 'required')))
                              : Promise.resolve(),
                        }),
                        { max: 100, message: validationText(t, 'too_long') },
                      ]}
                    >
                      <Input placeholder={t('contacts.extraName')} data-testid={`contact-extra-name-${i}`} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'value']} style={{ flex: 1 }} rules={[{ max: 1000, message: validationText(t, 'too_long') }]}>
                      <Input placeholder={t('contacts.extraValue')} data-testid={`contact-extra-value-${i}`} />
                    </Form.Item>
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('contacts.removeExtra')}
                      onClick={() => remove(field.name)}
                      data-testid={`contact-extra-remove-${i}`}
                    />
                  </Flex>
                ))}
                <Button
                  type="dashed"
                  block
                  icon={<PlusOutlined />}
                  onClick={() => add({ name: '', value: '' })}
                  disabled={fields.length >= 50}
                  data-testid="contact-extra-add"
                >
                  {t('contacts.addExtra')}
                </Button>
              </div>
            )}
          </Form.List>
        </Form>
      </Spin>
    </Modal>
  );
}
