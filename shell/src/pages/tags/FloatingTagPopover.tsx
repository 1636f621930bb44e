import { TAG_ENDPOINTS } from '@atende/core-contract';
import { useState, type ReactNode } from 'react';
import { App, Button, Flex, Form, Input, Popover } from 'antd';
import type { TagDto } from '@atende/core-contract';
import { useErrorToast, useT, call } from '@atende/sdk-web';
import { applyTagErrors } from './TagModal.js';
import { DEFAULT_TAG_COLOR, TAG_NAME_MAX, tagNameRules } from './tagRules.js';

interface Props {
  /** The element that opens the popover (a button in a page header, a tag selector…). */
  children: ReactNode;
  onCreated: (tag: TagDto) => void;
}

/**
 * The "floating tag popover" (core-operations §2): creates a tag from its name alone (default colour,
 * off the kanban), for when the full dialog is too much. Same name rule as the dialog.
 */
export function FloatingTagPopover({ children, onCreated }: Props) {
  const { t } = useT();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const [form] = Form.useForm<{ name: string }>();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);

  const create = async ({ name }: { name: string }) => {
    setSaving(true);
    try {
      const tag = await call(TAG_ENDPOINTS.create, { body: { name: name.trim(), color: DEFAULT_TAG_COLOR, kanban: 0 } });
      void message.success(t('tags.saved'));
      form.resetFields();
      setOpen(false);
      onCreated(tag);
    } catch (err) {
      applyTagErrors(form, err, t);
      showError(err); // the name stays in the box
    } finally {
      setSaving(false);
    }
  };

  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) form.resetFields();
      }}
      trigger="click"
      placement="bottomRight"
      title={t('tags.quickAdd')}
      content={
        <Form form={form} onFinish={create} autoComplete="off" style={{ width: 260 }} data-testid="tag-quick-form">
          <Flex gap={8} align="start">
            <Form.Item name="name" rules={tagNameRules(t)} style={{ flex: 1, marginBottom: 0 }}>
              <Input autoFocus maxLength={TAG_NAME_MAX} placeholder={t('tags.quickPlaceholder')} data-testid="tag-quick-name" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={saving} data-testid="tag-quick-save">
              {t('tags.create')}
            </Button>
          </Flex>
        </Form>
      }
    >
      {children}
    </Popover>
  );
}
