import { Form, Input } from 'antd';
import { QuestionCircleOutlined } from '@ant-design/icons';
import { useT, type FlowNodeEditor, type FlowNodeEditorProps } from '@atende/sdk-web';
import { questionProblem } from '../validation.js';
import { rememberVariable } from '../editors/variables.js';
import { str, useVariablesHint } from '../editors/fields.js';

function QuestionBody({ value, set }: FlowNodeEditorProps) {
  const { t } = useT('flowbuilder');
  const hint = useVariablesHint();
  return (
    <>
      <Form.Item label={t('editor.message')} extra={hint}>
        <Input.TextArea rows={3} value={str(value.message)} onChange={(e) => set({ message: e.target.value })} data-testid="editor-question-message" autoFocus />
      </Form.Item>
      <Form.Item label={t('editor.answerKey')} extra={t('editor.answerKeyHint', { token: `{{${str(value.answerKey).trim() || 'variable'}}}`, interpolation: { escapeValue: false } })}>
        <Input prefix="{{" suffix="}}" value={str(value.answerKey)} onChange={(e) => set({ answerKey: e.target.value })} data-testid="editor-answer-key" />
      </Form.Item>
    </>
  );
}

/**
 * Pregunta: asks, waits for the answer and keeps it as a variable. The spec hides it from the menu; it is
 * offered anyway (issue 38 item 1: the first flow users ask for starts with a question).
 */
const question: FlowNodeEditor = {
  type: 'question',
  namespace: 'flowbuilder',
  title: 'types.question',
  icon: <QuestionCircleOutlined />,
  order: 30,
  defaults: () => ({ message: '', answerKey: '' }),
  Body: QuestionBody,
  check: (d) => questionProblem(d as never),
  finish: async (d) => {
    rememberVariable(str(d.answerKey).trim());
    return { ...d, answerKey: str(d.answerKey).trim() };
  },
};
export default question;
