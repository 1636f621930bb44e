import { Checkbox, Form, Input } from 'antd';
import { OrderedListOutlined } from '@ant-design/icons';
import { useT, type FlowNodeEditor, type FlowNodeEditorProps } from '@atende/sdk-web';
import { menuProblem } from '../validation.js';
import { OptionsList, str, useVariablesHint } from '../editors/fields.js';

function MenuBody(props: FlowNodeEditorProps) {
  const { t } = useT('flowbuilder');
  const hint = useVariablesHint();
  const { value, set } = props;
  return (
    <>
      <Form.Item label={t('editor.message')} extra={hint}>
        <Input.TextArea rows={3} value={str(value.message)} onChange={(e) => set({ message: e.target.value })} data-testid="editor-menu-message" autoFocus />
      </Form.Item>
      <OptionsList {...props} />
      <Checkbox checked={value.includeOptions !== false} onChange={(e) => set({ includeOptions: e.target.checked })}>
        {t('editor.includeOptions')}
      </Checkbox>
    </>
  );
}

/** Menú: a message and numbered options, one output per option. */
const menu: FlowNodeEditor = {
  type: 'menu',
  namespace: 'flowbuilder',
  title: 'types.menu',
  icon: <OrderedListOutlined />,
  order: 20,
  defaults: () => ({ message: '', arrayOption: [{ number: 1, value: '' }], includeOptions: true }),
  Body: MenuBody,
  check: (d) => menuProblem(d as never),
};
export default menu;
