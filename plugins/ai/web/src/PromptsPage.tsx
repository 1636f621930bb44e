import { useEffect, useRef, useState } from 'react';
import { Button, Card, Empty, Flex, Table, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { LoadError, call, useConfirm, useErrorToast, useRealtime, useRealtimeReconnected, useT } from '@atende/sdk-web';
import { AI_ENDPOINTS, PROMPT_EVENT, type Prompt, type PromptEvent } from '@atende/plugin-ai-contract';
import PromptModal from './PromptModal.js';
import CreditsBadge from './CreditsBadge.js';

/** /prompts (automation-productivity §5): name, queue, max tokens and actions, plus the dialog. Live by `prompt` events. */
export default function PromptsPage() {
  const { t } = useT('ai');
  const showError = useErrorToast();
  const confirm = useConfirm();
  const [prompts, setPrompts] = useState<Prompt[] | null>(null);
  const [failed, setFailed] = useState<unknown>(null);
  const [editing, setEditing] = useState<Prompt | 'new' | null>(null);

  const load = () => {
    setFailed(null);
    call(AI_ENDPOINTS.prompts).then((r) => setPrompts(r.prompts), setFailed);
  };
  useEffect(load, []);
  useRealtimeReconnected(load);

  const apply = (e: PromptEvent) =>
    setPrompts((list) => {
      if (!list) return list;
      if (e.action === 'delete') return list.filter((p) => p.id !== e.promptId);
      const rest = list.filter((p) => p.id !== e.prompt.id);
      return [...rest, e.prompt].sort((a, b) => a.name.localeCompare(b.name));
    });
  const applyRef = useRef(apply);
  applyRef.current = apply;
  useRealtime<PromptEvent>(PROMPT_EVENT, (e) => applyRef.current(e));

  const remove = async (p: Prompt) => {
    if (!(await confirm({ title: t('prompts.deleteTitle', { name: p.name }), content: t('prompts.deleteText'), okText: t('delete') }))) return;
    try {
      await call(AI_ENDPOINTS.removePrompt, { params: { id: p.id } });
      apply({ action: 'delete', promptId: p.id });
    } catch (err) {
      showError(err);
    }
  };

  return (
    <Card data-testid="ai-prompts-page">
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('prompts.title')}
        </Typography.Title>
        <Flex gap={8} align="center">
          <CreditsBadge />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="ai-prompt-add">
            {t('prompts.add')}
          </Button>
        </Flex>
      </Flex>
      {failed ? (
        <LoadError error={failed} onRetry={load} />
      ) : (
        <Table<Prompt>
          rowKey="id"
          loading={!prompts}
          dataSource={prompts ?? []}
          pagination={false}
          locale={{ emptyText: <Empty description={t('prompts.empty')} /> }}
          columns={[
            { title: t('prompts.name'), dataIndex: 'name' },
            { title: t('prompts.queue'), render: (_, p) => p.queue?.name ?? '—' },
            { title: t('prompts.maxTokens'), dataIndex: 'maxTokens', width: 140 },
            {
              title: t('actions'),
              width: 120,
              render: (_, p) => (
                <Flex gap={4}>
                  <Button type="text" icon={<EditOutlined />} aria-label={t('edit')} onClick={() => setEditing(p)} />
                  <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('delete')} onClick={() => void remove(p)} />
                </Flex>
              ),
            },
          ]}
        />
      )}
      {editing && (
        <PromptModal
          prompt={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(p) => {
            apply({ action: editing === 'new' ? 'create' : 'update', prompt: p });
            setEditing(null);
          }}
        />
      )}
    </Card>
  );
}
