import { useState, type CSSProperties } from 'react';
import dayjs from 'dayjs';
import { Button, Dropdown, Flex, Tag, Tooltip, Typography, theme, type MenuProps } from 'antd';
import {
  CheckOutlined,
  ClockCircleOutlined,
  DeleteOutlined,
  DownOutlined,
  EditOutlined,
  ExclamationCircleOutlined,
  RollbackOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { ApiError, Zone, errorText, useT, useZoneWidgets } from '@atende/sdk-web';
import type { MessageDto } from '@atende/core-contract';
import { MessageBody } from './MessageBody.js';
import { MessageMedia, showsCaption } from './media.js';

/** Bubble width limit (core-operations §9). */
export const BUBBLE_MAX_WIDTH = 600;

type Quoted = NonNullable<MessageDto['quotedMsg']>;

/** Two ticks drawn as one glyph. */
function DoubleCheck({ style }: { style?: CSSProperties }) {
  return (
    <span style={{ display: 'inline-flex', ...style }}>
      <CheckOutlined />
      <CheckOutlined style={{ marginLeft: -7 }} />
    </span>
  );
}

/** Delivery ticks by ack (core-operations §4): 0 clock, 1 ✓, 2 ✓✓, 3 ✓✓ read, 4–5 highlighted, -1 failed. */
export function AckIcon({ message: m }: { message: MessageDto }) {
  const { t } = useT();
  const { token } = theme.useToken();
  let icon;
  let label: string;
  if (m.ack < 0) {
    label = m.sendError ? `${t('messages.ackFailed')}: ${errorText(new ApiError(0, m.sendError, ''))}` : t('messages.ackFailed');
    icon = <ExclamationCircleOutlined style={{ color: token.colorError }} />;
  } else if (m.ack === 0) {
    label = t('messages.ackPending');
    icon = <ClockCircleOutlined />;
  } else if (m.ack === 1) {
    label = t('messages.ackSent');
    icon = <CheckOutlined />;
  } else if (m.ack === 2) {
    label = t('messages.ackDelivered');
    icon = <DoubleCheck />;
  } else if (m.ack === 3) {
    label = t('messages.ackRead');
    icon = <DoubleCheck style={{ color: token.colorInfo }} />;
  } else {
    label = t('messages.ackPlayed');
    icon = <DoubleCheck style={{ color: token.colorSuccess, fontWeight: 700 }} />;
  }
  return (
    <Tooltip title={label}>
      <span data-testid="message-ack" data-ack={m.ack} aria-label={label} style={{ fontSize: 12 }}>
        {icon}
      </span>
    </Tooltip>
  );
}

/** A short label of a quoted message: its text, or the kind of media it was. */
export function useQuotedLabel() {
  const { t } = useT();
  return (q: Pick<Quoted, 'body' | 'mediaType'>): string => {
    const kind: Record<string, string> = {
      image: t('messages.photo'),
      audio: t('messages.audio'),
      video: t('messages.video'),
      application: t('messages.file'),
      document: t('messages.file'),
      locationMessage: t('messages.location'),
      vcard: t('messages.contactCard'),
      contactMessage: t('messages.contactCard'),
      call_log: t('messages.lostCall'),
    };
    if (q.mediaType === 'locationMessage' || q.mediaType === 'vcard' || q.mediaType === 'contactMessage') return kind[q.mediaType];
    return q.body || kind[q.mediaType] || '';
  };
}

/** The quote box shown above a reply (and in the input's reply preview). */
export function QuoteBox({ quoted, contactName, onClick }: { quoted: Quoted; contactName: string; onClick?: () => void }) {
  const { t } = useT();
  const { token } = theme.useToken();
  const label = useQuotedLabel();
  return (
    <div
      data-testid="message-quote"
      onClick={onClick}
      style={{
        borderLeft: `4px solid ${quoted.fromMe ? token.colorPrimary : token.colorSuccess}`,
        background: token.colorFillTertiary,
        borderRadius: 6,
        padding: '4px 8px',
        marginBottom: 4,
        cursor: onClick ? 'pointer' : undefined,
        overflow: 'hidden',
      }}
    >
      <Typography.Text strong style={{ color: quoted.fromMe ? token.colorPrimary : token.colorSuccess, fontSize: 12 }}>
        {quoted.fromMe ? t('messages.you') : contactName}
      </Typography.Text>
      <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: 0, fontSize: 13 }}>
        {label(quoted)}
      </Typography.Paragraph>
    </div>
  );
}

export interface MessageBubbleProps {
  message: MessageDto;
  contactName: string;
  canReply: boolean;
  canDelete: boolean;
  canEdit: boolean;
  onReply: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onQuoteClick?: (id: number) => void;
  onMediaLoad?: () => void;
}

/** One message: sent on the right, received on the left (core-operations §2), with its menu. */
export function MessageBubble(p: MessageBubbleProps) {
  const { t } = useT();
  const { token } = theme.useToken();
  const m = p.message;
  const actionWidgets = useZoneWidgets('message.actions');
  const [menuOpen, setMenuOpen] = useState(false);
  const items: MenuProps['items'] = [
    ...(p.canReply ? [{ key: 'reply', icon: <RollbackOutlined />, label: t('messages.reply'), onClick: p.onReply }] : []),
    ...(p.canEdit ? [{ key: 'edit', icon: <EditOutlined />, label: t('messages.edit'), onClick: p.onEdit }] : []),
    ...(p.canDelete ? [{ key: 'delete', icon: <DeleteOutlined />, danger: true, label: t('messages.delete'), onClick: p.onDelete }] : []),
  ];
  return (
    <div style={{ display: 'flex', justifyContent: m.fromMe ? 'flex-end' : 'flex-start', padding: '2px 0' }}>
      <div
        data-testid={`message-${m.id}`}
        data-message-id={m.id}
        data-from-me={m.fromMe}
        style={{
          position: 'relative',
          maxWidth: BUBBLE_MAX_WIDTH,
          minWidth: 96,
          padding: '6px 10px 4px',
          paddingRight: items.length || actionWidgets.length ? 28 : 10,
          borderRadius: 8,
          background: m.fromMe ? token.colorPrimaryBg : token.colorBgContainer,
          color: token.colorText,
          boxShadow: token.boxShadowTertiary,
        }}
      >
        {(items.length > 0 || actionWidgets.length > 0) && (
          <Dropdown
            menu={{ items, onClick: () => setMenuOpen(false) }}
            open={menuOpen}
            onOpenChange={setMenuOpen}
            trigger={['click']}
            placement={m.fromMe ? 'bottomRight' : 'bottomLeft'}
            popupRender={(menu) => (
              <div style={{ background: token.colorBgElevated, borderRadius: token.borderRadiusLG, boxShadow: token.boxShadowSecondary }}>
                {items.length > 0 && menu}
                {/* Plugins add entries to a message's menu here. */}
                {menuOpen && actionWidgets.length > 0 && (
                  <Flex vertical style={{ padding: 4 }}>
                    <Zone name="message.actions" context={{ message: m, close: () => setMenuOpen(false) }} />
                  </Flex>
                )}
              </div>
            )}
          >
            <Button
              type="text"
              size="small"
              icon={<DownOutlined style={{ fontSize: 10 }} />}
              aria-label={t('messages.menu')}
              data-testid={`message-menu-${m.id}`}
              style={{ position: 'absolute', top: 2, right: 2, color: token.colorTextTertiary }}
            />
          </Dropdown>
        )}
        {m.participant && !m.fromMe && (
          // In a group: who wrote it, above the bubble's content (issue 9 item 21).
          <Typography.Text strong data-testid="message-participant" style={{ display: 'block', fontSize: 12, color: token.colorSuccess }}>
            {m.participant.name || `+${m.participant.number}`}
          </Typography.Text>
        )}
        {m.isDeleted ? (
          <Typography.Text italic type="secondary" data-testid="message-deleted">
            <StopOutlined /> {t('messages.deleted')}
          </Typography.Text>
        ) : (
          <>
            {m.quotedMsg && <QuoteBox quoted={m.quotedMsg} contactName={p.contactName} onClick={p.onQuoteClick ? () => p.onQuoteClick!(m.quotedMsg!.id) : undefined} />}
            <MessageMedia message={m} onLoad={p.onMediaLoad} />
            {m.mediaType === 'unsupported' && (
              <Typography.Text italic type="secondary" data-testid="message-unsupported">
                {t('messages.unsupported')}
              </Typography.Text>
            )}
            {showsCaption(m) && (
              <div style={{ marginTop: m.mediaUrl ? 4 : 0 }}>
                <MessageBody text={m.body} />
              </div>
            )}
          </>
        )}
        <Flex justify="flex-end" align="center" gap={4} style={{ fontSize: 11, color: token.colorTextTertiary, marginTop: 2 }}>
          {m.simulated && (
            // Came through the sandbox: no real customer wrote it (issue 9 item 10).
            <Tooltip title={t('messages.simulatedHint')}>
              <Tag color="purple" bordered={false} data-testid="message-simulated" style={{ marginInlineEnd: 0, fontSize: 10, lineHeight: '16px' }}>
                {t('messages.simulated')}
              </Tag>
            </Tooltip>
          )}
          {m.isEdited && !m.isDeleted && <span data-testid="message-edited">{t('messages.edited')}</span>}
          <span>{dayjs(m.createdAt).format('HH:mm')}</span>
          {m.fromMe && <AckIcon message={m} />}
        </Flex>
      </div>
    </div>
  );
}
