import { Form, Input } from 'antd';
import { useT, type FlowNodeEditor, type FlowNodeEditorProps } from '@atende/sdk-web';
import { blank, str, useVariablesHint } from '../editors/fields.js';

function MessageBody({ value, set }: FlowNodeEditorProps) {
  const { t } = useT('flowbuilder');
  const hint = useVariablesHint();
  return (
    <Form.Item label={t('editor.message')} extra={hint}>
      <Input.TextArea rows={5} value={str(value.label)} onChange={(e) => set({ label: e.target.value })} data-testid="editor-message" autoFocus />
    </Form.Item>
  );
}

/** Mensaje: a text with {{variables}}. */
const message: FlowNodeEditor = {
  type: 'message',
  namespace: 'flowbuilder',
  title: 'types.message',
  defaults: () => ({ label: '' }),
  Body: MessageBody,
  check: (d) => (blank(d.label) ? 'v.emptyMessage' : null),
};
export default message;
