import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import dayjs from 'dayjs';
import { App, Divider, Empty, Flex, Input, Modal, Spin, Typography, theme } from 'antd';
import { MESSAGE_ENDPOINTS, SOCKET_EVENTS, TICKET_NOTE_ENDPOINTS, type MessageDto, type TicketDto, type TicketNoteDto } from '@atende/core-contract';
import { useCurrentUser, useErrorToast, useRealtime, useT, call } from '@atende/sdk-web';
import { conversationRows, isOwnMessage, isTextMessage, prependPage, upsertMessage, type ConversationRow } from './conversation.js';
import { MediaCache, MediaCacheContext } from './media.js';
import { MessageBubble } from './MessageBubble.js';
import { messageSaved, noteRemoved, noteSaved } from './messageSaved.js';
import { LockOutlined } from '@ant-design/icons';

export interface MessageListProps {
  ticket: TicketDto;
  onReply: (m: MessageDto) => void;
}

/** Payload of the realtime `appMessage` event (core-operations §7); `ticket` comes with creations. */
interface AppMessageEvent {
  action: 'create' | 'update';
  message: MessageDto;
  ticket?: TicketDto;
}

interface ListState {
  messages: MessageDto[];
  hasMore: boolean;
  loaded: boolean;
}

/** Older messages load when the agent scrolls within this many pixels of the top (core-operations §9). */
const TOP_THRESHOLD_PX = 50;
/** Below this distance from the bottom the list keeps following new messages. */
const FOLLOW_THRESHOLD_PX = 120;

/** An internal note in the timeline: marked private, set apart from what the customer sees (issue 36 item 6). */
function NoteLine({ note }: { note: TicketNoteDto }) {
  const { t } = useT();
  const { token } = theme.useToken();
  return (
    <Flex justify="center" style={{ margin: '8px 0' }}>
      <div
        data-testid="timeline-note"
        data-note-id={note.id}
        style={{
          maxWidth: '80%',
          padding: '6px 10px',
          borderRadius: token.borderRadiusLG,
          background: token.colorWarningBg,
          border: `1px dashed ${token.colorWarningBorder}`,
          color: token.colorText,
        }}
      >
        <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
          <LockOutlined /> {t('messages.privateNote')}
          {note.user ? ` · ${note.user.name}` : ''} · {dayjs(note.createdAt).format('HH:mm')}
        </Typography.Text>
        <Typography.Text style={{ whiteSpace: 'pre-wrap' }} data-testid="timeline-note-text">
          {note.note}
        </Typography.Text>
      </div>
    </Flex>
  );
}

function DateLine({ day }: { day: string }) {
  const { t } = useT();
  const { token } = theme.useToken();
  const d = dayjs(day);
  const label = d.isSame(dayjs(), 'day') ? t('messages.today') : d.isSame(dayjs().subtract(1, 'day'), 'day') ? t('messages.yesterday') : d.format('DD/MM/YYYY');
  return (
    <Flex justify="center" style={{ margin: '10px 0' }}>
      <span
        data-testid="message-date"
        style={{ background: token.colorBgContainer, color: token.colorTextSecondary, borderRadius: 8, padding: '2px 10px', fontSize: 12, boxShadow: token.boxShadowTertiary }}
      >
        {label}
      </span>
    </Flex>
  );
}

function TicketLine({ row }: { row: Extract<ConversationRow, { kind: 'ticketClosed' | 'ticketStarted' }> }) {
  const { t } = useT();
  const closed = row.kind === 'ticketClosed';
  return (
    <Divider plain style={{ margin: '12px 0' }}>
      <Typography.Text type={closed ? 'danger' : 'success'} style={{ fontSize: 12 }} data-testid={closed ? 'ticket-closed-separator' : 'ticket-started-separator'} data-ticket-id={row.ticketId}>
        {closed ? t('messages.ticketClosed') : t('messages.ticketStarted')}
      </Typography.Text>
    </Divider>
  );
}

/** Edits the text of an own message (PUT /messages/{id}); the text stays in the box when saving fails. */
function EditMessageModal({ message, onClose, onSaved }: { message: MessageDto; onClose: () => void; onSaved: (m: MessageDto) => void }) {
  const { t } = useT();
  const showError = useErrorToast();
  const { message: toast } = App.useApp();
  const [body, setBody] = useState(message.body);
  const [saving, setSaving] = useState(false);
  const empty = !body.trim();
  const save = async () => {
    if (empty) return;
    setSaving(true);
    try {
      const saved = await call(MESSAGE_ENDPOINTS.edit, { params: { id: message.id }, body: { body } });
      onSaved(saved ?? { ...message, body, isEdited: true });
      void toast.success(t('messages.edited_ok'));
      onClose();
    } catch (err) {
      showError(err);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={t('messages.editTitle')}
      okText={t('messages.save')}
      cancelText={t('messages.cancel')}
      onOk={() => void save()}
      onCancel={onClose}
      okButtonProps={{ disabled: empty, loading: saving, 'data-testid': 'message-edit-save' } as never}
      destroyOnHidden
    >
      <Input.TextArea data-testid="message-edit-text" value={body} onChange={(e) => setBody(e.target.value)} autoSize={{ minRows: 2, maxRows: 8 }} maxLength={4096} />
      {empty && <Typography.Text type="danger">{t('messages.emptyText')}</Typography.Text>}
    </Modal>
  );
}

/**
 * The conversation of the open ticket (core-operations §2 "Ticket view"): every ticket of this contact
 * on this connection, oldest at the top, with older pages loaded near the top and live updates.
 */
export function MessageList({ ticket, onReply }: MessageListProps) {
  const { t } = useT();
  const { token } = theme.useToken();
  const { message: toast, modal } = App.useApp();
  const showError = useErrorToast();
  const errorRef = useRef(showError);
  errorRef.current = showError;
  const me = useCurrentUser();
  const [state, setState] = useState<ListState>({ messages: [], hasMore: false, loaded: false });
  const stateRef = useRef(state);
  stateRef.current = state;
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [editing, setEditing] = useState<MessageDto | null>(null);
  const [notes, setNotes] = useState<TicketNoteDto[]>([]);
  const [cache] = useState(() => new MediaCache());
  const scrollRef = useRef<HTMLDivElement>(null);
  const generation = useRef(0);
  const busy = useRef(false);
  /** Distance from the bottom to restore after older messages were put in front. */
  const restoreFromBottom = useRef<number | null>(null);
  /** Whether the view follows the newest message (true until the agent scrolls up). */
  const follow = useRef(true);

  useEffect(() => () => cache.clear(), [cache]);

  useEffect(() => {
    const gen = ++generation.current;
    busy.current = false;
    follow.current = true;
    setState({ messages: [], hasMore: false, loaded: false });
    setLoadingOlder(false);
    call(MESSAGE_ENDPOINTS.page, { params: { ticketId: ticket.id }, query: { pageNumber: 1 } }).then(
      (page) => {
        if (gen !== generation.current) return;
        // Live messages that arrived while the page loaded are kept.
        setState((s) => ({ messages: prependPage(s.messages, page.messages), hasMore: page.hasMore, loaded: true }));
      },
      (err: unknown) => {
        if (gen !== generation.current) return;
        errorRef.current(err);
        setState((s) => ({ ...s, loaded: true }));
      },
    );
  }, [ticket.id]);

  // This ticket's internal notes, in the timeline beside the messages; a note added here shows at once.
  useEffect(() => {
    let alive = true;
    setNotes([]);
    call(TICKET_NOTE_ENDPOINTS.list, { query: { ticketId: ticket.id, contactId: ticket.contactId } }).then(
      (list) => alive && setNotes((cur) => [...list, ...cur.filter((n) => !list.some((l) => l.id === n.id))]),
      // The messages still show without them; the contact drawer lists them too.
      (err: unknown) => console.warn('ticket notes not loaded', err),
    );
    const watcher = noteSaved.watch((n) => n.ticketId === ticket.id && setNotes((cur) => (cur.some((c) => c.id === n.id) ? cur : [...cur, n])));
    const dropper = noteRemoved.watch((id) => setNotes((cur) => cur.filter((n) => n.id !== id)));
    return () => {
      alive = false;
      watcher.unsubscribe();
      dropper.unsubscribe();
    };
  }, [ticket.id, ticket.contactId]);

  const loadOlder = useCallback(async () => {
    const s = stateRef.current;
    const oldest = s.messages[0];
    if (busy.current || !s.loaded || !s.hasMore || !oldest) return;
    const gen = generation.current;
    busy.current = true;
    setLoadingOlder(true);
    try {
      // beforeId pages from the oldest message shown, so messages arriving meanwhile do not shift pages.
      const page = await call(MESSAGE_ENDPOINTS.page, { params: { ticketId: ticket.id }, query: { beforeId: oldest.id } });
      if (gen !== generation.current) return;
      const el = scrollRef.current;
      if (el) restoreFromBottom.current = el.scrollHeight - el.scrollTop;
      setState((cur) => {
        const messages = prependPage(cur.messages, page.messages);
        // A page with nothing new would ask again forever.
        return { ...cur, messages, hasMore: page.hasMore && messages.length > cur.messages.length };
      });
    } catch (err) {
      if (gen === generation.current) errorRef.current(err);
    } finally {
      if (gen === generation.current) {
        busy.current = false;
        setLoadingOlder(false);
      }
    }
  }, [ticket.id]);

  // Keeps the agent's place after a prepend; otherwise sticks to the bottom while following.
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    if (restoreFromBottom.current !== null) {
      el.scrollTop = el.scrollHeight - restoreFromBottom.current;
      restoreFromBottom.current = null;
    } else if (follow.current) {
      el.scrollTop = el.scrollHeight;
    }
  }, [state.messages, notes]);

  // A first page shorter than the box leaves nothing to scroll: fetch older ones until it fills.
  useEffect(() => {
    const el = scrollRef.current;
    if (el && el.clientHeight > 0 && el.scrollHeight <= el.clientHeight && state.hasMore) void loadOlder();
  }, [state.messages, state.hasMore, loadOlder]);

  const onScroll = () => {
    const el = scrollRef.current;
    if (!el) return;
    follow.current = el.scrollHeight - el.scrollTop - el.clientHeight < FOLLOW_THRESHOLD_PX;
    if (el.scrollTop < TOP_THRESHOLD_PX) void loadOlder();
  };

  const keepBottom = () => {
    const el = scrollRef.current;
    if (el && follow.current) el.scrollTop = el.scrollHeight;
  };

  const apply = useCallback((m: MessageDto) => setState((s) => ({ ...s, messages: upsertMessage(s.messages, m) })), []);

  /** Whether a message belongs to the conversation shown (this ticket, another loaded ticket, or this contact on this connection). */
  const belongs = (m: MessageDto, evTicket?: TicketDto) => {
    const s = stateRef.current;
    if (m.ticketId === ticket.id || s.messages.some((x) => x.ticketId === m.ticketId)) return true;
    return !!evTicket && evTicket.contactId === ticket.contactId && evTicket.whatsappId === ticket.whatsappId;
  };

  useRealtime<AppMessageEvent>(SOCKET_EVENTS.appMessage, (ev) => {
    if (!ev?.message) return;
    const s = stateRef.current;
    const known = s.messages.some((x) => x.id === ev.message.id);
    // Updates of messages on pages not loaded yet are picked up when those pages load.
    const inRange = !s.hasMore || !s.messages.length || ev.message.id > s.messages[0].id;
    if (known || (belongs(ev.message, ev.ticket) && inRange)) apply(ev.message);
    // A customer message read as it arrives is not unread: the lists drop the badge (updateUnread).
    if (ev.action === 'create' && !known && !ev.message.fromMe && ev.message.ticketId === ticket.id && document.visibilityState === 'visible') {
      call(MESSAGE_ENDPOINTS.markRead, { params: { ticketId: ticket.id } }).catch((err: unknown) => console.warn('unread count not cleared', err));
    }
  });

  useEffect(
    () =>
      messageSaved.watch((m) => {
        // The live copy, when it came first, is at least as fresh as the HTTP answer.
        if (!belongs(m) || stateRef.current.messages.some((x) => x.id === m.id)) return;
        follow.current = true;
        apply(m);
      }).unsubscribe,
    [ticket.id, ticket.contactId, ticket.whatsappId, apply],
  );

  const remove = (m: MessageDto) => {
    modal.confirm({
      title: t('messages.deleteConfirm'),
      okText: t('messages.delete'),
      okButtonProps: { danger: true, 'data-testid': 'message-delete-confirm' } as never,
      cancelText: t('messages.cancel'),
      onOk: async () => {
        try {
          await call(MESSAGE_ENDPOINTS.remove, { params: { id: m.id } });
          apply({ ...m, isDeleted: true, body: '' });
          void toast.success(t('messages.deleted_ok'));
        } catch (err) {
          showError(err);
        }
      },
    });
  };

  const scrollToMessage = (id: number) => {
    scrollRef.current?.querySelector(`[data-message-id="${id}"]`)?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  };

  const rows = conversationRows(state.messages, notes, state.hasMore);
  const contactName = ticket.contact.name;
  return (
    <MediaCacheContext.Provider value={cache}>
      <div
        ref={scrollRef}
        onScroll={onScroll}
        data-testid="message-list"
        style={{ flex: 1, minHeight: 0, overflowY: 'auto', padding: '8px 16px 12px', background: token.colorBgLayout }}
      >
        {/* Height 0 and sticky: the spinner never moves the messages while older ones load. */}
        <div style={{ position: 'sticky', top: 0, height: 0, zIndex: 1, display: 'flex', justifyContent: 'center' }}>
          {loadingOlder && <Spin size="small" data-testid="message-list-loading-older" style={{ marginTop: 8 }} />}
        </div>
        {!state.loaded && (
          <Flex justify="center" align="center" style={{ height: '100%', minHeight: 120 }}>
            <Spin description={t('messages.loading')} data-testid="message-list-loading">
              <div style={{ width: 120, height: 60 }} />
            </Spin>
          </Flex>
        )}
        {state.loaded && rows.length === 0 && (
          <Flex justify="center" align="center" style={{ height: '100%', minHeight: 120 }}>
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('messages.empty')} data-testid="message-list-empty" />
          </Flex>
        )}
        {rows.map((row) => {
          if (row.kind === 'date') return <DateLine key={row.key} day={row.day} />;
          if (row.kind === 'note') return <NoteLine key={row.key} note={row.note} />;
          if (row.kind !== 'message') return <TicketLine key={row.key} row={row} />;
          const m = row.message;
          const own = isOwnMessage(m, me?.id);
          return (
            <MessageBubble
              key={row.key}
              message={m}
              contactName={contactName}
              // The server quotes only messages of the ticket being answered, and only an open one takes replies.
              canReply={!m.isDeleted && ticket.status === 'open' && m.ticketId === ticket.id && m.mediaType !== 'call_log'}
              canDelete={own && !m.isDeleted}
              canEdit={own && !m.isDeleted && isTextMessage(m)}
              onReply={() => onReply(m)}
              onEdit={() => setEditing(m)}
              onDelete={() => remove(m)}
              onQuoteClick={scrollToMessage}
              onMediaLoad={keepBottom}
            />
          );
        })}
      </div>
      {editing && (
        <EditMessageModal
          message={editing}
          onClose={() => setEditing(null)}
          onSaved={(m) => {
            apply(m);
          }}
        />
      )}
    </MediaCacheContext.Provider>
  );
}
