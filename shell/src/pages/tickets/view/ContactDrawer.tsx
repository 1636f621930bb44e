import { type TicketNoteDto, TICKET_NOTE_ENDPOINTS, CONTACT_ENDPOINTS } from '@atende/core-contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Avatar, Button, Descriptions, Divider, Drawer, Empty, Flex, Form, Input, Popconfirm, Space, Spin, Typography, theme } from 'antd';
import { DeleteOutlined, EditOutlined, MailOutlined, PhoneOutlined, UserOutlined, WhatsAppOutlined } from '@ant-design/icons';
import type { ContactDto, TicketDto } from '@atende/core-contract';
import { Zone, useCurrentUser, useErrorToast, useRealtime, useT, call } from '@atende/sdk-web';
import { ContactModal } from '../../contacts/ContactModal.js';
import { canDeleteNote, contactLinks, noteError } from './ticketViewLogic.js';
import { noteRemoved, noteSaved } from '../messages/messageSaved.js';

type Note = TicketNoteDto;

export interface ContactDrawerProps {
  open: boolean;
  ticket: TicketDto;
  onClose: () => void;
  /** The contact after an edit here, so the header shows it at once. */
  onContactSaved: (contact: ContactDto) => void;
}

/** The notes of this ticket's contact on this ticket: add (min 2 characters) and delete (author or admin). */
function Notes({ ticket }: { ticket: TicketDto }) {
  const { t, i18n } = useT();
  const { token } = theme.useToken();
  const me = useCurrentUser();
  const showError = useErrorToast();
  const errorRef = useRef(showError);
  errorRef.current = showError;
  const [notes, setNotes] = useState<Note[] | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState<number | null>(null);

  useEffect(() => {
    let alive = true;
    call(TICKET_NOTE_ENDPOINTS.list, { query: { ticketId: ticket.id, contactId: ticket.contactId } }).then(
      (list) => alive && setNotes(list),
      (err: unknown) => {
        if (!alive) return;
        setNotes([]);
        errorRef.current(err);
      },
    );
    return () => {
      alive = false;
    };
  }, [ticket.id, ticket.contactId]);

  const add = async () => {
    const problem = noteError(text);
    setError(problem);
    if (problem) return;
    setSaving(true);
    try {
      const note = await call(TICKET_NOTE_ENDPOINTS.create, { body: { note: text.trim(), ticketId: ticket.id, contactId: ticket.contactId } });
      setNotes((old) => [note, ...(old ?? [])]);
      noteSaved(note); // the conversation's timeline shows it too
      setText('');
    } catch (err) {
      // The text stays in the box to retry.
      showError(err);
    } finally {
      setSaving(false);
    }
  };

  const remove = async (note: Note) => {
    setDeleting(note.id);
    try {
      await call(TICKET_NOTE_ENDPOINTS.remove, { params: { id: note.id } });
      setNotes((old) => (old ?? []).filter((n) => n.id !== note.id));
      noteRemoved(note.id);
    } catch (err) {
      showError(err);
    } finally {
      setDeleting(null);
    }
  };

  return (
    <div data-testid="contact-notes">
      <Form layout="vertical" onFinish={() => void add()}>
        <Form.Item validateStatus={error ? 'error' : undefined} help={error ? <span data-testid="note-error">{t(`ticketView.${error}`)}</span> : undefined} style={{ marginBottom: 8 }}>
          <Input.TextArea
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              // The error goes away as soon as the text is acceptable, not before.
              if (error) setError(noteError(e.target.value));
            }}
            autoSize={{ minRows: 2, maxRows: 6 }}
            placeholder={t('ticketView.notePlaceholder')}
            data-testid="note-input"
          />
        </Form.Item>
        <Flex justify="flex-end">
          <Button type="primary" htmlType="submit" loading={saving} data-testid="note-add">
            {t('ticketView.noteAdd')}
          </Button>
        </Flex>
      </Form>
      {notes === null ? (
        <Flex justify="center" style={{ padding: 16 }}>
          <Spin />
        </Flex>
      ) : notes.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('ticketView.noNotes')} data-testid="notes-empty" />
      ) : (
        <Flex vertical gap={8} style={{ marginTop: 12 }} data-testid="notes-list">
          {notes.map((note) => (
            <Flex
              key={note.id}
              align="flex-start"
              gap={8}
              style={{ padding: '8px 10px', borderRadius: token.borderRadius, background: token.colorFillQuaternary }}
              data-testid={`note-${note.id}`}
            >
              <div style={{ flex: 1, minWidth: 0 }}>
                <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{note.note}</Typography.Paragraph>
                <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
                  {t('ticketView.noteBy', {
                    name: note.user?.name ?? '—',
                    date: new Date(note.createdAt).toLocaleString(i18n.language, { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' }),
                  })}
                </Typography.Text>
              </div>
              {canDeleteNote(note, me) && (
                <Popconfirm title={t('ticketView.noteDeleteConfirm')} okText={t('common.yes')} cancelText={t('common.no')} onConfirm={() => remove(note)}>
                  <Button
                    type="text"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    loading={deleting === note.id}
                    aria-label={t('ticketView.noteDelete')}
                    data-testid={`note-delete-${note.id}`}
                  />
                </Popconfirm>
              )}
            </Flex>
          ))}
        </Flex>
      )}
    </div>
  );
}

/** Contact side drawer (core-operations §2): photo, name, phone and e-mail links, edit, notes, extra info. */
export function ContactDrawer({ open, ticket, onClose, onContactSaved }: ContactDrawerProps) {
  const { t } = useT();
  const { token } = theme.useToken();
  const showError = useErrorToast();
  const errorRef = useRef(showError);
  errorRef.current = showError;
  const [contact, setContact] = useState<ContactDto | null>(null);
  const [editing, setEditing] = useState(false);

  const load = useCallback(() => {
    call(CONTACT_ENDPOINTS.show, { params: { id: ticket.contactId } }).then(setContact, (err: unknown) => errorRef.current(err));
  }, [ticket.contactId]);
  useEffect(() => {
    if (open) load();
  }, [open, load]);
  // Someone else edited this contact: the event may carry only the summary, so read it again.
  useRealtime<{ action: string; contact?: { id: number } }>('contact', (ev) => {
    if (open && ev.action === 'update' && ev.contact?.id === ticket.contactId) load();
  });

  const shown = contact ?? { ...ticket.contact, email: '', extraInfo: [], isGroup: ticket.isGroup };
  const links = contactLinks(shown);

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('ticketView.contactTitle')}
      placement="right"
      size={320}
      getContainer={false}
      rootStyle={{ position: 'absolute' }}
      data-testid="contact-drawer"
    >
      <Flex vertical align="center" gap={8} style={{ marginBottom: 16 }}>
        <Avatar size={96} src={shown.profilePicUrl || undefined} icon={<UserOutlined />} style={{ background: token.colorPrimaryBg, color: token.colorPrimary }} />
        <Typography.Title level={5} style={{ margin: 0, textAlign: 'center' }} data-testid="contact-drawer-name">
          {shown.name}
        </Typography.Title>
        <Space wrap style={{ justifyContent: 'center' }}>
          {links.tel && (
            <Button size="small" icon={<PhoneOutlined />} href={links.tel} data-testid="contact-phone-link">
              {shown.number}
            </Button>
          )}
          {links.whatsapp && (
            <Button size="small" icon={<WhatsAppOutlined />} href={links.whatsapp} target="_blank" rel="noopener noreferrer" aria-label={t('ticketView.openWhatsapp')} data-testid="contact-whatsapp-link" />
          )}
        </Space>
        {links.mail ? (
          <Typography.Link href={links.mail} data-testid="contact-email-link">
            <MailOutlined /> {shown.email}
          </Typography.Link>
        ) : (
          <Typography.Text type="secondary">{t('ticketView.noEmail')}</Typography.Text>
        )}
        <Button icon={<EditOutlined />} onClick={() => setEditing(true)} disabled={!contact} data-testid="contact-edit">
          {t('ticketView.contactEdit')}
        </Button>
      </Flex>
      <Divider titlePlacement="start" plain>
        {t('ticketView.notes')}
      </Divider>
      <Notes ticket={ticket} />
      <Divider titlePlacement="start" plain>
        {t('ticketView.extraInfo')}
      </Divider>
      {contact?.extraInfo.length ? (
        <Descriptions column={1} size="small" bordered data-testid="contact-extra-info">
          {contact.extraInfo.map((e, i) => (
            <Descriptions.Item key={`${e.name}-${i}`} label={e.name}>
              {e.value}
            </Descriptions.Item>
          ))}
        </Descriptions>
      ) : (
        <Typography.Text type="secondary">{t('ticketView.noExtraInfo')}</Typography.Text>
      )}
      {/* Plugins add sections about the contact here (its kanban cards, schedules…), once it is loaded. */}
      {contact && <Zone name="contact.drawer.sections" context={{ contact }} resetKey={contact.id} />}
      <ContactModal
        open={editing}
        contactId={ticket.contactId}
        onClose={() => setEditing(false)}
        onSaved={(saved: ContactDto) => {
          setEditing(false);
          setContact(saved);
          onContactSaved(saved);
        }}
      />
    </Drawer>
  );
}
