import { useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { App, Avatar, Button, Card, Flex, Input, Popconfirm, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/index.js';
import { DeleteOutlined, DownloadOutlined, EditOutlined, MessageOutlined, MobileOutlined, PlusOutlined, SearchOutlined, UploadOutlined } from '@ant-design/icons';
import { TICKET_ENDPOINTS, CONTACT_ENDPOINTS, CONTACT_IMPORT_LIMITS, SOCKET_EVENTS, type ContactDto } from '@atende/core-contract';
import { ApiError, PagedTable, call, useCan, useCurrentUser, useDebouncedValue, useErrorToast, usePagedList, useRealtime, useT } from '@atende/sdk-web';
import { otherOpenTicket } from '../tickets/newTicket.js';
import { ContactModal } from './ContactModal.js';
import { ImportResultModal, type ContactImportResult } from './ImportResultModal.js';

/** Payload of the realtime 'contact' event on the company room ('reload': many changed at once, read the list again). */
export type ContactEvent = { action: 'create' | 'update'; contact: ContactDto } | { action: 'delete'; contactId: number } | { action: 'reload' };

/** The spreadsheet check the server also makes: an .xlsx name within the size limit (core-operations §5). */
export function importProblem(file: File): 'xlsxOnly' | 'tooBig' | null {
  if (!/\.xlsx$/i.test(file.name)) return 'xlsxOnly';
  if (file.size > CONTACT_IMPORT_LIMITS.bytes) return 'tooBig';
  return null;
}

/** Hands a downloaded blob to the browser as a file. */
function saveBlob(blob: Blob, fileName: string) {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoked on the next tick: the click has started the download by then.
  setTimeout(() => URL.revokeObjectURL(href), 0);
}

/**
 * The company's contacts (core-operations §2 "Other lists"): search, infinite list, add/edit, delete (admins),
 * open the chat, import from .xlsx or from the phone (admins), export to CSV, live updates.
 */
export function ContactsPage() {
  const { t } = useT();
  const { message, modal } = App.useApp();
  const showError = useErrorToast();
  const navigate = useNavigate();
  const me = useCurrentUser();
  const canDelete = useCan('contacts-page:deleteContact');
  const canImportPhone = useCan('contacts-page:importContacts');
  const canExport = useCan('contacts-page:exportContacts');
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim(), 500);
  const list = usePagedList(CONTACT_ENDPOINTS.page, 'contacts', { searchParam });
  const { items, setItems } = list;
  const [modalState, setModalState] = useState<{ open: boolean; contactId?: number }>({ open: false });
  const [opening, setOpening] = useState<number | null>(null);
  const [importing, setImporting] = useState(false);
  const [phoneImporting, setPhoneImporting] = useState(false);
  const [importResult, setImportResult] = useState<ContactImportResult | null>(null);
  const [exporting, setExporting] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  // Decided on the latest state: a save's answer and its own live event may arrive in the same tick.
  const upsert = (contact: ContactDto, prepend: boolean) =>
    setItems((old) =>
      old.some((c) => c.id === contact.id) ? old.map((c) => (c.id === contact.id ? contact : c)) : prepend ? [contact, ...old] : old,
    );
  const removeRow = (id: number) => setItems((old) => old.filter((c) => c.id !== id));

  useRealtime<ContactEvent>(SOCKET_EVENTS.contact, (ev) => {
    if (ev.action === 'reload') list.reload();
    else if (ev.action === 'delete') removeRow(ev.contactId);
    // A contact created elsewhere joins the list only when no search is narrowing it.
    else if (ev.contact) upsert(ev.contact, ev.action === 'create' && !searchParam);
  });

  const remove = async (contact: ContactDto) => {
    try {
      await call(CONTACT_ENDPOINTS.remove, { params: { id: contact.id } });
      removeRow(contact.id);
      void message.success(t('contacts.deleted'));
    } catch (err) {
      showError(err);
    }
  };

  /** The contact's pending/open ticket, or a new open one (core-operations §2, §8). */
  const openChat = async (contact: ContactDto) => {
    setOpening(contact.id);
    try {
      const ticket = await call(TICKET_ENDPOINTS.create, { body: { contactId: contact.id, status: 'open' } });
      navigate(`/tickets/${ticket.uuid}`);
    } catch (err) {
      const existing = otherOpenTicket(err, me?.id);
      if (!existing) showError(err);
      else if (existing.ownedByOther)
        // Someone else is serving this contact: say who and where instead of taking the conversation.
        modal.warning({
          title: t('contacts.openChat'),
          content: t('contacts.otherUserTicket', { user: existing.ticket.user?.name ?? '—', queue: existing.ticket.queue?.name ?? t('contacts.noQueue') }),
        });
      else navigate(`/tickets/${existing.ticket.uuid}`);
    } finally {
      setOpening(null);
    }
  };

  const importFile = async (file: File) => {
    const problem = importProblem(file);
    if (problem) {
      void message.error({ content: t(`contacts.${problem}`, { mb: CONTACT_IMPORT_LIMITS.bytes / 1024 / 1024 }), duration: 8 });
      return;
    }
    setImporting(true);
    try {
      const form = new FormData();
      form.append('file', file, file.name);
      setImportResult(await call(CONTACT_ENDPOINTS.upload, { body: form }));
      list.reload();
    } catch (err) {
      // A sheet without name/number headers deserves more than "not a valid spreadsheet".
      const reason = err instanceof ApiError && err.code === 'ERR_INVALID_SPREADSHEET' ? (err.details as { message?: string }[] | undefined)?.[0]?.message : undefined;
      if (reason === 'missing_columns') void message.error({ content: t('contacts.missingColumns'), duration: 4 });
      else showError(err);
    } finally {
      setImporting(false);
    }
  };

  /** The default connection's phone book becomes contacts (POST /contacts/import); admins only, as on the server. */
  const importFromPhone = async () => {
    setPhoneImporting(true);
    try {
      const { imported } = await call(CONTACT_ENDPOINTS.importFromPhone, { body: {} });
      void message.success(t('contacts.phoneImported', { count: imported }));
      if (imported > 0) list.reload();
    } catch (err) {
      showError(err);
    } finally {
      setPhoneImporting(false);
    }
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      // Through the API client: the download needs the bearer token, so a plain link would not do.
      saveBlob(await call(CONTACT_ENDPOINTS.export), t('contacts.exportFile'));
    } catch (err) {
      showError(err);
    } finally {
      setExporting(false);
    }
  };

  const columns: ColumnsType<ContactDto> = useMemo(
    () => [
      {
        key: 'avatar',
        width: 56,
        render: (_, c) => (
          <Avatar src={c.profilePicUrl || undefined} alt={c.name}>
            {c.name.trim().charAt(0).toUpperCase() || '?'}
          </Avatar>
        ),
      },
      { title: t('contacts.name'), dataIndex: 'name', ellipsis: true, render: (name: string, c) => <span data-testid={`contact-name-${c.id}`}>{name}</span> },
      { title: t('contacts.number'), dataIndex: 'number', width: 180 },
      {
        title: t('contacts.email'),
        dataIndex: 'email',
        ellipsis: true,
        render: (email: string) => email || <Typography.Text type="secondary">—</Typography.Text>,
      },
      {
        title: t('common.actions'),
        key: 'actions',
        width: 150,
        align: 'center',
        render: (_, c) => (
          <Flex gap={4} justify="center">
            <Tooltip title={t('contacts.openChat')}>
              <Button
                type="text"
                icon={<MessageOutlined />}
                aria-label={t('contacts.openChat')}
                loading={opening === c.id}
                onClick={() => void openChat(c)}
                data-testid={`contact-chat-${c.id}`}
              />
            </Tooltip>
            <Button
              type="text"
              icon={<EditOutlined />}
              aria-label={t('common.edit')}
              onClick={() => setModalState({ open: true, contactId: c.id })}
              data-testid={`contact-edit-${c.id}`}
            />
            {canDelete && (
              <Popconfirm
                title={t('contacts.confirmDelete', { name: c.name })}
                okText={t('common.delete')}
                cancelText={t('common.cancel')}
                okButtonProps={{ danger: true, 'data-testid': 'contact-delete-confirm' }}
                onConfirm={() => remove(c)}
              >
                <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} data-testid={`contact-delete-${c.id}`} />
              </Popconfirm>
            )}
          </Flex>
        ),
      },
    ],
    [t, canDelete, opening, me?.id],
  );

  return (
    <Card data-testid="contacts-page">
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('contacts.title')}
        </Typography.Title>
        <Flex gap={8} wrap>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('contacts.search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            style={{ width: 280 }}
            data-testid="contacts-search"
          />
          <Tooltip title={t('contacts.importHint')}>
            <Button icon={<UploadOutlined />} loading={importing} onClick={() => fileInput.current?.click()} data-testid="contacts-import">
              {importing ? t('contacts.importing') : t('contacts.import')}
            </Button>
          </Tooltip>
          <input
            ref={fileInput}
            type="file"
            // .csv and .xls can be picked too, so choosing one gets the explanation of how to convert it
            // instead of the file never showing in the picker (issue 36 item 7); the spec imports .xlsx only.
            accept=".xlsx,.csv,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv,application/vnd.ms-excel"
            style={{ display: 'none' }}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = ''; // the same file can be picked again
              if (file) void importFile(file);
            }}
            data-testid="contacts-import-input"
          />
          {canImportPhone && (
            <Popconfirm
              title={t('contacts.importPhone')}
              description={t('contacts.importPhoneConfirm')}
              okText={t('contacts.importPhoneOk')}
              cancelText={t('common.cancel')}
              okButtonProps={{ 'data-testid': 'contacts-import-phone-confirm' }}
              onConfirm={() => importFromPhone()}
            >
              <Button icon={<MobileOutlined />} loading={phoneImporting} data-testid="contacts-import-phone">
                {t('contacts.importPhone')}
              </Button>
            </Popconfirm>
          )}
          {canExport && (
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportCsv()} data-testid="contacts-export">
              {t('contacts.export')}
            </Button>
          )}
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setModalState({ open: true })} data-testid="contacts-add">
            {t('contacts.add')}
          </Button>
        </Flex>
      </Flex>
      <PagedTable<ContactDto>
        list={list}
        items={items}
        columns={columns}
        testId="contacts"
        rowProps={(c) => ({ 'data-testid': `contact-row-${c.id}` })}
        emptyText={searchParam ? t('common.noResults') : t('contacts.empty')}
      />
      <ContactModal
        open={modalState.open}
        contactId={modalState.contactId}
        onClose={() => setModalState({ open: false })}
        onSaved={(c) => {
          upsert(c, true);
          setModalState({ open: false });
        }}
      />
      <ImportResultModal result={importResult} onClose={() => setImportResult(null)} />
    </Card>
  );
}
