import { Form, InputNumber } from 'antd';
import { useT, type FlowNodeEditor, type FlowNodeEditorProps } from '@atende/sdk-web';

function IntervalBody({ value, set }: FlowNodeEditorProps) {
  const { t } = useT('flowbuilder');
  return (
    <Form.Item label={t('editor.seconds')}>
      <InputNumber min={1} value={value.sec as number} onChange={(v) => set({ sec: v ?? undefined, label: v ? `${v}s` : '' })} style={{ width: '100%' }} data-testid="editor-seconds" />
    </Form.Item>
  );
}

/** Intervalo: waits some seconds (an answer ends the wait). */
const interval: FlowNodeEditor = {
  type: 'interval',
  namespace: 'flowbuilder',
  title: 'types.interval',
  defaults: () => ({ label: '', sec: 5 }),
  Body: IntervalBody,
  check: (d) => (Number(d.sec) > 0 ? null : 'v.secondsRange'),
};
export default interval;
