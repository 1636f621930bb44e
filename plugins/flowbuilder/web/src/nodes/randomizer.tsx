import { Form, InputNumber } from 'antd';
import { useT, type FlowNodeEditor, type FlowNodeEditorProps } from '@atende/sdk-web';
import { randomizerProblem } from '../validation.js';

function RandomizerBody({ value, set }: FlowNodeEditorProps) {
  const { t } = useT('flowbuilder');
  return (
    <Form.Item label={t('editor.percent')}>
      <InputNumber min={0} max={100} precision={0} addonAfter="%" value={value.percent as number} onChange={(v) => set({ percent: v ?? undefined })} data-testid="editor-percent" />
    </Form.Item>
  );
}

/** Aleatorizador: output a gets `percent` % of the contacts, b the rest. */
const randomizer: FlowNodeEditor = {
  type: 'randomizer',
  namespace: 'flowbuilder',
  title: 'types.randomizer',
  defaults: () => ({ percent: 50 }),
  Body: RandomizerBody,
  check: (d) => randomizerProblem(d.percent),
};
export default randomizer;
