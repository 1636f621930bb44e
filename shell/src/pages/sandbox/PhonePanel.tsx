import { useEffect, useMemo, useRef } from 'react';
import { Avatar, Button, Empty, Flex, Input, Spin, Tooltip, Typography, theme } from 'antd';
import { ClockCircleOutlined, ExclamationCircleOutlined, PaperClipOutlined, SendOutlined, UserOutlined } from '@ant-design/icons';
import { useT } from '@atende/sdk-web';
import type { OutboxItem } from './useOutbox.js';

/** A message the simulated customer wrote, kept only in the page's memory. */
export interface CustomerMessage {
  localId: string;
  body: string;
  /** When it was sent (browser clock, ISO). */
  at: string;
  state: 'sending' | 'sent' | 'failed';
}

type Bubble =
  | { kind: 'out'; key: string; body: string; at: string; state: CustomerMessage['state'] }
  | { kind: 'in'; key: string; body: string; at: string; mediaUrl?: string };

interface Props {
  /** The connection's name: who the customer is talking to. */
  title: string;
  subtitle: string;
  sent: CustomerMessage[];
  /** null while the first poll has not answered. */
  replies: OutboxItem[] | null;
  draft: string;
  onDraft: (text: string) => void;
  onSend: () => void;
  /** Why the customer cannot write now, or null when they can. */
  blocked: string | null;
}

const time = (iso: string, lang: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleTimeString(lang, { hour: '2-digit', minute: '2-digit' });
};

/** A phone-like chat: the customer's messages on the right, Atende's replies on the left, in time order. */
export function PhonePanel({ title, subtitle, sent, replies, draft, onDraft, onSend, blocked }: Props) {
  const { t, i18n } = useT();
  const { token } = theme.useToken();
  const scroller = useRef<HTMLDivElement>(null);

  const bubbles = useMemo(() => {
    const out: Bubble[] = sent.map((m) => ({ kind: 'out', key: m.localId, body: m.body, at: m.at, state: m.state }));
    const inn: Bubble[] = (replies ?? []).map((r, i) => ({ kind: 'in', key: `in-${i}`, body: r.body, at: r.createdAt, mediaUrl: r.mediaUrl }));
    // Stable sort: on equal times the customer's message stays before the reply it caused.
    return [...out, ...inn].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  }, [sent, replies]);

  // Follow the conversation: a new bubble scrolls the panel to the bottom.
  useEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [bubbles.length]);

  const loading = replies === null && !sent.length && !blocked;
  const canType = !blocked;

  return (
    <Flex
      vertical
      style={{
        width: '100%',
        maxWidth: 420,
        height: 600,
        border: `8px solid ${token.colorTextSecondary}`,
        borderRadius: 32,
        overflow: 'hidden',
        background: token.colorBgContainer,
      }}
      data-testid="sandbox-phone"
    >
      <Flex align="center" gap={10} style={{ padding: '10px 14px', background: token.colorPrimary, color: token.colorWhite }}>
        <Avatar icon={<UserOutlined />} style={{ background: token.colorPrimaryBorder, flex: 'none' }} />
        <Flex vertical style={{ minWidth: 0, lineHeight: 1.3 }}>
          <Typography.Text strong ellipsis style={{ color: 'inherit' }}>
            {title}
          </Typography.Text>
          <Typography.Text ellipsis style={{ color: 'inherit', fontSize: 12, opacity: 0.85 }}>
            {subtitle}
          </Typography.Text>
        </Flex>
      </Flex>
      <div
        ref={scroller}
        style={{ flex: 1, overflowY: 'auto', padding: 12, background: token.colorFillQuaternary }}
        data-testid="sandbox-messages"
        aria-live="polite"
      >
        {loading ? (
          <Flex justify="center" align="center" style={{ height: '100%' }}>
            <Spin />
          </Flex>
        ) : !bubbles.length ? (
          <Flex justify="center" align="center" style={{ height: '100%' }}>
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={blocked ?? t('sandbox.empty')} />
          </Flex>
        ) : (
          <Flex vertical gap={6}>
            {bubbles.map((b) => {
              const mine = b.kind === 'out';
              return (
                <Flex key={b.key} justify={mine ? 'flex-end' : 'flex-start'}>
                  <div
                    data-testid={mine ? 'sandbox-msg-out' : 'sandbox-msg-in'}
                    style={{
                      maxWidth: '80%',
                      padding: '6px 10px',
                      borderRadius: 10,
                      borderStartEndRadius: mine ? 2 : 10,
                      borderStartStartRadius: mine ? 10 : 2,
                      background: mine ? token.colorPrimaryBg : token.colorBgContainer,
                      border: `1px solid ${mine ? token.colorPrimaryBorder : token.colorBorderSecondary}`,
                      opacity: mine && b.state === 'failed' ? 0.6 : 1,
                    }}
                  >
                    {b.body && (
                      <Typography.Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="sandbox-msg-body">
                        {b.body}
                      </Typography.Text>
                    )}
                    {b.kind === 'in' && b.mediaUrl && (
                      <div>
                        <Typography.Link href={b.mediaUrl} target="_blank" rel="noreferrer">
                          <PaperClipOutlined /> {t('sandbox.attachment')}
                        </Typography.Link>
                      </div>
                    )}
                    <Flex justify="flex-end" align="center" gap={4} style={{ fontSize: 11, color: token.colorTextTertiary }}>
                      <span>{time(b.at, i18n.language)}</span>
                      {b.kind === 'out' && b.state === 'sending' && (
                        <Tooltip title={t('sandbox.sending')}>
                          <ClockCircleOutlined aria-label={t('sandbox.sending')} />
                        </Tooltip>
                      )}
                      {b.kind === 'out' && b.state === 'failed' && (
                        <Tooltip title={t('sandbox.notSent')}>
                          <ExclamationCircleOutlined style={{ color: token.colorError }} aria-label={t('sandbox.notSent')} />
                        </Tooltip>
                      )}
                    </Flex>
                  </div>
                </Flex>
              );
            })}
          </Flex>
        )}
      </div>
      <Flex gap={8} style={{ padding: 8, borderTop: `1px solid ${token.colorBorderSecondary}` }}>
        <Input
          value={draft}
          onChange={(e) => onDraft(e.target.value)}
          onPressEnter={(e) => {
            if (e.nativeEvent.isComposing) return;
            e.preventDefault();
            onSend();
          }}
          placeholder={blocked ?? t('sandbox.inputPlaceholder')}
          disabled={!canType}
          maxLength={4096}
          autoComplete="off"
          aria-label={t('sandbox.inputPlaceholder')}
          data-testid="sandbox-input"
        />
        <Button
          type="primary"
          shape="circle"
          icon={<SendOutlined />}
          onClick={onSend}
          disabled={!canType || !draft.trim()}
          aria-label={t('sandbox.send')}
          data-testid="sandbox-send"
        />
      </Flex>
    </Flex>
  );
}
