import { useState } from 'react';
import { App, Button, Flex, Form, Input, Modal, Popconfirm, Table, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useErrorToast, useT, call } from '@atende/sdk-web';
import { HELP_ENDPOINTS, VIDEO_CODE_PATTERN, extractVideoCode, type Help, type HelpInput } from '@atende/plugin-helps-contract';
import { upsert, useHelps } from './useHelps.js';

/** Settings → Helps (super user): list, add, edit, delete help videos. */
export default function HelpsSettingsTab() {
  const { t } = useT('helps');
  const { message } = App.useApp();
  const showError = useErrorToast();
  const { helps, setHelps } = useHelps();
  const [editing, setEditing] = useState<Help | 'new' | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<HelpInput>();

  const open = (h: Help | 'new') => {
    setEditing(h);
    form.setFieldsValue(h === 'new' ? { title: '', video: '', description: '' } : { title: h.title, video: h.video, description: h.description });
  };

  const save = async (values: HelpInput) => {
    setSaving(true);
    try {
      const saved =
        editing && editing !== 'new'
          ? await call(HELP_ENDPOINTS.update, { params: { id: editing.id }, body: values })
          : await call(HELP_ENDPOINTS.create, { body: values });
      setHelps((list) => upsert(list, saved));
      void message.success(t('settings.saved'));
      setEditing(null);
    } catch (err) {
      showError(err); // the dialog stays open with what was typed
    } finally {
      setSaving(false);
    }
  };

  const remove = async (h: Help) => {
    try {
      await call(HELP_ENDPOINTS.remove, { params: { id: h.id } });
      setHelps((list) => (list ?? []).filter((x) => x.id !== h.id));
      void message.success(t('settings.deleted'));
    } catch (err) {
      showError(err);
    }
  };

  return (
    <Flex vertical gap={12} data-testid="helps-settings">
      <Flex justify="end">
        <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')} data-testid="help-add">
          {t('settings.add')}
        </Button>
      </Flex>
      <Table<Help>
        rowKey="id"
        size="small"
        loading={!helps}
        dataSource={helps ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: t('settings.empty') }}
        scroll={{ x: true }}
        columns={[
          { title: t('settings.titleLabel'), dataIndex: 'title' },
          { title: t('settings.videoLabel'), dataIndex: 'video', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
          { title: t('settings.descriptionLabel'), dataIndex: 'description', ellipsis: true },
          {
            title: t('settings.actions'),
            key: 'actions',
            width: 110,
            render: (_, h) => (
              <Flex gap={4}>
                <Button type="text" icon={<EditOutlined />} aria-label={t('settings.edit')} onClick={() => open(h)} />
                <Popconfirm title={t('settings.confirmDelete')} onConfirm={() => remove(h)} okText={t('settings.delete')} cancelText={t('settings.cancel')}>
                  <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('settings.delete')} />
                </Popconfirm>
              </Flex>
            ),
          },
        ]}
      />
      <Modal
        open={!!editing}
        title={editing === 'new' ? t('settings.add') : t('settings.edit')}
        okText={t('settings.save')}
        cancelText={t('settings.cancel')}
        confirmLoading={saving}
        onOk={() => form.submit()}
        onCancel={() => setEditing(null)}
        okButtonProps={{ 'data-testid': 'help-save' } as never}
        forceRender
      >
        <Form form={form} layout="vertical" onFinish={save} requiredMark="optional">
          <Form.Item
            name="title"
            label={t('settings.titleLabel')}
            rules={[
              { required: true, whitespace: true, message: t('settings.required') },
              { min: 2, message: t('settings.tooShort') },
              { max: 120, message: t('settings.tooLong') },
            ]}
          >
            <Input data-testid="help-title" maxLength={120} />
          </Form.Item>
          <Form.Item
            name="video"
            label={t('settings.videoLabel')}
            extra={t('settings.videoHelp')}
            rules={[
              { required: true, whitespace: true, message: t('settings.required') },
              {
                validator: (_, v: string) =>
                  !v || VIDEO_CODE_PATTERN.test(extractVideoCode(v)) ? Promise.resolve() : Promise.reject(new Error(t('settings.invalidVideo'))),
              },
            ]}
          >
            <Input data-testid="help-video" />
          </Form.Item>
          <Form.Item name="description" label={t('settings.descriptionLabel')} rules={[{ max: 2000, message: t('settings.tooLong') }]}>
            <Input.TextArea rows={4} maxLength={2000} showCount data-testid="help-description" />
          </Form.Item>
        </Form>
      </Modal>
    </Flex>
  );
}
