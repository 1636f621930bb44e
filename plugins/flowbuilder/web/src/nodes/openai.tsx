import { Checkbox, Flex, Form, Input, InputNumber, Radio, Select } from 'antd';
import { RobotOutlined } from '@ant-design/icons';
import { call, useT, type FlowNodeEditor, type FlowNodeEditorProps } from '@atende/sdk-web';
import { QUEUE_ENDPOINTS } from '@atende/core-contract';
import { openaiProblem } from '../validation.js';
import { OptionsList, blank, str, useOptions, type Option } from '../editors/fields.js';

function OpenaiBody(props: FlowNodeEditorProps) {
  const { t } = useT('flowbuilder');
  const { value, set } = props;
  const queues = useOptions(() => call(QUEUE_ENDPOINTS.names), (q) => ({ value: q.id, label: q.name }));
  const audio = str(value.voice) !== '' && value.voice !== 'texto';
  return (
    <>
      <Form.Item label={t('editor.name')} required>
        <Input value={str(value.name)} onChange={(e) => set({ name: e.target.value })} data-testid="editor-openai-name" />
      </Form.Item>
      <Form.Item label={t('editor.instructions')} required>
        <Input.TextArea rows={4} value={str(value.aiInstructions)} onChange={(e) => set({ aiInstructions: e.target.value })} data-testid="editor-openai-instructions" />
      </Form.Item>
      <Form.Item label={t('editor.context')}>
        <Input.TextArea rows={3} value={str(value.contextInfo)} onChange={(e) => set({ contextInfo: e.target.value })} />
      </Form.Item>
      <Form.Item label={t('editor.voice')}>
        <Radio.Group value={audio ? 'audio' : 'texto'} onChange={(e) => set({ voice: e.target.value === 'audio' ? 'alloy' : 'texto' })}>
          <Radio value="texto">{t('editor.voiceText')}</Radio>
          <Radio value="audio">{t('editor.voiceAudio')}</Radio>
        </Radio.Group>
      </Form.Item>
      {audio && (
        <>
          <Form.Item label={t('editor.voiceKey')}>
            <Input value={str(value.voiceKey)} onChange={(e) => set({ voiceKey: e.target.value })} />
          </Form.Item>
          <Form.Item label={t('editor.voiceRegion')}>
            <Input value={str(value.voiceRegion)} onChange={(e) => set({ voiceRegion: e.target.value })} />
          </Form.Item>
        </>
      )}
      <Flex gap={8}>
        <Form.Item label={t('editor.maxTokens')} style={{ flex: 1 }}>
          <InputNumber min={1} value={value.maxTokens as number} onChange={(v) => set({ maxTokens: v ?? 100 })} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label={t('editor.temperature')} style={{ flex: 1 }}>
          <InputNumber min={0} max={1} step={0.1} value={value.temperature as number} onChange={(v) => set({ temperature: v ?? 1 })} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label={t('editor.maxMessages')} style={{ flex: 1 }}>
          <InputNumber min={1} value={value.maxMessages as number} onChange={(v) => set({ maxMessages: v ?? 10 })} style={{ width: '100%' }} />
        </Form.Item>
      </Flex>
      <Form.Item label={t('editor.queue')}>
        <Select allowClear loading={!queues} options={queues ?? []} value={(value.queueId as number | null) ?? undefined} onChange={(v) => set({ queueId: v ?? null })} />
      </Form.Item>
      <OptionsList {...props} />
      <Checkbox checked={value.respondWhenNone !== false} onChange={(e) => set({ respondWhenNone: e.target.checked })}>
        {t('editor.respondWhenNone')}
      </Checkbox>
    </>
  );
}

/** OpenAI: the assistant's settings; its executor comes with the AI plugin (which may contribute its own editor). */
const openai: FlowNodeEditor = {
  type: 'openai',
  namespace: 'flowbuilder',
  title: 'types.openai',
  icon: <RobotOutlined />,
  order: 90,
  defaults: () => ({ name: '', aiInstructions: '', contextInfo: '', voice: 'texto', maxTokens: 100, temperature: 1, maxMessages: 10, respondWhenNone: true, arrayOption: [] }),
  Body: OpenaiBody,
  check: (d) => openaiProblem(d as never) ?? (((d.arrayOption as Option[] | undefined) ?? []).some((o) => blank(o.value)) ? 'v.optionBlank' : null),
  // prompt is built from the instructions and the context (§3).
  finish: async (d) => ({ ...d, prompt: [str(d.aiInstructions).trim(), str(d.contextInfo).trim()].filter(Boolean).join('\n\n') }),
  configure: true,
  // A stand-in until the plugin that runs this step contributes its own editor.
  fallback: true,
  wide: true,
};
export default openai;
