import { useEffect, useState } from 'react';
import { App, Button, Flex, Form, Input, Modal, Select, Switch, Typography, Upload } from 'antd';
import { DeleteOutlined, PaperClipOutlined } from '@ant-design/icons';
import { applyServerErrors, call, uploadWithProgress, useErrorToast, useT } from '@atende/sdk-web';
import {
  ANNOUNCEMENT_ENDPOINTS,
  ANNOUNCEMENT_MEDIA_EXTENSIONS,
  ANNOUNCEMENT_MEDIA_MAX_BYTES,
  ANNOUNCEMENT_MEDIA_TYPES,
  type Announcement,
} from '@atende/plugin-announcements-contract';

interface Values {
  title: string;
  text: string;
  priority: number;
  status: boolean;
}

/** Add or edit one announcement, with an optional png/jpg/jpeg image (sent after the record is saved). */
export function AnnouncementDialog({ record, open, onClose, onSaved }: { record: Announcement | null; open: boolean; onClose: () => void; onSaved: (a: Announcement) => void }) {
  const { t } = useT('announcements');
  const { message } = App.useApp();
  const showError = useErrorToast();
  const [form] = Form.useForm<Values>();
  const [file, setFile] = useState<File | null>(null);
  const [dropMedia, setDropMedia] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(record ? { title: record.title, text: record.text, priority: record.priority, status: record.status } : { title: '', text: '', priority: 3, status: true });
    setFile(null);
    setDropMedia(false);
  }, [open, record, form]);

  const pick = (f: File) => {
    // The server checks type, extension and bytes again; this only spares a useless upload.
    const typeOk = (ANNOUNCEMENT_MEDIA_TYPES as readonly string[]).includes(f.type) && ANNOUNCEMENT_MEDIA_EXTENSIONS.some((e) => f.name.toLowerCase().endsWith(e));
    if (!typeOk) void message.error(t('form.imageType'));
    else if (f.size > ANNOUNCEMENT_MEDIA_MAX_BYTES) void message.error(t('form.imageSize'));
    else {
      setFile(f);
      setDropMedia(false);
    }
    return false;
  };

  const save = async (values: Values) => {
    setSaving(true);
    try {
      let saved = record
        ? await call(ANNOUNCEMENT_ENDPOINTS.update, { params: { id: record.id }, body: values })
        : await call(ANNOUNCEMENT_ENDPOINTS.create, { body: values });
      if (file) {
        const data = new FormData();
        data.append('file', file, file.name);
        saved = await uploadWithProgress<Announcement>(`/announcements/${saved.id}/media-upload`, data);
      } else if (dropMedia && saved.mediaPath) {
        saved = await call(ANNOUNCEMENT_ENDPOINTS.removeMedia, { params: { id: saved.id } });
      }
      void message.success(t('saved'));
      onSaved(saved);
    } catch (err) {
      if (!applyServerErrors(form, err, t)) showError(err);
    } finally {
      setSaving(false);
    }
  };

  const currentMedia = file?.name ?? (!dropMedia ? record?.mediaName : null);
  return (
    <Modal
      open={open}
      title={record ? t('edit') : t('add')}
      onCancel={onClose}
      okText={t('save')}
      cancelText={t('cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'announcement-save' } as Record<`data-${string}`, string>}
    >
      <Form form={form} layout="vertical" onFinish={save} data-testid="announcement-form">
        <Form.Item name="title" label={t('form.title')} rules={[{ required: true, whitespace: true, message: t('form.required') }, { max: 150, message: t('form.tooLong') }]}>
          <Input maxLength={150} data-testid="announcement-title" />
        </Form.Item>
        <Form.Item name="text" label={t('form.text')} rules={[{ required: true, whitespace: true, message: t('form.required') }, { max: 5000, message: t('form.tooLong') }]}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} maxLength={5000} data-testid="announcement-text" />
        </Form.Item>
        <Flex gap={16} wrap>
          <Form.Item name="priority" label={t('form.priority')} style={{ minWidth: 180 }}>
            <Select data-testid="announcement-priority" options={[1, 2, 3].map((p) => ({ value: p, label: t(`priority.${p}`) }))} />
          </Form.Item>
          <Form.Item name="status" label={t('form.status')} valuePropName="checked">
            <Switch checkedChildren={t('status.active')} unCheckedChildren={t('status.inactive')} data-testid="announcement-status" />
          </Form.Item>
        </Flex>
        <Form.Item label={t('form.image')} extra={t('form.imageHelp')}>
          <Flex gap={8} align="center" wrap>
            <Upload accept={ANNOUNCEMENT_MEDIA_EXTENSIONS.join(',')} beforeUpload={pick} showUploadList={false} maxCount={1}>
              <Button icon={<PaperClipOutlined />} data-testid="announcement-attach">
                {t('form.attach')}
              </Button>
            </Upload>
            {currentMedia && (
              <>
                <Typography.Text data-testid="announcement-media-name">{currentMedia}</Typography.Text>
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('form.removeImage')}
                  onClick={() => {
                    setFile(null);
                    setDropMedia(true);
                  }}
                />
              </>
            )}
          </Flex>
        </Form.Item>
      </Form>
    </Modal>
  );
}
