import { useEffect, useState } from 'react';
import { Form, Select } from 'antd';
import { call, useT, type ZoneWidgetProps } from '@atende/sdk-web';
import { AI_ENDPOINTS } from '@atende/plugin-ai-contract';

/**
 * The queue's or connection's prompt: the form's `promptId` (the kernel's binding field this plugin answers
 * for; the server checks the prompt is the company's). Cleared, it sends null and the binding is removed.
 */
function PromptSelectField({ testId, current }: { testId: string; current: number | null | undefined }) {
  const { t } = useT('ai');
  const [prompts, setPrompts] = useState<{ value: number; label: string }[] | null>(null);
  useEffect(() => {
    call(AI_ENDPOINTS.prompts).then(
      (r) => setPrompts(r.prompts.map((p) => ({ value: p.id, label: p.name }))),
      () => setPrompts([]),
    );
  }, []);
  return (
    <Form.Item name="promptId" label={t('bindings.prompt')} extra={t('bindings.promptHint')} initialValue={current ?? undefined} normalize={(v: number | undefined) => v ?? null}>
      <Select allowClear showSearch optionFilterProp="label" loading={prompts === null} options={prompts ?? []} placeholder={t('bindings.noPrompt')} data-testid={testId} />
    </Form.Item>
  );
}

export function QueuePromptTab({ context }: ZoneWidgetProps<'queue.modal.tabs'>) {
  return <PromptSelectField testId="queue-prompt" current={(context.queue as { promptId?: number | null } | null)?.promptId} />;
}

export function ConnectionPromptField({ context }: ZoneWidgetProps<'connection.modal.fields'>) {
  return <PromptSelectField testId="connection-prompt" current={(context.connection as { promptId?: number | null } | null)?.promptId} />;
}
