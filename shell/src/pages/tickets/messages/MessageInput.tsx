import { useEffect, useImperativeHandle, useMemo, useRef, useState, type ClipboardEvent, type KeyboardEvent, type Ref } from 'react';
import { App, Button, Flex, Input, Segmented, Switch, Tooltip, Typography, theme } from 'antd';
import { AppstoreAddOutlined, AudioOutlined, CloseOutlined, DeleteOutlined, FileOutlined, LockOutlined, PaperClipOutlined, SendOutlined } from '@ant-design/icons';
import { MESSAGE_ENDPOINTS, QUICK_MESSAGE_ENDPOINTS, TICKET_NOTE_ENDPOINTS, MEDIA_LIMITS, SOCKET_EVENTS, type MessageDto, type TicketDto } from '@atende/core-contract';
import { Link } from 'react-router-dom';
import { Zone, useErrorToast, useRealtime, useT, call } from '@atende/sdk-web';
import { EmojiPicker } from './EmojiPicker.js';
import { QuoteBox } from './MessageBubble.js';
import { messageSaved, noteSaved } from './messageSaved.js';
import { audioExtension, useAudioRecorder } from './useAudioRecorder.js';

export interface MessageInputProps {
  ticket: TicketDto;
  replyTo: MessageDto | null;
  onCancelReply: () => void;
  /** Lets the conversation around the input hand it files dropped anywhere on it. */
  handle?: Ref<MessageInputHandle>;
}

export interface MessageInputHandle {
  /** Attaches files as the clip button would (size and count checked); ignored unless the ticket is open. */
  addFiles(files: File[]): void;
}

/** A quick reply as GET /quick-messages/list answers it (the fields the input uses). */
export interface QuickReply {
  id: number;
  shortcode: string;
  message: string;
  mediaPath: string | null;
  mediaName: string | null;
  /** A plugin's attachment (a file list), sent after the text and file; absent from older answers. */
  attachment?: { kind: string; id: number; label: string } | null;
}

/** Local storage key of the "sign" option (core-operations §3: kept locally, default on). */
export const SIGN_STORAGE_KEY = 'signOption';
/** Quick-reply labels are cut here with an ellipsis (core-operations §9). */
export const QUICK_LABEL_MAX = 35;
/** Recordings smaller than this are dropped (core-operations §5). */
export const MIN_AUDIO_BYTES = 10_000;

export function readSignOption(): boolean {
  try {
    return localStorage.getItem(SIGN_STORAGE_KEY) !== 'false';
  } catch {
    return true;
  }
}

function storeSignOption(on: boolean): void {
  try {
    localStorage.setItem(SIGN_STORAGE_KEY, String(on));
  } catch {
    /* no storage: the choice lasts for this page only */
  }
}

/** A quick reply's text as a suggestion label: at most 35 characters, then an ellipsis. */
export function quickLabel(text: string): string {
  const chars = [...text.replace(/\s+/g, ' ')];
  return chars.length > QUICK_LABEL_MAX ? `${chars.slice(0, QUICK_LABEL_MAX).join('').trimEnd()}…` : chars.join('');
}

/** Quick replies whose shortcode contains what follows the '/' (only when more than the '/' was typed). */
export function matchQuickReplies(text: string, all: QuickReply[]): QuickReply[] {
  if (!text.startsWith('/') || text.length <= 1) return [];
  const q = text.slice(1).toLowerCase();
  return all.filter((r) => r.shortcode.replace(/^\//, '').toLowerCase().includes(q));
}

/**
 * What the quick-reply panel says when nothing is suggested (issue 36 item 5): 'none' when the user has no
 * quick reply at all and typed '/', 'noMatch' for a single '/word' no shortcode contains. Such a word is
 * never sent by Enter: it was meant as a shortcut.
 */
export function quickNotice(text: string, all: QuickReply[], loaded: boolean): 'none' | 'noMatch' | null {
  if (!loaded || !text.startsWith('/')) return null;
  if (!all.length && /^\/\S*$/.test(text)) return 'none';
  if (/^\/\S+$/.test(text) && !matchQuickReplies(text, all).length) return 'noMatch';
  return null;
}

/** Unsent text per ticket, so switching tickets does not lose what was typed. */
const drafts = new Map<number, string>();

function Thumb({ file }: { file: File }) {
  const url = useMemo(() => (file.type.startsWith('image/') ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  return url ? <img src={url} alt={file.name} style={{ width: 56, height: 56, objectFit: 'cover', borderRadius: 4 }} /> : <FileOutlined style={{ fontSize: 28 }} />;
}

/**
 * The reply box of the ticket view (core-operations §2 "Message input", §5): text up to 5 rows,
 * Enter sends and Shift+Enter breaks the line; quick replies after '/', emoji, files with a caption,
 * voice notes, the "sign" option and the quoted reply. Only an open ticket can be answered.
 */
export function MessageInput({ ticket, replyTo, onCancelReply, handle }: MessageInputProps) {
  const { t } = useT();
  const { token } = theme.useToken();
  const { message: toast } = App.useApp();
  const showError = useErrorToast();
  const open = ticket.status === 'open';
  const [text, setTextState] = useState(() => drafts.get(ticket.id) ?? '');
  const [files, setFiles] = useState<File[]>([]);
  const [sign, setSign] = useState(readSignOption);
  const [sending, setSending] = useState(false);
  const [quickAll, setQuickAll] = useState<QuickReply[]>([]);
  const [quickLoaded, setQuickLoaded] = useState(false);
  // "Note" beside "reply" (issue 36 item 6, Chatwoot's private note): what is typed is stored as an internal
  // note of the ticket, shown in the timeline, never sent to the customer.
  const [mode, setMode] = useState<'reply' | 'note'>('reply');
  const noting = mode === 'note';
  const [quickVersion, setQuickVersion] = useState(0);
  const [highlight, setHighlight] = useState(0);
  const [quickDismissed, setQuickDismissed] = useState(false);
  const boxRef = useRef<HTMLDivElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const recorder = useAudioRecorder();
  const ticketId = useRef(ticket.id);

  const setText = (v: string) => {
    setTextState(v);
    if (v) drafts.set(ticket.id, v);
    else drafts.delete(ticket.id);
  };

  // Another ticket in the same view: its own draft; files never follow to another customer.
  useEffect(() => {
    if (ticketId.current === ticket.id) return;
    ticketId.current = ticket.id;
    setTextState(drafts.get(ticket.id) ?? '');
    setFiles([]);
    setMode('reply');
  }, [ticket.id]);

  // Fetched from the '/' itself, so '/' alone can say there are none yet; suggestions start at 2 characters (spec).
  const slash = text.startsWith('/');
  // The list is fetched each time the agent starts a '/', and again when a quick reply changes
  // while the suggestions are open (another admin adds a company-wide one).
  useRealtime(SOCKET_EVENTS.quickmessage, () => {
    if (slash) setQuickVersion((v) => v + 1);
  });
  useEffect(() => {
    if (!slash) {
      setQuickDismissed(false);
      return;
    }
    let alive = true;
    call(QUICK_MESSAGE_ENDPOINTS.list).then(
      (rows) => {
        if (!alive) return;
        setQuickAll(rows);
        setQuickLoaded(true);
      },
      (err: unknown) => console.warn('quick replies not loaded', err),
    );
    return () => {
      alive = false;
    };
  }, [slash, quickVersion]);
  const suggestions = open && !noting && !quickDismissed ? matchQuickReplies(text, quickAll) : [];
  const notice = open && !noting && !quickDismissed ? quickNotice(text, quickAll, quickLoaded) : null;
  useEffect(() => setHighlight(0), [text]);

  const textarea = () => boxRef.current?.querySelector('textarea') ?? null;
  const focus = () => setTimeout(() => textarea()?.focus(), 0);

  /** After a send: the reply is done, the box is empty again. */
  const sent = (saved: MessageDto | MessageDto[] | undefined) => {
    for (const m of Array.isArray(saved) ? saved : saved ? [saved] : []) messageSaved(m);
    if (replyTo) onCancelReply();
  };

  const postJson = async (payload: { body: string; quickMessageId?: number }): Promise<boolean> => {
    setSending(true);
    try {
      const saved = await call(MESSAGE_ENDPOINTS.send, {
        params: { ticketId: ticket.id },
        body: { ...payload, sign, ...(replyTo ? { quotedMsgId: replyTo.id } : {}) },
      });
      sent(saved);
      return true;
    } catch (err) {
      showError(err);
      return false;
    } finally {
      setSending(false);
      focus();
    }
  };

  const postFiles = async (medias: File[], body: string, signed: boolean): Promise<boolean> => {
    const form = new FormData();
    for (const f of medias) form.append('medias', f, f.name);
    form.append('body', body);
    form.append('sign', String(signed));
    if (replyTo) form.append('quotedMsgId', String(replyTo.id));
    setSending(true);
    try {
      sent(await call(MESSAGE_ENDPOINTS.sendMedia, { params: { ticketId: ticket.id }, body: form }));
      return true;
    } catch (err) {
      showError(err);
      return false;
    } finally {
      setSending(false);
      focus();
    }
  };

  /** An internal note: any status of the ticket takes one (a waiting or closed ticket too). */
  const postNote = async () => {
    const note = text.trim();
    if (!note || sending) return;
    setSending(true);
    try {
      noteSaved(await call(TICKET_NOTE_ENDPOINTS.create, { body: { note, ticketId: ticket.id, contactId: ticket.contactId } }));
      setText('');
    } catch (err) {
      showError(err); // the text stays in the box
    } finally {
      setSending(false);
      focus();
    }
  };

  const send = async () => {
    if (noting) return postNote();
    if (!open || sending || recorder.recording) return;
    const body = text.trim();
    if (files.length) {
      // Text and files stay in the box until the server took them.
      if (await postFiles(files, body, sign && !!body)) {
        setFiles([]);
        setText('');
      }
      return;
    }
    if (!body) return;
    if (await postJson({ body })) setText('');
  };

  const pickQuick = async (q: QuickReply) => {
    if (q.mediaPath || q.attachment) {
      // A quick reply with a file or a plugin's attachment goes out at once, its text first or as the caption.
      if (await postJson({ body: q.message, quickMessageId: q.id })) setText('');
      return;
    }
    setText(q.message);
    focus();
  };

  const addFiles = (list: File[]) => {
    const accepted: File[] = [];
    for (const f of list) {
      const limit = f.type.startsWith('image/') ? MEDIA_LIMITS.imageBytes : MEDIA_LIMITS.otherBytes;
      if (f.size > limit) void toast.error(t('messages.fileTooLarge', { name: f.name, mb: Math.round(limit / 1024 / 1024) }));
      else accepted.push(f);
    }
    const next = [...files, ...accepted];
    if (next.length > MEDIA_LIMITS.filesPerMessage) void toast.error(t('messages.tooManyFiles', { n: MEDIA_LIMITS.filesPerMessage }));
    setFiles(next.slice(0, MEDIA_LIMITS.filesPerMessage));
  };

  useImperativeHandle(handle, () => ({ addFiles: (list) => open && list.length > 0 && addFiles(list) }));

  /** Inserts at the caret (an emoji, or a plugin's text through the toolbar zone). */
  const insertAtCaret = (inserted: string) => {
    const el = textarea();
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    setText(text.slice(0, start) + inserted + text.slice(end));
    setTimeout(() => {
      const area = textarea();
      if (!area) return;
      area.focus();
      area.setSelectionRange(start + inserted.length, start + inserted.length);
    }, 0);
  };

  const sendAudio = async () => {
    const blob = await recorder.stop(true);
    if (!blob) return;
    if (blob.size < MIN_AUDIO_BYTES) {
      void toast.info(t('messages.audioTooShort'));
      return;
    }
    const file = new File([blob], `audio-${Date.now()}.${audioExtension(blob.type)}`, { type: blob.type });
    // A voice note carries no caption, so nothing to sign.
    await postFiles([file], '', false);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (notice && e.key === 'Escape') {
      setQuickDismissed(true);
      return;
    }
    if (suggestions.length) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        const step = e.key === 'ArrowDown' ? 1 : -1;
        setHighlight((h) => (h + step + suggestions.length) % suggestions.length);
        return;
      }
      if (e.key === 'Escape') {
        setQuickDismissed(true);
        return;
      }
    }
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      if (suggestions.length) void pickQuick(suggestions[Math.min(highlight, suggestions.length - 1)]);
      // An unmatched '/word' is a shortcut that found nothing, not a message for the customer.
      else if (!noting && quickNotice(text, quickAll, quickLoaded)) setQuickDismissed(false);
      else void send();
    }
  };

  const onPaste = (e: ClipboardEvent<HTMLTextAreaElement>) => {
    const pasted = Array.from(e.clipboardData?.files ?? []);
    if (!pasted.length || !open) return;
    e.preventDefault();
    addFiles(pasted);
  };

  const placeholder = noting ? t('messages.notePlaceholder') : !open ? (ticket.status === 'pending' ? t('messages.hintPending') : t('messages.hintClosed')) : files.length ? t('messages.captionPlaceholder') : t('messages.placeholder');
  const showMic = open && !noting && !text.trim() && !files.length;
  const writable = open || noting;
  const elapsed = `${Math.floor(recorder.seconds / 60)}:${String(recorder.seconds % 60).padStart(2, '0')}`;

  return (
    <div
      ref={boxRef}
      data-testid="message-input"
      data-ticket-id={ticket.id}
      style={{ position: 'relative', padding: 8, borderTop: `1px solid ${token.colorBorderSecondary}`, background: token.colorBgContainer }}
    >
      {suggestions.length > 0 && (
        <div
          role="listbox"
          aria-label={t('messages.quickReplies')}
          data-testid="quick-replies"
          style={{
            position: 'absolute',
            left: 8,
            right: 8,
            bottom: '100%',
            maxHeight: 260,
            overflowY: 'auto',
            background: token.colorBgElevated,
            boxShadow: token.boxShadowSecondary,
            borderRadius: token.borderRadiusLG,
            zIndex: 10,
            padding: 4,
          }}
        >
          {suggestions.map((q, i) => (
            <div
              key={q.id}
              role="option"
              aria-selected={i === highlight}
              data-testid="quick-reply-option"
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => setHighlight(i)}
              onClick={() => void pickQuick(q)}
              style={{ padding: '6px 10px', borderRadius: token.borderRadiusSM, cursor: 'pointer', background: i === highlight ? token.controlItemBgActive : undefined }}
            >
              <Typography.Text strong>/{q.shortcode.replace(/^\//, '')}</Typography.Text>
              <Typography.Text type="secondary" data-testid="quick-reply-label">
                {' - '}
                {quickLabel(q.message)}
              </Typography.Text>
              {q.mediaPath && (
                <Typography.Text type="secondary" style={{ marginLeft: 6 }}>
                  <PaperClipOutlined /> {t('messages.quickMedia')}
                </Typography.Text>
              )}
              {q.attachment && (
                <Typography.Text type="secondary" style={{ marginLeft: 6 }} data-testid="quick-reply-attachment">
                  <AppstoreAddOutlined /> {q.attachment.label}
                </Typography.Text>
              )}
            </div>
          ))}
        </div>
      )}

      {notice && (
        <Flex
          align="center"
          justify="space-between"
          gap={8}
          wrap
          data-testid="quick-replies-notice"
          data-notice={notice}
          style={{
            position: 'absolute',
            left: 8,
            right: 8,
            bottom: '100%',
            background: token.colorBgElevated,
            boxShadow: token.boxShadowSecondary,
            borderRadius: token.borderRadiusLG,
            zIndex: 10,
            padding: '8px 12px',
          }}
        >
          <Typography.Text type="secondary">{notice === 'none' ? t('messages.quickNone') : t('messages.quickNoMatch', { word: text })}</Typography.Text>
          <Link to="/quick-messages" data-testid="quick-replies-create">
            {t('messages.quickCreate')}
          </Link>
        </Flex>
      )}

      {replyTo && (
        <Flex align="flex-start" gap={8} data-testid="reply-preview" style={{ marginBottom: 6 }}>
          <div style={{ flex: 1, minWidth: 0 }}>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('messages.replyingTo')}
            </Typography.Text>
            <QuoteBox quoted={{ id: replyTo.id, body: replyTo.body, fromMe: replyTo.fromMe, mediaType: replyTo.mediaType }} contactName={ticket.contact.name} />
          </div>
          <Tooltip title={t('messages.cancelReply')}>
            <Button type="text" size="small" icon={<CloseOutlined />} onClick={onCancelReply} aria-label={t('messages.cancelReply')} data-testid="reply-cancel" />
          </Tooltip>
        </Flex>
      )}

      {files.length > 0 && (
        <Flex wrap gap={8} data-testid="attachment-preview" style={{ marginBottom: 6 }}>
          {files.map((f, i) => (
            <Flex
              key={`${i}-${f.name}-${f.size}`}
              vertical
              align="center"
              gap={2}
              data-testid="attachment-item"
              style={{ width: 96, padding: 6, borderRadius: 6, background: token.colorFillTertiary, position: 'relative' }}
            >
              <Thumb file={f} />
              <Typography.Text ellipsis style={{ maxWidth: 84, fontSize: 12 }} title={f.name}>
                {f.name}
              </Typography.Text>
              <Button
                type="text"
                size="small"
                icon={<DeleteOutlined />}
                aria-label={t('messages.removeFile')}
                data-testid="attachment-remove"
                style={{ position: 'absolute', top: 0, right: 0 }}
                onClick={() => setFiles(files.filter((_, j) => j !== i))}
                disabled={sending}
              />
            </Flex>
          ))}
        </Flex>
      )}

      <input
        ref={fileRef}
        type="file"
        multiple
        hidden
        data-testid="message-file-input"
        onChange={(e) => {
          addFiles(Array.from(e.target.files ?? []));
          e.target.value = '';
        }}
      />

      {recorder.recording ? (
        <Flex align="center" gap={8} data-testid="audio-recording">
          <Button type="text" danger icon={<CloseOutlined />} onClick={() => void recorder.stop(false)} aria-label={t('messages.cancelRecording')} data-testid="audio-cancel" />
          <span style={{ width: 10, height: 10, borderRadius: '50%', background: token.colorError, display: 'inline-block' }} />
          <Typography.Text style={{ flex: 1 }}>
            {t('messages.recording')} {elapsed}
          </Typography.Text>
          <Button type="primary" shape="circle" icon={<SendOutlined />} loading={sending} onClick={() => void sendAudio()} aria-label={t('messages.sendAudio')} data-testid="audio-send" />
        </Flex>
      ) : (
        <>
        <Segmented
          size="small"
          value={mode}
          onChange={(v) => {
            setMode(v as 'reply' | 'note');
            focus();
          }}
          style={{ marginBottom: 6 }}
          options={[
            { value: 'reply', label: <span data-testid="message-mode-reply">{t('messages.modeReply')}</span> },
            { value: 'note', label: <span data-testid="message-mode-note"><LockOutlined /> {t('messages.modeNote')}</span> },
          ]}
        />
        <Flex align="flex-end" gap={4}>
          <EmojiPicker disabled={!writable} onPick={insertAtCaret} />
          {!noting && (
            <Tooltip title={t('messages.attach')}>
              <Button type="text" icon={<PaperClipOutlined />} disabled={!open || sending} onClick={() => fileRef.current?.click()} aria-label={t('messages.attach')} data-testid="message-attach" />
            </Tooltip>
          )}
          {/* Plugins add toolbar buttons here (an AI suggestion, say); only an open ticket takes replies. */}
          {open && !noting && <Zone name="ticket.input.toolbar" context={{ ticket, insert: insertAtCaret }} resetKey={ticket.id} />}
          <Input.TextArea
            data-testid="message-input-text"
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onKeyDown}
            onPaste={onPaste}
            placeholder={placeholder}
            disabled={!writable}
            readOnly={sending}
            autoSize={{ minRows: 1, maxRows: 5 }}
            maxLength={noting ? 5000 : 4096}
            data-mode={mode}
            style={{ flex: 1, background: noting ? token.colorWarningBg : undefined }}
          />
          {!noting && (
          <Tooltip title={t('messages.signHint')}>
            <Flex align="center" gap={4} style={{ padding: '0 4px', height: 32 }}>
              <Switch
                size="small"
                checked={sign}
                disabled={!open}
                onChange={(on) => {
                  setSign(on);
                  storeSignOption(on);
                }}
                data-testid="message-sign"
                aria-label={t('messages.sign')}
              />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('messages.sign')}
              </Typography.Text>
            </Flex>
          </Tooltip>
          )}
          {showMic ? (
            <Tooltip title={t('messages.record')}>
              <Button type="text" icon={<AudioOutlined />} onClick={() => void recorder.start()} aria-label={t('messages.record')} data-testid="audio-record" />
            </Tooltip>
          ) : (
            <Button
              type="primary"
              icon={<SendOutlined />}
              disabled={!writable || (!text.trim() && !files.length)}
              loading={sending}
              onClick={() => void send()}
              aria-label={noting ? t('messages.addNote') : t('messages.send')}
              data-testid="message-send"
            />
          )}
        </Flex>
        </>
      )}
    </div>
  );
}
