import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { App, Button, Flex, Space, Typography } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useConfirm, useErrorToast, useT } from '@atende/sdk-web';

/**
 * A small company list kept whole in the page (keywords, phrase triggers): loaded once, rows replaced
 * or added after a save or a live event, removed after a confirmed delete.
 */
export function useRecords<T extends { id: number; name: string }>(load: () => Promise<T[]>, removeOne: (id: number) => Promise<unknown>, deleteTitle: (row: T) => string) {
  const { t } = useT('flowbuilder');
  const { message } = App.useApp();
  const showError = useErrorToast();
  const confirm = useConfirm();
  const [rows, setRows] = useState<T[] | null>(null);

  useEffect(() => {
    load().then(setRows, (err) => {
      setRows([]);
      showError(err);
    });
  }, []);

  const upsert = useCallback((row: T) => setRows((r) => ((r ?? []).some((x) => x.id === row.id) ? (r ?? []).map((x) => (x.id === row.id ? row : x)) : [row, ...(r ?? [])])), []);
  const drop = useCallback((id: number) => setRows((r) => (r ?? []).filter((x) => x.id !== id)), []);
  const remove = async (row: T) => {
    if (!(await confirm({ title: deleteTitle(row), danger: true }))) return;
    try {
      await removeOne(row.id);
      drop(row.id);
      void message.success(t('deleted'));
    } catch (err) {
      showError(err);
    }
  };
  return { rows, upsert, drop, remove };
}

export function ListHeader({ title, action }: { title: string; action: ReactNode }) {
  return (
    <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      {action}
    </Flex>
  );
}

export function RowActions({ onEdit, onDelete }: { onEdit: () => void; onDelete: () => void }) {
  const { t } = useT('flowbuilder');
  return (
    <Space>
      <Button type="text" icon={<EditOutlined />} aria-label={t('edit')} onClick={onEdit} />
      <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('delete')} onClick={onDelete} />
    </Space>
  );
}
