import { useState } from 'react';
import { Checkbox, Form, Input, Select } from 'antd';
import { SwapOutlined } from '@ant-design/icons';
import { call, i18n, useT, type FlowNodeEditor, type FlowNodeEditorProps } from '@atende/sdk-web';
import { QUEUE_ENDPOINTS, USER_ENDPOINTS } from '@atende/core-contract';
import { str, useOptions } from '../editors/fields.js';

/** The default hand-over message in the editor's language; `{{queue}}` stays a token the server fills. */
export const defaultTransferMessage = () => i18n.t('editor.transferDefault', { ns: 'flowbuilder', queue: '{{queue}}', interpolation: { escapeValue: false } });

function TicketBody({ value, set }: FlowNodeEditorProps) {
  const { t } = useT('flowbuilder');
  const queues = useOptions(() => call(QUEUE_ENDPOINTS.names), (q) => ({ value: q.id, label: q.name }));
  const users = useOptions(() => call(USER_ENDPOINTS.names), (u) => ({ value: u.id, label: u.name }));
  // Optional (issue 38 item 2): unticked, the message is kept empty and the customer is told nothing.
  const [sends, setSends] = useState(str(value.message) !== '');
  return (
    <>
      <Form.Item label={t('editor.queue')} required>
        <Select
          loading={!queues}
          options={queues ?? []}
          value={value.queueId as number | undefined}
          onChange={(v, o) => set({ queueId: v, name: (o as { label: string }).label })}
          data-testid="editor-queue"
          autoFocus
        />
      </Form.Item>
      <Form.Item label={t('editor.user')}>
        <Select allowClear loading={!users} options={users ?? []} value={(value.userId as number | null) ?? undefined} onChange={(v) => set({ userId: v ?? null })} data-testid="editor-user" />
      </Form.Item>
      <Checkbox checked={sends} onChange={(e) => {
          setSends(e.target.checked);
          set({ message: e.target.checked ? str(value.message) || defaultTransferMessage() : '' });
        }} data-testid="editor-transfer-notify">
        {t('editor.transferNotify')}
      </Checkbox>
      {sends && (
        <Form.Item label={t('editor.message')} extra={t('editor.transferHint', { queue: '{{queue}}', interpolation: { escapeValue: false } })} style={{ marginTop: 8 }}>
          <Input.TextArea rows={3} value={str(value.message)} onChange={(e) => set({ message: e.target.value })} data-testid="editor-transfer-message" />
        </Form.Item>
      )}
    </>
  );
}

/** Transferir a una cola: hands the ticket to a queue (and a user), telling the customer first. */
const ticket: FlowNodeEditor = {
  type: 'ticket',
  namespace: 'flowbuilder',
  title: 'types.ticket',
  icon: <SwapOutlined />,
  order: 50,
  defaults: () => ({ message: defaultTransferMessage() }),
  Body: TicketBody,
  check: (d) => (d.queueId ? null : 'v.queueRequired'),
  finish: async (d) => ({ ...d, message: str(d.message).trim() }),
};
export default ticket;
