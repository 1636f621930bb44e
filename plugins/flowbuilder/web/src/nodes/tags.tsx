import { Form, Select } from 'antd';
import { TagsOutlined } from '@ant-design/icons';
import { call, useT, type FlowNodeEditor, type FlowNodeEditorProps } from '@atende/sdk-web';
import { TAG_ENDPOINTS } from '@atende/core-contract';
import { tagProblem } from '../validation.js';
import { useOptions } from '../editors/fields.js';

/** '+added / -removed' (§3). */
export function tagName(add: string | undefined, remove: string | undefined): string {
  return [add ? `+${add}` : '', remove ? `-${remove}` : ''].filter(Boolean).join(' / ');
}

function TagsBody({ value, set }: FlowNodeEditorProps) {
  const { t } = useT('flowbuilder');
  const tags = useOptions(() => call(TAG_ENDPOINTS.list), (tag) => ({ value: tag.id, label: tag.name }));
  const label = (id: unknown) => tags?.find((o) => o.value === id)?.label;
  const change = (patch: { addTagId?: number | null; removeTagId?: number | null }) => {
    const next = { addTagId: value.addTagId as number | null, removeTagId: value.removeTagId as number | null, ...patch };
    set({ ...next, name: tagName(label(next.addTagId), label(next.removeTagId)) });
  };
  return (
    <>
      <Form.Item label={t('editor.addTag')}>
        <Select allowClear placeholder={t('editor.none')} loading={!tags} options={tags ?? []} value={(value.addTagId as number | null) ?? undefined} onChange={(v) => change({ addTagId: v ?? null })} data-testid="editor-add-tag" />
      </Form.Item>
      <Form.Item label={t('editor.removeTag')}>
        <Select allowClear placeholder={t('editor.none')} loading={!tags} options={tags ?? []} value={(value.removeTagId as number | null) ?? undefined} onChange={(v) => change({ removeTagId: v ?? null })} data-testid="editor-remove-tag" />
      </Form.Item>
    </>
  );
}

/** Etiqueta: adds and/or removes a tag of the ticket. */
const tags: FlowNodeEditor = {
  type: 'tags',
  namespace: 'flowbuilder',
  title: 'types.tags',
  icon: <TagsOutlined />,
  order: 80,
  defaults: () => ({ addTagId: null, removeTagId: null, name: '' }),
  Body: TagsBody,
  check: (d) => tagProblem(d.addTagId, d.removeTagId),
};
export default tags;
