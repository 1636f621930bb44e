import { useEffect, useRef, useState } from 'react';
import { App, Button, Checkbox, Flex, Form, Input, Modal, Progress, Tag, Typography } from 'antd';
import { AppstoreAddOutlined, DeleteOutlined, PaperClipOutlined } from '@ant-design/icons';
import { QUICK_MESSAGE_ENDPOINTS, MEDIA_LIMITS, type QuickMessageAttachmentRef, type quickMessageSchema } from '@atende/core-contract';
import type { z } from 'zod';
import { Zone, applyServerErrors, uploadWithProgress, useCan, useErrorToast, useT, call } from '@atende/sdk-web';

export type QuickMessageDto = z.infer<typeof quickMessageSchema>;

interface Values {
  shortcode: string;
  message: string;
  geral: boolean;
}

interface Props {
  /** 'new' to add, a record to edit, null when closed. */
  editing: QuickMessageDto | 'new' | null;
  onClose: () => void;
  onSaved: (record: QuickMessageDto) => void;
}

/** The attachment field of a save: only when it changed (updates are partial); null removes it. */
export function attachmentChange(saved: QuickMessageAttachmentRef | null, chosen: QuickMessageAttachmentRef | null): { attachment?: { kind: string; id: number } | null } {
  if (saved?.kind === chosen?.kind && saved?.id === chosen?.id) return {};
  return { attachment: chosen ? { kind: chosen.kind, id: chosen.id } : null };
}

/** The name the server will store: spaces become underscores (core-operations §5). */
export const storedFileName = (name: string) => name.replace(/\s+/g, '_');

/** Quick message shortcode (core-operations §5): required ('Obrigatório'), translated. */
export function shortcodeRules(t: (k: string) => string) {
  return [
    { required: true, whitespace: true, message: t('quickMessages.required') },
    { max: 100, transform: (v: string) => v?.trim(), message: t('quickMessages.tooLong') },
  ];
}

/**
 * Add/edit a quick message (core-operations §2, §5, §7): shortcode, message, shared with the company (admins only)
 * and one attachment, uploaded after the record is saved (`/quick-messages/{id}/media-upload`) or removed.
 * If the upload fails the record is already saved: the dialog stays open on it, so saving again retries.
 */
export function QuickMessageModal({ editing, onClose, onSaved }: Props) {
  const { t } = useT();
  const { message } = App.useApp();
  const showError = useErrorToast();
  // Sharing with the company is what the server allows to user managers (admins).
  const canShare = useCan('users:manage');
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  /** The record as saved so far in this opening (set after the first successful POST). */
  const [record, setRecord] = useState<QuickMessageDto | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [dropMedia, setDropMedia] = useState(false);
  /** The attachment's upload, 0..1, while it goes (the kit's upload reports it). */
  const [progress, setProgress] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  /** A plugin's attachment (a file list), chosen through the `quickMessage.modal.attachments` zone. */
  const [attachment, setAttachment] = useState<QuickMessageAttachmentRef | null>(null);

  useEffect(() => {
    if (!editing) return;
    const current = editing === 'new' ? null : editing;
    setRecord(current);
    setFile(null);
    setDropMedia(false);
    setAttachment(current?.attachment ?? null);
    form.resetFields();
    // A new one is offered to the whole company when its author may share (issue 36 item 5): an admin's
    // quick reply is usually meant for the team; unticking keeps it personal.
    form.setFieldsValue(current ? { shortcode: current.shortcode, message: current.message, geral: current.geral } : { shortcode: '', message: '', geral: canShare });
  }, [editing]);

  const pick = (f: File) => {
    const limit = f.type.startsWith('image/') ? MEDIA_LIMITS.imageBytes : MEDIA_LIMITS.otherBytes;
    if (f.size > limit) {
      void message.error(t('quickMessages.tooBig', { mb: limit / 1024 / 1024 }));
      return;
    }
    setFile(f);
    setDropMedia(false);
  };

  const save = async (values: Values) => {
    setSaving(true);
    // Without the right to share, a shared record keeps its flag (only its owner-admin could change it anyway).
    const body = {
      shortcode: values.shortcode.trim(),
      message: values.message ?? '',
      geral: canShare ? !!values.geral : (record?.geral ?? false),
      ...attachmentChange(record?.attachment ?? null, attachment),
    };
    let saved = record;
    try {
      saved = record ? await call(QUICK_MESSAGE_ENDPOINTS.update, { params: { id: record.id }, body }) : await call(QUICK_MESSAGE_ENDPOINTS.create, { body });
      setRecord(saved);
      if (file) {
        const data = new FormData();
        data.append('typeArch', 'quickMessage');
        data.append('file', file, file.name);
        setProgress(0);
        saved = await uploadWithProgress<QuickMessageDto>(`/quick-messages/${saved.id}/media-upload`, data, { onProgress: setProgress });
        setRecord(saved);
        setFile(null);
      } else if (dropMedia && saved.mediaPath) {
        saved = await call(QUICK_MESSAGE_ENDPOINTS.removeMedia, { params: { id: saved.id } });
        setRecord(saved);
        setDropMedia(false);
      }
      void message.success(t('quickMessages.saved'));
      onSaved(saved);
    } catch (err) {
      applyServerErrors(form, err, t);
      showError(err); // the dialog stays open with what was typed and the chosen file
    } finally {
      setSaving(false);
      setProgress(null);
    }
  };

  const shownName = file ? storedFileName(file.name) : !dropMedia ? record?.mediaName : null;

  return (
    <Modal
      open={!!editing}
      title={editing && editing !== 'new' ? t('quickMessages.editTitle') : t('quickMessages.addTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'qm-save' }}
      cancelButtonProps={{ 'data-testid': 'qm-cancel' }}
      forceRender
      data-testid="qm-modal"
    >
      <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={save} autoComplete="off">
        <Form.Item noStyle shouldUpdate={(a, b) => a.shortcode !== b.shortcode}>
          {({ getFieldValue }) => (
            <Form.Item
              name="shortcode"
              label={t('quickMessages.shortcode')}
              rules={shortcodeRules(t)}
              extra={String(getFieldValue('shortcode') ?? '').trim() ? t('quickMessages.shortcodeHint', { code: String(getFieldValue('shortcode')).trim() }) : undefined}
            >
              <Input prefix="/" maxLength={100} data-testid="qm-shortcode" />
            </Form.Item>
          )}
        </Form.Item>
        <Form.Item name="message" label={t('quickMessages.message')} rules={[{ max: 5000, message: t('quickMessages.tooLong') }]}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} maxLength={5000} data-testid="qm-message" />
        </Form.Item>
        {canShare && (
          <Form.Item name="geral" valuePropName="checked">
            <Checkbox data-testid="qm-geral">{t('quickMessages.shared')}</Checkbox>
          </Form.Item>
        )}
        <Typography.Text strong>{t('quickMessages.attachment')}</Typography.Text>
        <Flex align="center" gap={8} wrap style={{ marginTop: 8 }}>
          {shownName ? (
            <>
              <PaperClipOutlined />
              <Typography.Text data-testid="qm-file-name">{shownName}</Typography.Text>
              <Button
                type="text"
                danger
                size="small"
                icon={<DeleteOutlined />}
                aria-label={t('quickMessages.removeAttachment')}
                onClick={() => (file ? setFile(null) : setDropMedia(true))}
                data-testid="qm-file-remove"
              />
            </>
          ) : (
            <Typography.Text type="secondary">{t('quickMessages.noAttachment')}</Typography.Text>
          )}
          {progress !== null && <Progress percent={Math.round(progress * 100)} size="small" style={{ width: 160 }} data-testid="qm-upload-progress" />}
          <Button size="small" icon={<PaperClipOutlined />} onClick={() => fileInput.current?.click()} data-testid="qm-attach">
            {t('quickMessages.attach')}
          </Button>
          <input
            ref={fileInput}
            type="file"
            style={{ display: 'none' }}
            onChange={(e) => {
              const f = e.target.files?.[0];
              e.target.value = '';
              if (f) pick(f);
            }}
            data-testid="qm-file-input"
          />
        </Flex>
        {/* Plugins offer their attachments here (the files plugin: a file list), sent after the text and file. */}
        <Flex align="center" gap={8} wrap style={{ marginTop: 8 }} data-testid="qm-plugin-attachments">
          {attachment && (
            <Tag
              icon={<AppstoreAddOutlined />}
              closable
              onClose={(e) => {
                e.preventDefault();
                setAttachment(null);
              }}
              closeIcon={<DeleteOutlined aria-label={t('quickMessages.removeAttachment')} data-testid="qm-plugin-attachment-remove" />}
              data-testid="qm-plugin-attachment"
            >
              {attachment.label}
            </Tag>
          )}
          <Zone name="quickMessage.modal.attachments" context={{ attachment, set: setAttachment }} resetKey={editing === 'new' ? 'new' : (editing?.id ?? 'closed')} />
        </Flex>
      </Form>
    </Modal>
  );
}
