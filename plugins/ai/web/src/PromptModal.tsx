import { useEffect, useState } from 'react';
import { App, AutoComplete, Form, Input, InputNumber, Modal, Select, Slider } from 'antd';
import { QUEUE_ENDPOINTS } from '@atende/core-contract';
import { ApiError, applyServerErrors, call, useErrorToast, useT } from '@atende/sdk-web';
import { AI_ENDPOINTS, PROMPT_DEFAULTS, PROMPT_MODELS, type Prompt } from '@atende/plugin-ai-contract';

interface Values {
  name: string;
  prompt: string;
  model: string;
  maxTokens: number;
  temperature: number;
  maxMessages: number;
  queueId: number;
  voice: string;
  apiKey?: string;
  baseUrl?: string;
}

/** The prompt dialog: every field and rule of automation-productivity §8; the API key is write-only. */
export default function PromptModal({ prompt, onClose, onSaved }: { prompt: Prompt | null; onClose: () => void; onSaved: (p: Prompt) => void }) {
  const { t } = useT('ai');
  const { message } = App.useApp();
  const showError = useErrorToast();
  const [form] = Form.useForm<Values>();
  const [queues, setQueues] = useState<{ id: number; name: string }[] | null>(null);
  const [saving, setSaving] = useState(false);
  // The models a prompt may use on the platform's key (the super user's list); the spec's two until known.
  const [allowed, setAllowed] = useState<string[]>([...PROMPT_MODELS]);

  useEffect(() => {
    call(QUEUE_ENDPOINTS.names).then(setQueues, showError);
    call(AI_ENDPOINTS.models).then((r) => setAllowed(r.allowed), () => undefined);
  }, []);

  const save = async (v: Values) => {
    setSaving(true);
    try {
      const body = { ...v, voice: v.voice === 'text' ? null : v.voice, apiKey: v.apiKey ? v.apiKey : undefined, baseUrl: v.baseUrl ? v.baseUrl : null };
      const saved = prompt ? await call(AI_ENDPOINTS.updatePrompt, { params: { id: prompt.id }, body }) : await call(AI_ENDPOINTS.createPrompt, { body });
      void message.success(t('saved'));
      onSaved(saved);
    } catch (err) {
      // The platform key's model allow-list names the models the tenant may pick.
      const refused = err instanceof ApiError && Array.isArray(err.details) ? (err.details as { path?: string; message?: string; allowed?: string[] }[]).find((d) => d.message === 'model_not_allowed') : undefined;
      if (refused) form.setFields([{ name: 'model', errors: [t('v.modelNotAllowed', { models: (refused.allowed ?? allowed).join(', ') })] }]);
      else if (!applyServerErrors(form, err, t)) showError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={prompt ? t('prompts.edit') : t('prompts.add')}
      okText={prompt ? t('save') : t('add')}
      cancelText={t('cancel')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={saving}
      width={640}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={save}
        data-testid="ai-prompt-form"
        initialValues={
          prompt
            ? { ...prompt, voice: prompt.voice ?? 'text', baseUrl: prompt.baseUrl ?? '' }
            : { ...PROMPT_DEFAULTS, voice: 'text', name: '', prompt: '' }
        }
      >
        <Form.Item name="name" label={t('prompts.name')} rules={[{ required: true, message: t('v.required') }, { min: 5, max: 100, message: t('v.name') }]}>
          <Input data-testid="ai-prompt-name" />
        </Form.Item>
        <Form.Item name="prompt" label={t('prompts.prompt')} rules={[{ required: true, message: t('v.required') }, { min: 50, message: t('v.prompt') }]}>
          <Input.TextArea rows={6} data-testid="ai-prompt-text" />
        </Form.Item>
        <Form.Item name="queueId" label={t('prompts.queue')} rules={[{ required: true, message: t('v.queue') }]}>
          <Select loading={!queues} options={(queues ?? []).map((q) => ({ value: q.id, label: q.name }))} data-testid="ai-prompt-queue" />
        </Form.Item>
        <Form.Item name="model" label={t('prompts.model')} rules={[{ required: true, message: t('v.required') }]}>
          <AutoComplete options={allowed.map((m) => ({ value: m }))} data-testid="ai-prompt-model" />
        </Form.Item>
        <Form.Item name="temperature" label={t('prompts.temperature')} rules={[{ required: true, message: t('v.required') }]}>
          <Slider min={0} max={1} step={0.1} />
        </Form.Item>
        <Form.Item name="maxTokens" label={t('prompts.maxTokens')} rules={[{ required: true, message: t('v.required') }]}>
          <InputNumber min={1} max={16000} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="maxMessages" label={t('prompts.maxMessages')} rules={[{ required: true, message: t('v.required') }]}>
          <InputNumber min={1} max={100} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="voice" label={t('prompts.voice')}>
          <Select
            options={[
              { value: 'text', label: t('prompts.voiceText') },
              ...['alloy', 'echo', 'fable', 'onyx', 'nova', 'shimmer'].map((v) => ({ value: v, label: `${t('prompts.voiceAudio')}: ${v}` })),
            ]}
          />
        </Form.Item>
        <Form.Item name="apiKey" label={t('prompts.apiKey')} extra={prompt?.hasApiKey ? t('prompts.apiKeyKept') : t('prompts.apiKeyGlobal')}>
          <Input.Password autoComplete="off" />
        </Form.Item>
        <Form.Item name="baseUrl" label={t('prompts.baseUrl')} extra={t('prompts.baseUrlHelp')}>
          <Input placeholder="https://api.openai.com/v1" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
