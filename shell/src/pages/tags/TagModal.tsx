import { TAG_ENDPOINTS } from '@atende/core-contract';
import { useEffect, useState } from 'react';
import { App, ColorPicker, Form, Input, Modal, Switch, type FormInstance } from 'antd';
import type { TagDto } from '@atende/core-contract';
import { ApiError, applyServerErrors, useCan, useErrorToast, useT, call } from '@atende/sdk-web';
import { DEFAULT_TAG_COLOR, TAG_NAME_MAX, nextTagColor, tagNameRules } from './tagRules.js';

interface Values {
  name: string;
  color: string;
  kanban: boolean;
}

interface Props {
  /** 'new' to add, a tag to edit, null when closed. */
  editing: TagDto | 'new' | null;
  onClose: () => void;
  onSaved: (tag: TagDto) => void;
}

/** Puts a tag-specific server refusal on the form; the name taken answers ERR_VALIDATION 'name_in_use'. */
export function applyTagErrors(form: FormInstance, err: unknown, t: (k: string) => string) {
  const details = err instanceof ApiError && err.code === 'ERR_VALIDATION' && Array.isArray(err.details) ? (err.details as { path?: unknown; message?: unknown }[]) : [];
  if (details.some((d) => d.message === 'name_in_use')) form.setFields([{ name: 'name', errors: [t('tags.nameInUse')] }]);
  else applyServerErrors(form, err, t);
}

/** Add/edit a tag (core-operations §2, §5, §6): name, colour and — for admins and supervisors only — the kanban flag. */
export function TagModal({ editing, onClose, onSaved }: Props) {
  const { t } = useT();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const canKanban = useCan('tags:kanban-toggle');
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const tag = editing && editing !== 'new' ? editing : null;

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    form.setFieldsValue(tag ? { name: tag.name, color: tag.color, kanban: tag.kanban === 1 } : { name: '', color: DEFAULT_TAG_COLOR, kanban: false });
    // A new tag starts in a colour no other tag has (kanban lanes side by side must differ).
    if (!tag)
      void call(TAG_ENDPOINTS.list)
        .then((all) => {
          // Unless the user already picked one (the picker may hold a string or a Color object).
          const current: unknown = form.getFieldValue('color');
          const hex = typeof current === 'string' ? current : (current as { toHexString?: () => string } | undefined)?.toHexString?.();
          if (hex?.toLowerCase() === DEFAULT_TAG_COLOR.toLowerCase()) form.setFieldValue('color', nextTagColor(all.map((x) => x.color)));
        })
        .catch(() => undefined);
  }, [editing]);

  const save = async (values: Values) => {
    setSaving(true);
    // Without the kanban right the flag is sent back as it was: the server refuses any change.
    const kanban = canKanban ? (values.kanban ? 1 : 0) : (tag?.kanban ?? 0);
    const body = { name: values.name.trim(), color: values.color, kanban };
    try {
      const saved = tag ? await call(TAG_ENDPOINTS.update, { params: { id: tag.id }, body }) : await call(TAG_ENDPOINTS.create, { body });
      void message.success(t('tags.saved'));
      onSaved(saved);
    } catch (err) {
      applyTagErrors(form, err, t);
      showError(err); // the dialog stays open with what was typed
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={!!editing}
      title={tag ? t('tags.editTitle') : t('tags.addTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'tag-save' }}
      cancelButtonProps={{ 'data-testid': 'tag-cancel' }}
      forceRender
      data-testid="tag-modal"
    >
      <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={save} autoComplete="off">
        <Form.Item name="name" label={t('tags.name')} rules={tagNameRules(t)}>
          <Input maxLength={TAG_NAME_MAX} data-testid="tag-name" />
        </Form.Item>
        <Form.Item
          name="color"
          label={t('tags.color')}
          // The picker hands over a colour object; the API stores "#rrggbb".
          getValueFromEvent={(c: { toHexString: () => string }) => c.toHexString().toUpperCase()}
          rules={[{ required: true, message: t('tags.required') }, { pattern: /^#[0-9a-fA-F]{3,8}$/, message: t('tags.invalidColor') }]}
        >
          <ColorPicker showText format="hex" data-testid="tag-color" />
        </Form.Item>
        {canKanban && (
          <Form.Item name="kanban" label={t('tags.kanban')} extra={t('tags.kanbanHint')} valuePropName="checked">
            <Switch data-testid="tag-kanban" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
