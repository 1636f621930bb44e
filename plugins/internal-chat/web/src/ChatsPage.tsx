import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type UIEvent } from 'react';
import { Badge, Button, Card, Empty, Flex, Grid, Input, Spin, Tabs, Tooltip, Typography, theme } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, SendOutlined } from '@ant-design/icons';
import { useParams } from 'react-router-dom';
import { call, nearBottom, useConfirm, useCurrentUser, useErrorToast, useRealtime, useT } from '@atende/sdk-web';
import { CHAT_ENDPOINTS, CHAT_EVENT, CHAT_MESSAGE_MAX, type Chat, type ChatEvent, type ChatMessage } from '@atende/plugin-internal-chat-contract';
import { ChatDialog } from './ChatDialog.js';
import { applyChatEvent, isChat, mergeMessages, restoreDraft, unreadsOf } from './chatList.js';

/** §9: older messages load within 600 px of the top. */
const OLDER_WITHIN_PX = 600;

/** Load errors of the chat screen are swallowed (automation-productivity §8). */
const silent = () => undefined;

function ChatListPane({ chats, loaded, hasMore, selectedId, me, onPick, onMore, onNew }: {
  chats: Chat[];
  loaded: boolean;
  hasMore: boolean;
  selectedId: number | null;
  me: number | undefined;
  onPick: (c: Chat) => void;
  onMore: () => void;
  onNew: () => void;
}) {
  const { t } = useT('internal-chat');
  const { token } = theme.useToken();
  return (
    <Flex vertical style={{ height: '100%', minHeight: 0 }}>
      <Flex justify="space-between" align="center" style={{ padding: 12, borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('title')}
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={onNew} data-testid="chat-new">
          {t('new')}
        </Button>
      </Flex>
      <div style={{ flex: 1, overflowY: 'auto' }} onScroll={(e: UIEvent<HTMLDivElement>) => hasMore && nearBottom(e.currentTarget) && onMore()} data-testid="chat-list">
        {!loaded ? (
          <Flex justify="center" style={{ padding: 24 }}>
            <Spin />
          </Flex>
        ) : chats.length === 0 ? (
          <Empty description={t('empty')} style={{ padding: 24 }} />
        ) : (
          chats.map((c) => {
            const unread = unreadsOf(c, me);
            const active = c.id === selectedId;
            return (
              <div
                key={c.id}
                role="button"
                tabIndex={0}
                onClick={() => onPick(c)}
                onKeyDown={(e) => e.key === 'Enter' && onPick(c)}
                data-testid={`chat-item-${c.id}`}
                style={{
                  padding: '10px 12px',
                  cursor: 'pointer',
                  background: active ? token.controlItemBgActive : undefined,
                  borderBottom: `1px solid ${token.colorBorderSecondary}`,
                }}
              >
                <Flex justify="space-between" align="center" gap={8}>
                  <Typography.Text strong ellipsis>
                    {c.title}
                  </Typography.Text>
                  {unread > 0 && <Badge count={unread} data-testid="chat-item-unread" />}
                </Flex>
                <Typography.Text type="secondary" ellipsis style={{ display: 'block', fontSize: token.fontSizeSM }}>
                  {c.lastMessage || t('noMessagesYet')}
                </Typography.Text>
              </div>
            );
          })
        )}
      </div>
    </Flex>
  );
}

function MessageBubble({ m, mine }: { m: ChatMessage; mine: boolean }) {
  const { token } = theme.useToken();
  return (
    <Flex justify={mine ? 'flex-end' : 'flex-start'} style={{ marginBottom: 8 }}>
      <div
        data-testid="chat-message"
        style={{
          maxWidth: '75%',
          padding: '6px 10px',
          borderRadius: token.borderRadiusLG,
          background: mine ? token.colorPrimaryBg : token.colorFillSecondary,
          color: token.colorText,
        }}
      >
        {!mine && (
          <Typography.Text strong style={{ display: 'block', fontSize: token.fontSizeSM }}>
            {m.sender?.name ?? '—'}
          </Typography.Text>
        )}
        <div style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{m.message}</div>
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: token.fontSizeSM, textAlign: 'right' }}>
          {new Date(m.createdAt).toLocaleString([], { dateStyle: 'short', timeStyle: 'short' })}
        </Typography.Text>
      </div>
    </Flex>
  );
}

function MessagesPane({ chat, me, onEdit, onDelete, incoming }: { chat: Chat | null; me: number | undefined; onEdit: () => void; onDelete: () => void; incoming: ChatMessage[] }) {
  const { t } = useT('internal-chat');
  const { token } = theme.useToken();
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [loading, setLoading] = useState(false);
  const [hasMore, setHasMore] = useState(false);
  const [draft, setDraft] = useState('');
  const page = useRef(1);
  const box = useRef<HTMLDivElement>(null);
  /** Where to put the scroll after the next render: the bottom, or the same message after older ones were added above. */
  const anchor = useRef<{ kind: 'bottom' } | { kind: 'keep'; fromBottom: number } | null>(null);
  const chatId = chat?.id ?? null;

  const load = useCallback(
    async (id: number, pageNumber: number) => {
      setLoading(true);
      try {
        const res = await call(CHAT_ENDPOINTS.messages, { params: { id }, query: { pageNumber } });
        const el = box.current;
        anchor.current = pageNumber === 1 ? { kind: 'bottom' } : { kind: 'keep', fromBottom: el ? el.scrollHeight - el.scrollTop : 0 };
        page.current = pageNumber;
        setMessages((old) => (pageNumber === 1 ? res.records : mergeMessages(old, res.records)));
        setHasMore(res.hasMore);
      } catch {
        silent();
      } finally {
        setLoading(false);
      }
    },
    [],
  );

  useEffect(() => {
    setMessages([]);
    setHasMore(false);
    if (chatId !== null) void load(chatId, 1);
  }, [chatId, load]);

  // Live messages of this chat (from the page's one subscription).
  useEffect(() => {
    const mineNow = incoming.filter((m) => m.chatId === chatId);
    if (!mineNow.length) return;
    const el = box.current;
    const atBottom = !el || el.scrollHeight - el.scrollTop - el.clientHeight < 80;
    if (atBottom) anchor.current = { kind: 'bottom' };
    setMessages((old) => mergeMessages(old, mineNow));
  }, [incoming, chatId]);

  useLayoutEffect(() => {
    const el = box.current;
    const a = anchor.current;
    if (!el || !a) return;
    el.scrollTop = a.kind === 'bottom' ? el.scrollHeight : el.scrollHeight - a.fromBottom;
    anchor.current = null;
  }, [messages]);

  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    if (chatId !== null && hasMore && !loading && e.currentTarget.scrollTop < OLDER_WITHIN_PX) void load(chatId, page.current + 1);
  };

  const send = async () => {
    const text = draft.trim();
    if (!text || chatId === null) return;
    setDraft('');
    try {
      const m = await call(CHAT_ENDPOINTS.send, { params: { id: chatId }, body: { message: text } });
      anchor.current = { kind: 'bottom' };
      setMessages((old) => mergeMessages(old, [m]));
    } catch {
      // Silent (§8), but the text is given back so nothing typed is lost.
      setDraft((now) => restoreDraft(text, now));
    }
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  };

  if (!chat) return <Empty description={t('noChat')} style={{ margin: 'auto', padding: 24 }} />;
  const owner = chat.ownerId !== null && chat.ownerId === me;
  return (
    <Flex vertical style={{ height: '100%', minHeight: 0 }} data-testid="chat-messages-pane">
      <Flex justify="space-between" align="center" gap={8} style={{ padding: 12, borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
        <div style={{ minWidth: 0 }}>
          <Typography.Text strong ellipsis data-testid="chat-title">
            {chat.title}
          </Typography.Text>
          <Typography.Text type="secondary" ellipsis style={{ display: 'block', fontSize: token.fontSizeSM }}>
            {chat.users.map((u) => u.user.name).join(', ')}
          </Typography.Text>
        </div>
        {owner && (
          <Flex gap={4}>
            <Tooltip title={t('edit')}>
              <Button type="text" icon={<EditOutlined />} aria-label={t('edit')} onClick={onEdit} data-testid="chat-edit" />
            </Tooltip>
            <Tooltip title={t('delete')}>
              <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('delete')} onClick={onDelete} data-testid="chat-delete" />
            </Tooltip>
          </Flex>
        )}
      </Flex>
      <div ref={box} onScroll={onScroll} style={{ flex: 1, overflowY: 'auto', padding: 12 }} data-testid="chat-message-list">
        {loading && (
          <Flex justify="center" style={{ padding: 8 }}>
            <Spin size="small" />
          </Flex>
        )}
        {!loading && messages.length === 0 && <Empty description={t('noMessages')} />}
        {messages.map((m) => (
          <MessageBubble key={m.id} m={m} mine={m.senderId === me} />
        ))}
      </div>
      <Flex gap={8} align="flex-end" style={{ padding: 12, borderTop: `1px solid ${token.colorBorderSecondary}` }}>
        <Input.TextArea
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={t('placeholder')}
          autoSize={{ minRows: 1, maxRows: 6 }}
          maxLength={CHAT_MESSAGE_MAX}
          data-testid="chat-input"
        />
        <Button type="primary" icon={<SendOutlined />} onClick={() => void send()} disabled={!draft.trim()} aria-label={t('send')} data-testid="chat-send" />
      </Flex>
    </Flex>
  );
}

/** /chats and /chats/{uuid}: the chat list and the open chat, side by side from md up, as two tabs below. */
export default function ChatsPage() {
  const { t } = useT('internal-chat');
  const { token } = theme.useToken();
  const screens = Grid.useBreakpoint();
  const wide = Boolean(screens.md);
  const me = useCurrentUser()?.id;
  const showError = useErrorToast();
  const confirm = useConfirm();
  const { chatId: routeRef } = useParams<{ chatId?: string }>();
  const [chats, setChats] = useState<Chat[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [hasMore, setHasMore] = useState(false);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [tab, setTab] = useState<'chats' | 'messages'>('chats');
  const [incoming, setIncoming] = useState<ChatMessage[]>([]);
  const [dialog, setDialog] = useState<{ open: boolean; chat: Chat | null }>({ open: false, chat: null });
  const page = useRef(1);
  const busy = useRef(false);
  const selected = chats.find((c) => c.id === selectedId) ?? null;

  const loadPage = useCallback(async (pageNumber: number) => {
    if (busy.current) return;
    busy.current = true;
    try {
      const res = await call(CHAT_ENDPOINTS.page, { query: { pageNumber } });
      page.current = pageNumber;
      setChats((old) => (pageNumber === 1 ? res.records : [...old, ...res.records.filter((c) => !old.some((o) => o.id === c.id))]));
      setHasMore(res.hasMore);
    } catch {
      silent();
    } finally {
      busy.current = false;
      setLoaded(true);
    }
  }, []);
  useEffect(() => void loadPage(1), [loadPage]);

  const markRead = useCallback(
    (chat: Chat) => {
      if (unreadsOf(chat, me) === 0) return;
      call(CHAT_ENDPOINTS.read, { params: { id: chat.id }, body: { userId: me } }).then((c) => setChats((l) => applyChatEvent(l, { action: 'update', record: c })), silent);
    },
    [me],
  );

  const pick = useCallback(
    (chat: Chat) => {
      setSelectedId(chat.id);
      setTab('messages');
      markRead(chat);
      // The address names the open chat (a reload reopens it) without a route change remounting the page.
      window.history.replaceState(window.history.state, '', `/chats/${chat.uuid}`);
    },
    [markRead],
  );

  // /chats/{uuid or id}: open that chat once known (from the list, else asked for by itself).
  const opened = useRef<string | null>(null);
  useEffect(() => {
    if (!routeRef || !loaded || opened.current === routeRef) return;
    opened.current = routeRef;
    const known = chats.find((c) => isChat(c, routeRef));
    if (known) pick(known);
    else
      call(CHAT_ENDPOINTS.show, { params: { id: routeRef } }).then((c) => {
        setChats((l) => applyChatEvent(l, { action: 'update', record: c }));
        pick(c);
      }, silent);
  }, [routeRef, loaded, chats, pick]);

  useRealtime<ChatEvent>(CHAT_EVENT, (e) => {
    if (e.action === 'delete' && e.id === selectedId) setSelectedId(null);
    if (e.action === 'new-message') {
      setIncoming([e.newMessage]);
      // Read as it arrives when that chat is open on a visible screen.
      const open = e.record.id === selectedId && (wide || tab === 'messages') && document.visibilityState === 'visible';
      if (open && e.newMessage.senderId !== me) {
        setChats((l) => applyChatEvent(l, { action: 'new-message', record: { ...e.record, users: e.record.users.map((u) => (u.userId === me ? { ...u, unreads: 0 } : u)) }, newMessage: e.newMessage }));
        call(CHAT_ENDPOINTS.read, { params: { id: e.record.id }, body: { userId: me } }).then(undefined, silent);
        return;
      }
    }
    setChats((l) => applyChatEvent(l, e));
  });

  const remove = async () => {
    if (!selected) return;
    if (!(await confirm({ title: t('confirmDelete'), content: t('confirmDeleteText'), danger: true }))) return;
    try {
      await call(CHAT_ENDPOINTS.remove, { params: { id: selected.id } });
      setChats((l) => applyChatEvent(l, { action: 'delete', id: selected.id }));
      setSelectedId(null);
      setTab('chats');
    } catch (err) {
      showError(err);
    }
  };

  const list = (
    <ChatListPane
      chats={chats}
      loaded={loaded}
      hasMore={hasMore}
      selectedId={selectedId}
      me={me}
      onPick={pick}
      onMore={() => void loadPage(page.current + 1)}
      onNew={() => setDialog({ open: true, chat: null })}
    />
  );
  const messages = <MessagesPane chat={selected} me={me} incoming={incoming} onEdit={() => selected && setDialog({ open: true, chat: selected })} onDelete={() => void remove()} />;
  const height = 'calc(100vh - 160px)';

  return (
    <Card data-testid="chats-page" styles={{ body: { padding: 0 } }}>
      {wide ? (
        <Flex style={{ height }}>
          <div style={{ width: 320, flexShrink: 0, borderRight: `1px solid ${token.colorBorderSecondary}` }}>{list}</div>
          <div style={{ flex: 1, minWidth: 0 }}>{messages}</div>
        </Flex>
      ) : (
        <Tabs
          activeKey={tab}
          onChange={(k) => setTab(k as 'chats' | 'messages')}
          centered
          items={[
            { key: 'chats', label: t('tabs.chats'), children: <div style={{ height }}>{list}</div> },
            { key: 'messages', label: t('tabs.messages'), children: <div style={{ height }}>{messages}</div> },
          ]}
        />
      )}
      <ChatDialog
        open={dialog.open}
        chat={dialog.chat}
        me={me}
        onClose={() => setDialog({ open: false, chat: null })}
        onSaved={(c) => {
          setDialog({ open: false, chat: null });
          setChats((l) => applyChatEvent(l, { action: dialog.chat ? 'update' : 'create', record: c }));
          if (!dialog.chat) pick(c);
        }}
      />
    </Card>
  );
}
