import { Form, Input, Select } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { call, useT, type FlowNodeEditor, type FlowNodeEditorProps } from '@atende/sdk-web';
import { CONNECTION_ENDPOINTS } from '@atende/core-contract';
import { notificationProblem } from '../validation.js';
import { str, useOptions } from '../editors/fields.js';

function NotificationBody({ value, set }: FlowNodeEditorProps) {
  const { t } = useT('flowbuilder');
  const connections = useOptions(() => call(CONNECTION_ENDPOINTS.list), (c) => ({ value: c.id, label: c.status === 'CONNECTED' ? `${c.name} (online)` : c.name }));
  return (
    <>
      <Form.Item label={t('editor.connection')}>
        <Select loading={!connections} options={connections ?? []} value={value.connectionId as number | undefined} onChange={(v) => set({ connectionId: v })} data-testid="editor-connection" />
      </Form.Item>
      <Form.Item label={t('editor.targetNumber')}>
        <Input value={str(value.targetNumber)} placeholder="5511999999999" onChange={(e) => set({ targetNumber: e.target.value })} data-testid="editor-target" />
      </Form.Item>
      <Form.Item label={t('editor.notificationMessage')} extra={t('editor.userNumberHint', { userNumber: '{{userNumber}}', interpolation: { escapeValue: false } })}>
        <Input.TextArea rows={4} value={str(value.message)} onChange={(e) => set({ message: e.target.value })} data-testid="editor-notification-message" />
      </Form.Item>
    </>
  );
}

/** Notificación: a message to a number (an agent's, say) from one of the company's connections. */
const notification: FlowNodeEditor = {
  type: 'notification',
  namespace: 'flowbuilder',
  title: 'types.notification',
  icon: <BellOutlined />,
  order: 100,
  defaults: () => ({ connectionId: undefined, targetNumber: '', message: '' }),
  Body: NotificationBody,
  check: (d) => notificationProblem(d as never),
};
export default notification;
