import { useState } from 'react';
import { Button, Card, Flex, Input, Space, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { call, PagedTable, useConfirm, useDebouncedValue, useErrorToast, usePagedList, useRealtime, useT } from '@atende/sdk-web';
import { FILE_EVENT, FILES_ENDPOINTS, type FileEvent, type FileList } from '@atende/plugin-files-contract';
import { FileListDialog } from './FileListDialog.js';
import { applyEvent, matchesSearch } from './fileList.js';

/** /files: search, a paged table of name and actions, and the list dialog (automation-productivity §2). */
export default function FilesPage() {
  const { t } = useT('files');
  const showError = useErrorToast();
  const confirm = useConfirm();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim(), 500);
  const list = usePagedList(FILES_ENDPOINTS.page, 'files', { searchParam });
  const [editing, setEditing] = useState<FileList | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);

  // Live: add, replace or remove lists (one outside the current search stays out).
  useRealtime<FileEvent>(FILE_EVENT, (e) => {
    if (e.action !== 'delete' && !matchesSearch(e.record, searchParam)) return list.setItems((l) => l.filter((f) => f.id !== e.record.id));
    list.setItems((l) => applyEvent(l, e));
  });

  const remove = async (f: FileList) => {
    if (!(await confirm({ title: t('confirmDelete'), content: f.name, danger: true }))) return;
    try {
      await call(FILES_ENDPOINTS.remove, { params: { id: f.id } });
      list.setItems((l) => applyEvent(l, { action: 'delete', id: f.id }));
    } catch (err) {
      showError(err);
    }
  };
  const openDialog = (f: FileList | null) => {
    setEditing(f);
    setDialogOpen(true);
  };

  return (
    <Card data-testid="files-page">
      <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('title')}
        </Typography.Title>
        <Flex gap={8} wrap>
          <Input allowClear prefix={<SearchOutlined />} placeholder={t('search')} value={search} onChange={(e) => setSearch(e.target.value)} style={{ width: 260 }} data-testid="files-search" />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => openDialog(null)} data-testid="files-add">
            {t('add')}
          </Button>
        </Flex>
      </Flex>
      <PagedTable<FileList>
        list={list}
        items={list.items}
        testId="files"
        minWidth={480}
        emptyText={searchParam ? t('noResults') : t('empty')}
        rowProps={(f) => ({ 'data-testid': `file-row-${f.id}` })}
        columns={[
          { title: t('columns.name'), dataIndex: 'name', ellipsis: true },
          { title: t('columns.options'), key: 'options', width: 110, render: (_: unknown, f: FileList) => f.options.length },
          {
            title: t('columns.actions'),
            key: 'actions',
            width: 110,
            render: (_: unknown, f: FileList) => (
              <Space>
                <Button type="text" icon={<EditOutlined />} aria-label={t('edit')} onClick={() => openDialog(f)} data-testid="file-edit" />
                <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('delete')} onClick={() => void remove(f)} data-testid="file-delete" />
              </Space>
            ),
          },
        ]}
      />
      <FileListDialog
        open={dialogOpen}
        record={editing}
        onClose={() => setDialogOpen(false)}
        onSaved={(f) => {
          setEditing(f);
          if (matchesSearch(f, searchParam)) list.setItems((l) => applyEvent(l, { action: 'update', record: f }));
        }}
        onDone={() => setDialogOpen(false)}
      />
    </Card>
  );
}
