import { Flex, Form, Input, InputNumber } from 'antd';
import { useT, type FlowNodeEditor, type FlowNodeEditorProps } from '@atende/sdk-web';
import { typebotProblem } from '../validation.js';
import { str } from '../editors/fields.js';

function TypebotBody({ value, set }: FlowNodeEditorProps) {
  const { t } = useT('flowbuilder');
  const text = (key: string, label: string, testId?: string) => (
    <Form.Item label={label} required={['name', 'urlN8N', 'typebotSlug'].includes(key)}>
      <Input value={str(value[key])} onChange={(e) => set({ [key]: e.target.value })} data-testid={testId} />
    </Form.Item>
  );
  return (
    <>
      {text('name', t('editor.name'), 'editor-typebot-name')}
      {text('urlN8N', t('editor.url'), 'editor-typebot-url')}
      {text('typebotSlug', t('editor.slug'), 'editor-typebot-slug')}
      <Flex gap={8}>
        <Form.Item label={t('editor.typebotDelay')} style={{ flex: 1 }}>
          <InputNumber min={0} max={60000} value={value.typebotDelayMessage as number} onChange={(v) => set({ typebotDelayMessage: v ?? 1000 })} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label={t('editor.typebotExpires')} style={{ flex: 1 }}>
          <InputNumber min={0} value={value.typebotExpires as number} onChange={(v) => set({ typebotExpires: v ?? 1 })} style={{ width: '100%' }} />
        </Form.Item>
      </Flex>
      {text('typebotKeywordFinish', t('editor.keywordFinish'))}
      {text('typebotKeywordRestart', t('editor.keywordRestart'))}
      {text('typebotRestartMessage', t('editor.restartMessage'))}
      {text('typebotUnknownMessage', t('editor.unknownMessage'))}
    </>
  );
}

/** TypeBot: hidden from the menu (§2); its executor comes with the integrations plugin. */
const typebot: FlowNodeEditor = {
  type: 'typebot',
  namespace: 'flowbuilder',
  title: 'types.typebot',
  defaults: () => ({ name: '', urlN8N: '', typebotSlug: '', typebotDelayMessage: 1000, typebotExpires: 1 }),
  Body: TypebotBody,
  check: (d) => typebotProblem(d as never),
  configure: true,
  // A stand-in until the plugin that runs this step contributes its own editor.
  fallback: true,
};
export default typebot;
