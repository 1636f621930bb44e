import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Flex, Input, Space } from 'antd';
import { DeleteOutlined, DownloadOutlined, EditOutlined, PlusOutlined, SearchOutlined, TeamOutlined } from '@ant-design/icons';
import { api, call, PagedTable, useConfirm, useDebouncedValue, useErrorToast, usePagedList, useRealtime, useT } from '@atende/sdk-web';
import { CONTACT_LIST_ENDPOINTS, CONTACT_LIST_EVENT, type ContactList, type ContactListEvent } from '@atende/plugin-campaigns-contract';
import { ContactListDialog } from './ContactListDialog.js';
import { applyListEvent } from './contactLists.js';

export const itemsPath = (id: number) => `/contact-lists/${id}/contacts`;

/** Saves the sample spreadsheet (fetched with the token: the API is behind sign-in). */
async function downloadSample(lang: string) {
  const blob = await api.get<Blob>('/contact-lists/sample', { responseType: 'blob', query: { lang } });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = 'contact-list-sample.xlsx';
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The contact lists tab (automation-productivity §2): search, a paged table whose rows lead to the items, and the sample spreadsheet. */
export function ContactListsTab() {
  const { t, i18n } = useT('campaigns');
  const navigate = useNavigate();
  const showError = useErrorToast();
  const confirm = useConfirm();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim(), 500);
  const list = usePagedList(CONTACT_LIST_ENDPOINTS.page, 'records', { searchParam });
  const [editing, setEditing] = useState<ContactList | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);

  useRealtime<ContactListEvent>(CONTACT_LIST_EVENT, (e) => list.setItems((rows) => applyListEvent(rows, e, searchParam)));

  const remove = async (l: ContactList) => {
    if (!(await confirm({ title: t('lists.confirmDelete'), content: l.name, danger: true }))) return;
    try {
      await call(CONTACT_LIST_ENDPOINTS.remove, { params: { id: l.id } });
      list.setItems((rows) => applyListEvent(rows, { action: 'delete', id: l.id }, searchParam));
    } catch (err) {
      showError(err);
    }
  };
  const openDialog = (l: ContactList | null) => {
    setEditing(l);
    setDialogOpen(true);
  };

  return (
    <div data-testid="contact-lists-tab">
      <Flex justify="flex-end" align="center" gap={8} wrap style={{ marginBottom: 16 }}>
        <Input allowClear prefix={<SearchOutlined />} placeholder={t('lists.search')} value={search} onChange={(e) => setSearch(e.target.value)} style={{ width: 260 }} data-testid="contact-lists-search" />
        <Button icon={<DownloadOutlined />} onClick={() => void downloadSample(i18n.language).catch(showError)} data-testid="contact-lists-sample">
          {t('lists.sample')}
        </Button>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => openDialog(null)} data-testid="contact-lists-add">
          {t('lists.add')}
        </Button>
      </Flex>
      <PagedTable<ContactList>
        list={list}
        items={list.items}
        testId="contact-lists"
        minWidth={480}
        emptyText={searchParam ? t('lists.noResults') : t('lists.empty')}
        rowProps={(l) => ({ 'data-testid': `contact-list-row-${l.id}` })}
        columns={[
          { title: t('lists.columns.name'), key: 'name', ellipsis: true, render: (_: unknown, l: ContactList) => <a href={itemsPath(l.id)}>{l.name}</a> },
          { title: t('lists.columns.contacts'), dataIndex: 'contactsCount', width: 120 },
          {
            title: t('lists.columns.actions'),
            key: 'actions',
            width: 150,
            render: (_: unknown, l: ContactList) => (
              <Space>
                <Button type="text" icon={<TeamOutlined />} aria-label={t('lists.open')} onClick={() => navigate(itemsPath(l.id))} data-testid="contact-list-open" />
                <Button type="text" icon={<EditOutlined />} aria-label={t('edit')} onClick={() => openDialog(l)} data-testid="contact-list-edit" />
                <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('delete')} onClick={() => void remove(l)} data-testid="contact-list-delete" />
              </Space>
            ),
          },
        ]}
      />
      <ContactListDialog
        open={dialogOpen}
        record={editing}
        onClose={() => setDialogOpen(false)}
        onSaved={(l) => {
          setDialogOpen(false);
          list.setItems((rows) => applyListEvent(rows, { action: 'update', record: l }, searchParam));
        }}
      />
    </div>
  );
}
