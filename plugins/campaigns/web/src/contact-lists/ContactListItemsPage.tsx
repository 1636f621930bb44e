import { useCallback, useEffect, useState } from 'react';
import { Button, Card, Flex, Input, Space, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, DeleteOutlined, EditOutlined, PlusOutlined, SearchOutlined, UploadOutlined } from '@ant-design/icons';
import { Link, useParams } from 'react-router-dom';
import { call, PagedTable, useConfirm, useDebouncedValue, useErrorToast, usePagedList, useRealtime, useRealtimeReconnected, useT } from '@atende/sdk-web';
import {
  CONTACT_LIST_ENDPOINTS,
  CONTACT_LIST_EVENT,
  CONTACT_LIST_ITEM_ENDPOINTS,
  CONTACT_LIST_ITEM_EVENT,
  type ContactList,
  type ContactListEvent,
  type ContactListItem,
  type ContactListItemEvent,
} from '@atende/plugin-campaigns-contract';
import { ContactItemDialog } from './ContactItemDialog.js';
import { ImportDialog } from './ImportDialog.js';
import { applyItemEvent } from './contactLists.js';

function WhatsappTag({ valid }: { valid: boolean | null }) {
  const { t } = useT('campaigns');
  if (valid === null) return <Tag>{t('items.whatsapp.unchecked')}</Tag>;
  return valid ? <Tag color="success">{t('items.whatsapp.valid')}</Tag> : <Tag color="error">{t('items.whatsapp.invalid')}</Tag>;
}

/** /contact-lists/{contactListId}/contacts (automation-productivity §2): search, add, edit, delete and upload of a spreadsheet. */
export default function ContactListItemsPage() {
  const { t } = useT('campaigns');
  const showError = useErrorToast();
  const confirm = useConfirm();
  const contactListId = Number(useParams().contactListId);
  const [contactList, setContactList] = useState<ContactList | null>(null);
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim(), 500);
  const list = usePagedList(CONTACT_LIST_ITEM_ENDPOINTS.page, 'contacts', { contactListId, searchParam });
  const [editing, setEditing] = useState<ContactListItem | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);

  const loadList = useCallback(() => {
    void call(CONTACT_LIST_ENDPOINTS.show, { params: { id: contactListId } }).then(setContactList, showError);
  }, [contactListId]);
  useEffect(loadList, [loadList]);
  useRealtimeReconnected(() => {
    loadList();
    list.reload();
  });

  useRealtime<ContactListEvent>(CONTACT_LIST_EVENT, (e) => {
    if (e.action !== 'delete' && e.record.id === contactListId) setContactList(e.record);
  });
  useRealtime<ContactListItemEvent>(CONTACT_LIST_ITEM_EVENT, (e) => {
    const next = applyItemEvent(list.items, e, contactListId, searchParam);
    if (next === 'reload') list.reload();
    else if (next !== list.items) list.setItems(next);
  });

  const remove = async (i: ContactListItem) => {
    if (!(await confirm({ title: t('items.confirmDelete'), content: `${i.name} (${i.number})`, danger: true }))) return;
    try {
      await call(CONTACT_LIST_ITEM_ENDPOINTS.remove, { params: { id: i.id } });
      list.setItems((rows) => rows.filter((r) => r.id !== i.id));
    } catch (err) {
      showError(err);
    }
  };
  const openDialog = (i: ContactListItem | null) => {
    setEditing(i);
    setDialogOpen(true);
  };

  return (
    <Card data-testid="contact-items-page">
      <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 16 }}>
        <Flex vertical gap={4}>
          <Link to="/difusiones?tab=contactLists">
            <ArrowLeftOutlined /> {t('items.back')}
          </Link>
          <Typography.Title level={3} style={{ margin: 0 }} data-testid="contact-items-title">
            {t('items.title', { name: contactList?.name ?? '…' })}
          </Typography.Title>
          {contactList && <Typography.Text type="secondary">{t('items.count', { count: contactList.contactsCount })}</Typography.Text>}
        </Flex>
        <Flex gap={8} wrap>
          <Input allowClear prefix={<SearchOutlined />} placeholder={t('items.search')} value={search} onChange={(e) => setSearch(e.target.value)} style={{ width: 260 }} data-testid="contact-items-search" />
          <Button icon={<UploadOutlined />} onClick={() => setImportOpen(true)} data-testid="contact-items-import">
            {t('import.open')}
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => openDialog(null)} data-testid="contact-items-add">
            {t('items.add')}
          </Button>
        </Flex>
      </Flex>
      <PagedTable<ContactListItem>
        list={list}
        items={list.items}
        testId="contact-items"
        minWidth={640}
        emptyText={searchParam ? t('items.noResults') : t('items.empty')}
        rowProps={(i) => ({ 'data-testid': `contact-item-row-${i.id}` })}
        columns={[
          { title: t('items.columns.name'), dataIndex: 'name', ellipsis: true },
          { title: t('items.columns.number'), dataIndex: 'number', width: 170 },
          { title: t('items.columns.email'), dataIndex: 'email', ellipsis: true },
          { title: t('items.columns.whatsapp'), key: 'whatsapp', width: 140, render: (_: unknown, i: ContactListItem) => <WhatsappTag valid={i.isWhatsappValid} /> },
          {
            title: t('items.columns.actions'),
            key: 'actions',
            width: 110,
            render: (_: unknown, i: ContactListItem) => (
              <Space>
                <Button type="text" icon={<EditOutlined />} aria-label={t('edit')} onClick={() => openDialog(i)} data-testid="contact-item-edit" />
                <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('delete')} onClick={() => void remove(i)} data-testid="contact-item-delete" />
              </Space>
            ),
          },
        ]}
      />
      <ContactItemDialog
        contactListId={contactListId}
        open={dialogOpen}
        record={editing}
        onClose={() => setDialogOpen(false)}
        onSaved={(i) => {
          setDialogOpen(false);
          const next = applyItemEvent(list.items, { action: 'update', record: i }, contactListId, searchParam);
          if (next !== 'reload') list.setItems(next);
        }}
      />
      <ImportDialog contactListId={contactListId} open={importOpen} onClose={() => setImportOpen(false)} onImported={() => list.reload()} />
    </Card>
  );
}
