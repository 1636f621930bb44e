import { Form, Input, Select } from 'antd';
import { BranchesOutlined } from '@ant-design/icons';
import { useT, type FlowNodeEditor, type FlowNodeEditorProps } from '@atende/sdk-web';
import { CONDITION_OPERATORS } from '@atende/plugin-flowbuilder-contract';
import { conditionProblem } from '../validation.js';
import { storedVariables } from '../editors/variables.js';
import { str } from '../editors/fields.js';

function ConditionBody({ value, set }: FlowNodeEditorProps) {
  const { t } = useT('flowbuilder');
  // The variables the question steps saved, offered first; any other name may be typed.
  const known = storedVariables();
  return (
    <>
      <Form.Item label={t('editor.variable')} extra={known.length ? t('editor.conditionKnown', { list: known.join(', ') }) : t('editor.conditionHint')}>
        <Input prefix="{{" suffix="}}" value={str(value.key)} onChange={(e) => set({ key: e.target.value })} data-testid="editor-condition-key" autoFocus />
      </Form.Item>
      <Form.Item label={t('editor.operator')}>
        <Select
          value={value.condition as string}
          onChange={(v) => set({ condition: v })}
          options={CONDITION_OPERATORS.map((o) => ({ value: o, label: t(`editor.op.${o}`) }))}
          data-testid="editor-condition-operator"
        />
      </Form.Item>
      <Form.Item label={t('editor.value')}>
        <Input value={str(value.value)} onChange={(e) => set({ value: e.target.value })} data-testid="editor-condition-value" />
      </Form.Item>
    </>
  );
}

/** Condición: compares a variable with a value; outputs true and false. */
const condition: FlowNodeEditor = {
  type: 'condition',
  namespace: 'flowbuilder',
  title: 'types.condition',
  icon: <BranchesOutlined />,
  order: 40,
  defaults: () => ({ key: '', condition: '==', value: '' }),
  Body: ConditionBody,
  check: (d) => conditionProblem(d as never),
  finish: async (d) => ({ ...d, key: str(d.key).trim() }),
};
export default condition;
