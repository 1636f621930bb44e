import { useEffect, useRef, useState } from 'react';
import { Alert, App, Button, Flex, Form, Input, Modal, Select, Typography, Upload } from 'antd';
import { DeleteOutlined, PaperClipOutlined } from '@ant-design/icons';
import { ApiError, call, uploadWithProgress, useDebouncedValue, useErrorToast, useT } from '@atende/sdk-web';
import { CONTACT_ENDPOINTS } from '@atende/core-contract';
import { SCHEDULE_ENDPOINTS, SCHEDULE_MEDIA_EXTENSIONS, SCHEDULE_MEDIA_MAX_BYTES, SCHEDULE_MEDIA_TYPES, type Schedule } from '@atende/plugin-schedules-contract';
import { defaultSendAt, toLocalInput } from './calendar.js';

interface Values {
  contactId: number;
  body: string;
  sendAt: string;
}

export interface ScheduleModalProps {
  open: boolean;
  /** The schedule to edit, or null for a new one. */
  schedule: Schedule | null;
  /** A new schedule for this contact (the ticket's, or `?contactId=`). */
  contact?: { id: number; name: string } | null;
  onClose: () => void;
  onSaved?: (s: Schedule) => void;
}

type Option = { value: number; label: string };

/**
 * Add or edit one schedule (automation-productivity §4): contact, body of at least 5 characters, send
 * time (default now + 1 h) and an optional png/jpg/jpeg image sent after the record is saved. Used by
 * the calendar page and by the ticket view's options menu.
 */
export function ScheduleModal({ open, schedule, contact, onClose, onSaved }: ScheduleModalProps) {
  const { t } = useT('schedules');
  const { message } = App.useApp();
  const showError = useErrorToast();
  const [form] = Form.useForm<Values>();
  const [file, setFile] = useState<File | null>(null);
  const [dropMedia, setDropMedia] = useState(false);
  const [saving, setSaving] = useState(false);
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim(), 500);
  const [options, setOptions] = useState<Option[]>([]);
  const [searching, setSearching] = useState(false);
  const fixed = useRef<Option | null>(null);
  const readOnly = schedule?.status === 'sent';

  useEffect(() => {
    if (!open) return;
    const preset = schedule ? { id: schedule.contactId, name: schedule.contact.name } : (contact ?? null);
    fixed.current = preset ? { value: preset.id, label: preset.name } : null;
    setOptions(fixed.current ? [fixed.current] : []);
    form.setFieldsValue({
      contactId: preset?.id,
      body: schedule?.body ?? '',
      sendAt: schedule ? toLocalInput(new Date(schedule.sendAt)) : defaultSendAt(),
    });
    setFile(null);
    setDropMedia(false);
    setSearch('');
  }, [open, schedule, contact, form]);

  // Contacts by name or number, as the user types (the company's own: the API scopes them).
  useEffect(() => {
    if (!open) return;
    let stale = false;
    setSearching(true);
    call(CONTACT_ENDPOINTS.page, { query: { searchParam, pageNumber: 1 } })
      .then((page) => {
        if (stale) return;
        const found = page.contacts.map((c) => ({ value: c.id, label: c.number ? `${c.name} (${c.number})` : c.name }));
        const keep = fixed.current && !found.some((o) => o.value === fixed.current!.value) ? [fixed.current] : [];
        setOptions([...keep, ...found]);
      }, showError)
      .finally(() => !stale && setSearching(false));
    return () => {
      stale = true;
    };
    // showError is stable enough; a new toast function must not refetch.
  }, [open, searchParam]);

  const pick = (f: File) => {
    // The server checks type, extension and bytes again; this only spares a useless upload.
    const typeOk = (SCHEDULE_MEDIA_TYPES as readonly string[]).includes(f.type) && SCHEDULE_MEDIA_EXTENSIONS.some((e) => f.name.toLowerCase().endsWith(e));
    if (!typeOk) void message.error(t('form.mediaType'));
    else if (f.size > SCHEDULE_MEDIA_MAX_BYTES) void message.error(t('form.mediaSize'));
    else {
      setFile(f);
      setDropMedia(false);
    }
    return false;
  };

  /** The server's field errors on the form, in the user's language. */
  const placeErrors = (err: unknown): boolean => {
    if (!(err instanceof ApiError) || err.code !== 'ERR_VALIDATION' || !Array.isArray(err.details)) return false;
    const fields = (err.details as { path?: unknown; message?: unknown }[])
      .map((d) => ({ name: String(Array.isArray(d.path) ? d.path[0] : d.path), errors: [t(`validation.${String(d.message)}`, { defaultValue: String(d.message) })] }))
      .filter((f) => ['contactId', 'body', 'sendAt'].includes(f.name));
    form.setFields(fields as never);
    return fields.length > 0;
  };

  const save = async (values: Values) => {
    setSaving(true);
    try {
      const body = { contactId: values.contactId, body: values.body, sendAt: new Date(values.sendAt).toISOString() };
      let saved = schedule ? await call(SCHEDULE_ENDPOINTS.update, { params: { id: schedule.id }, body }) : await call(SCHEDULE_ENDPOINTS.create, { body });
      if (file) {
        const data = new FormData();
        data.append('file', file, file.name);
        saved = await uploadWithProgress<Schedule>(`/schedules/${saved.id}/media-upload`, data);
      } else if (dropMedia && saved.mediaPath) {
        saved = await call(SCHEDULE_ENDPOINTS.removeMedia, { params: { id: saved.id } });
      }
      void message.success(t('saved'));
      onSaved?.(saved);
      onClose();
    } catch (err) {
      if (!placeErrors(err)) showError(err);
    } finally {
      setSaving(false);
    }
  };

  const required = { required: true, message: t('validation.required') };
  const currentMedia = file?.name ?? (!dropMedia ? schedule?.mediaName : null);
  return (
    <Modal
      open={open}
      title={schedule ? t('edit') : t('add')}
      onCancel={onClose}
      okText={t('save')}
      cancelText={t('cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      destroyOnHidden
      okButtonProps={{ disabled: readOnly, 'data-testid': 'schedule-save' } as { disabled: boolean } & Record<`data-${string}`, string>}
      data-testid="schedule-modal"
    >
      {readOnly && <Alert type="info" showIcon title={t('form.sentReadOnly')} style={{ marginBottom: 12 }} />}
      {schedule?.status === 'failed' && schedule.error && (
        <Alert type="error" showIcon title={t('failedBecause', { reason: t(`reasons.${schedule.error}`, { defaultValue: schedule.error }) })} style={{ marginBottom: 12 }} />
      )}
      <Form form={form} layout="vertical" onFinish={save} disabled={readOnly} data-testid="schedule-form">
        <Form.Item name="contactId" label={t('form.contact')} rules={[required]}>
          <Select
            showSearch={{ filterOption: false, onSearch: setSearch }}
            options={options}
            loading={searching}
            placeholder={t('form.contactSearch')}
            notFoundContent={null}
            data-testid="schedule-contact"
          />
        </Form.Item>
        <Form.Item
          name="body"
          label={t('form.body')}
          rules={[required, { whitespace: true, message: t('validation.required') }, { min: 5, transform: (v: string) => v?.trim(), message: t('validation.too_short') }, { max: 4096, message: t('validation.too_long') }]}
        >
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} maxLength={4096} data-testid="schedule-body" />
        </Form.Item>
        <Form.Item
          name="sendAt"
          label={t('form.sendAt')}
          rules={[required, { validator: async (_, v: string) => (v && Number.isNaN(new Date(v).getTime()) ? Promise.reject(new Error(t('validation.invalid_date'))) : undefined) }]}
        >
          <Input type="datetime-local" data-testid="schedule-send-at" />
        </Form.Item>
        <Form.Item label={t('form.media')} extra={t('form.mediaHelp')}>
          <Flex gap={8} align="center" wrap>
            <Upload accept={SCHEDULE_MEDIA_EXTENSIONS.join(',')} beforeUpload={pick} showUploadList={false} maxCount={1} disabled={readOnly}>
              <Button icon={<PaperClipOutlined />} data-testid="schedule-attach">
                {t('form.attach')}
              </Button>
            </Upload>
            {currentMedia && (
              <>
                <Typography.Text data-testid="schedule-media-name">{currentMedia}</Typography.Text>
                {!readOnly && (
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('form.removeMedia')}
                    onClick={() => {
                      setFile(null);
                      setDropMedia(true);
                    }}
                  />
                )}
              </>
            )}
          </Flex>
        </Form.Item>
      </Form>
    </Modal>
  );
}
