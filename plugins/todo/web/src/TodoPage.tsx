import { useState } from 'react';
import { Alert, Button, Card, Empty, Flex, Input, List, Popconfirm, Typography, theme } from 'antd';
import { CheckOutlined, CloseOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { formatDate, useT } from '@atende/sdk-web';
import type { TodoItem } from '@atende/plugin-todo-contract';
import { useTodos } from './useTodos.js';

function TodoRow({ item, onEdit, onRemove }: { item: TodoItem; onEdit: (text: string) => void; onRemove: () => void }) {
  const { t, i18n } = useT('todo');
  const [draft, setDraft] = useState<string | null>(null);
  const save = () => {
    // Blank text is ignored: the item keeps its text (automation-productivity §5).
    if (draft !== null && draft.trim()) onEdit(draft);
    setDraft(null);
  };
  const actions =
    draft === null
      ? [
          <Button key="edit" type="text" icon={<EditOutlined />} aria-label={t('edit')} onClick={() => setDraft(item.text)} data-testid="todo-edit" />,
          <Popconfirm key="delete" title={t('confirmDelete')} okText={t('delete')} cancelText={t('cancel')} onConfirm={onRemove}>
            <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('delete')} data-testid="todo-delete" />
          </Popconfirm>,
        ]
      : [
          <Button key="save" type="text" icon={<CheckOutlined />} aria-label={t('save')} onClick={save} data-testid="todo-save" />,
          <Button key="cancel" type="text" icon={<CloseOutlined />} aria-label={t('cancel')} onClick={() => setDraft(null)} />,
        ];
  return (
    <List.Item actions={actions} data-testid="todo-item">
      {draft === null ? (
        <List.Item.Meta
          title={<Typography.Text data-testid="todo-text">{item.text}</Typography.Text>}
          description={t('dates', { created: formatDate(item.createdAt, i18n.language), updated: formatDate(item.updatedAt, i18n.language) })}
        />
      ) : (
        <Input autoFocus value={draft} maxLength={500} onChange={(e) => setDraft(e.target.value)} onPressEnter={save} data-testid="todo-edit-input" />
      )}
    </List.Item>
  );
}

/** /todolist: the signed-in user's own list, kept in this browser only. */
export default function TodoPage() {
  const { t } = useT('todo');
  const { token } = theme.useToken();
  const { items, saved, add, edit, remove } = useTodos();
  const [text, setText] = useState('');
  const submit = () => {
    add(text);
    setText('');
  };

  return (
    <Card data-testid="todo-page" style={{ maxWidth: 760, margin: '0 auto' }}>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('hint')}</Typography.Paragraph>
      {!saved && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('notSaved')} />}
      <Flex gap={8} style={{ marginBottom: 16 }}>
        <Input value={text} maxLength={500} placeholder={t('placeholder')} onChange={(e) => setText(e.target.value)} onPressEnter={submit} data-testid="todo-input" />
        <Button type="primary" onClick={submit} disabled={!text.trim()} data-testid="todo-add">
          {t('add')}
        </Button>
      </Flex>
      <List
        bordered
        style={{ background: token.colorBgContainer }}
        loading={items === null}
        dataSource={items ?? []}
        rowKey="id"
        locale={{ emptyText: <Empty description={t('empty')} /> }}
        renderItem={(item) => <TodoRow item={item} onEdit={(value) => edit(item.id, value)} onRemove={() => remove(item.id)} />}
      />
    </Card>
  );
}
