import { CONNECTION_ENDPOINTS, CONTACT_ENDPOINTS, TICKET_ENDPOINTS } from '@atende/core-contract';
import { useEffect, useRef, useState } from 'react';
import { Alert, App, AutoComplete, Form, Modal, Select, Typography } from 'antd';
import type { Connection, ContactDto, TicketDto } from '@atende/core-contract';
import { useCan, useCurrentUser, useDebouncedValue, useErrorToast, useT, call } from '@atende/sdk-web';
import { ContactModal } from '../contacts/ContactModal.js';
import { otherOpenTicket } from './newTicket.js';

/** Contact search starts at 3 typed characters (core-operations §5). */
export const CONTACT_SEARCH_MIN = 3;
const CREATE_OPTION = '__create__';

export interface NewTicketModalProps {
  open: boolean;
  /** Queues the user may pick (non-admins: their own, core-operations §6). */
  queues: { id: number; name: string; color: string }[];
  onClose: () => void;
  /** The new ticket, or the contact's existing one (409), to open. */
  onOpenTicket: (ticket: TicketDto) => void;
}

/** New ticket (core-operations §2, §5, §8): contact search, queue (required unless admin), connection. */
export function NewTicketModal({ open, queues, onClose, onOpenTicket }: NewTicketModalProps) {
  const { t } = useT();
  const { message, modal } = App.useApp();
  const showError = useErrorToast();
  const me = useCurrentUser();
  const isAdmin = useCan('tickets-manager:showall');

  const [typed, setTyped] = useState('');
  const [contact, setContact] = useState<Pick<ContactDto, 'id' | 'name' | 'number'> | null>(null);
  const [found, setFound] = useState<ContactDto[]>([]);
  const [searching, setSearching] = useState(false);
  const [queueId, setQueueId] = useState<number | undefined>();
  const [connections, setConnections] = useState<Connection[]>([]);
  const [whatsappId, setWhatsappId] = useState<number | undefined>();
  const [saving, setSaving] = useState(false);
  const [creatingContact, setCreatingContact] = useState(false);

  const settled = useDebouncedValue(typed.trim(), 500);
  const errorRef = useRef(showError);
  errorRef.current = showError;

  // Fresh form on each opening; connections are read then (they change rarely, but can).
  useEffect(() => {
    if (!open) return;
    setTyped('');
    setContact(null);
    setFound([]);
    setQueueId(queues.length === 1 ? queues[0].id : undefined);
    let alive = true;
    call(CONNECTION_ENDPOINTS.list).then(
      (all) => {
        if (!alive) return;
        setConnections(all);
        const preferred = all.find((c) => c.id === me?.whatsappId) ?? all.find((c) => c.isDefault) ?? all[0];
        setWhatsappId(preferred?.id);
      },
      (err: unknown) => alive && errorRef.current(err),
    );
    return () => {
      alive = false;
    };
    // queues/me only seed the defaults of a new opening
  }, [open]);

  useEffect(() => {
    if (!open || settled.length < CONTACT_SEARCH_MIN || (contact && contact.name === settled)) {
      setFound([]);
      return;
    }
    let alive = true;
    setSearching(true);
    call(CONTACT_ENDPOINTS.page, { query: { searchParam: settled, pageNumber: 1 } }).then(
      (page) => alive && setFound(page.contacts),
      (err: unknown) => alive && errorRef.current(err),
    ).finally(() => alive && setSearching(false));
    return () => {
      alive = false;
    };
  }, [open, settled, contact]);

  const submit = async () => {
    if (!contact) return;
    if (!queueId && !isAdmin) {
      void message.warning(t('tickets.selectQueue'));
      return;
    }
    setSaving(true);
    try {
      const ticket = await call(TICKET_ENDPOINTS.create, { body: { contactId: contact.id, queueId: queueId ?? null, whatsappId, status: 'open' } });
      onOpenTicket(ticket);
      onClose();
    } catch (err) {
      showError(err);
      const other = otherOpenTicket(err, me?.id);
      if (other?.ownedByOther) {
        // Someone else is attending this customer: say who and where, and leave the form as it was.
        modal.info({
          title: t('tickets.otherTicketTitle'),
          content: (
            <span data-testid="new-ticket-other-user">
              {t('tickets.otherTicketNotice', { user: other.ticket.user?.name ?? '—', queue: other.ticket.queue?.name ?? t('tickets.noQueue') })}
            </span>
          ),
        });
      } else if (other) {
        // The 409 names the ticket only; its full record comes from the (visibility-checked) ticket route.
        onOpenTicket(await call(TICKET_ENDPOINTS.show, { params: { id: other.ticket.id } }));
        onClose();
      }
    } finally {
      setSaving(false);
    }
  };

  // Digits only: the customer's number; anything else: the name. Either seeds the contact form.
  const typedIsNumber = /^\+?[\d\s()-]{8,}$/.test(typed.trim());
  const options = [
    ...found.map((c) => ({
      value: String(c.id),
      label: (
        <span data-testid={`new-ticket-contact-${c.id}`}>
          {c.name} <Typography.Text type="secondary">{c.number}</Typography.Text>
        </span>
      ),
    })),
    ...(typed.trim().length >= CONTACT_SEARCH_MIN && !contact
      ? [{ value: CREATE_OPTION, label: <span data-testid="new-ticket-create-contact">{t('tickets.createContact', { name: typed.trim() })}</span> }]
      : []),
  ];

  return (
    <>
      <Modal
        open={open}
        title={t('tickets.newTicket')}
        onCancel={onClose}
        onOk={() => void submit()}
        okText={t('tickets.create')}
        cancelText={t('common.cancel')}
        okButtonProps={{ disabled: !contact, loading: saving, 'data-testid': 'new-ticket-save' }}
        destroyOnHidden
        data-testid="new-ticket-modal"
      >
        <Form layout="vertical" requiredMark={false}>
          <Form.Item label={t('tickets.contact')} required extra={typed.trim().length < CONTACT_SEARCH_MIN && !contact ? t('tickets.typeToSearch') : undefined}>
            <AutoComplete
              value={typed}
              options={options}
              onChange={(v) => {
                // Picking an option reports its value here too; only real typing changes the text.
                if (v === CREATE_OPTION || found.some((c) => String(c.id) === v)) return;
                setTyped(v);
                if (contact && v !== contact.name) setContact(null);
              }}
              onSelect={(value: string) => {
                if (value === CREATE_OPTION) {
                  setCreatingContact(true);
                  return;
                }
                const c = found.find((x) => String(x.id) === value);
                if (c) {
                  setContact(c);
                  setTyped(c.name);
                }
              }}
              placeholder={t('tickets.contactPlaceholder')}
              notFoundContent={searching ? t('common.loading') : undefined}
              data-testid="new-ticket-contact"
              style={{ width: '100%' }}
            />
          </Form.Item>
          {contact && (
            <Alert type="success" showIcon style={{ marginBottom: 16 }} title={`${contact.name} · ${contact.number}`} data-testid="new-ticket-chosen" />
          )}
          <Form.Item label={t('tickets.queue')} required={!isAdmin}>
            <Select
              allowClear
              value={queueId}
              onChange={setQueueId}
              placeholder={t('tickets.queuePlaceholder')}
              options={queues.map((q) => ({ value: q.id, label: q.name }))}
              data-testid="new-ticket-queue"
            />
          </Form.Item>
          <Form.Item label={t('tickets.connection')}>
            <Select
              value={whatsappId}
              onChange={setWhatsappId}
              options={connections.map((c) => ({ value: c.id, label: c.name }))}
              data-testid="new-ticket-connection"
            />
          </Form.Item>
        </Form>
      </Modal>
      <ContactModal
        open={creatingContact}
        initialValues={typedIsNumber ? { number: typed.replace(/\D/g, '') } : { name: typed.trim() }}
        onClose={() => setCreatingContact(false)}
        onSaved={(c) => {
          setCreatingContact(false);
          setContact(c);
          setTyped(c.name);
        }}
      />
    </>
  );
}
