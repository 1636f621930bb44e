import { memo, type MouseEvent } from 'react';
import { Avatar, Badge, Button, Flex, Tag, Tooltip, Typography, theme } from 'antd';
import { CheckOutlined, RedoOutlined, RollbackOutlined, UserOutlined } from '@ant-design/icons';
import type { TicketDto } from '@atende/core-contract';
import { useT } from '@atende/sdk-web';
import { lastMessageTime, shortName, type TicketStatus } from './ticketListState.js';
import { renderMessageText } from './messages/MessageBody.js';
import { textOn } from '../tags/tagRules.js';

export interface TicketRowProps {
  ticket: TicketDto;
  selected: boolean;
  /** Below 600 px: the name is shortened to 10 characters. */
  narrow: boolean;
  /** The ticket id whose status change is on its way (buttons show a spinner). */
  busy: boolean;
  onOpen: (ticket: TicketDto) => void;
  onStatus: (ticket: TicketDto, status: TicketStatus) => void;
}

/**
 * One ticket of the list (core-operations §2): queue strip, avatar, name, time, last message, unread, actions.
 * Memoised: the header's counts, a tag list or another row changing do not redraw it.
 */
export const TicketRow = memo(function TicketRow({ ticket, selected, narrow, busy, onOpen, onStatus }: TicketRowProps) {
  const { t } = useT();
  const { token } = theme.useToken();
  const stripColour = ticket.queue?.color ?? token.colorBorder;
  const act = (status: TicketStatus) => (e: MouseEvent) => {
    e.stopPropagation(); // the row itself opens the ticket
    onStatus(ticket, status);
  };

  return (
    <Flex
      role="button"
      tabIndex={0}
      onClick={() => onOpen(ticket)}
      onKeyDown={(e) => e.key === 'Enter' && onOpen(ticket)}
      data-testid={`ticket-row-${ticket.id}`}
      data-uuid={ticket.uuid}
      data-status={ticket.status}
      align="center"
      gap={10}
      style={{
        position: 'relative',
        padding: '10px 10px 10px 14px',
        cursor: 'pointer',
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        background: selected ? token.controlItemBgActive : undefined,
      }}
    >
      <Tooltip title={ticket.queue?.name ?? t('tickets.noQueue')}>
        <span
          data-testid="ticket-queue-strip"
          style={{ position: 'absolute', insetInlineStart: 0, top: 0, bottom: 0, width: 6, background: stripColour }}
        />
      </Tooltip>
      <Badge dot={ticket.status === 'open'} color={token.colorSuccess} offset={[-4, 32]} data-testid={ticket.status === 'open' ? 'ticket-online' : undefined}>
        <Avatar size={42} src={ticket.contact.profilePicUrl || undefined} icon={<UserOutlined />} />
      </Badge>
      <Flex vertical style={{ flex: 1, minWidth: 0 }} gap={2}>
        <Flex justify="space-between" align="baseline" gap={8}>
          <Typography.Text strong ellipsis data-testid="ticket-name" title={ticket.contact.name}>
            {shortName(ticket.contact.name, narrow)}
          </Typography.Text>
          <Typography.Text type={ticket.unreadMessages ? 'success' : 'secondary'} style={{ fontSize: 12, flexShrink: 0 }} data-testid="ticket-time">
            {lastMessageTime(ticket.updatedAt)}
          </Typography.Text>
        </Flex>
        <Flex justify="space-between" align="center" gap={8}>
          {/* WhatsApp formatting (*bold*, _italic_…) rendered as in the conversation (issue 36 item 9); links in the
              preview do not take the click, which opens the ticket. */}
          <Typography.Text type="secondary" ellipsis style={{ fontSize: 13, pointerEvents: 'none' }} data-testid="ticket-last-message">
            {ticket.lastMessage ? renderMessageText(ticket.lastMessage.replace(/\s*\n\s*/g, ' ')) : t('tickets.noMessages')}
          </Typography.Text>
          {ticket.unreadMessages > 0 && <Badge count={ticket.unreadMessages} color={token.colorSuccess} data-testid="ticket-unread" />}
        </Flex>
        {(ticket.user || ticket.tags.length > 0) && (
          <Flex wrap gap={4} style={{ marginTop: 2 }}>
            {ticket.user && ticket.status !== 'pending' && (
              <Tag style={{ marginInlineEnd: 0, fontSize: 11 }} data-testid="ticket-user">
                {ticket.user.name}
              </Tag>
            )}
            {ticket.tags.map((tag) => (
              // The tag's colour with black or white text, whichever reads on it, in both themes (issue 36 item 9).
              <Tag key={tag.id} style={{ background: tag.color, borderColor: tag.color, color: textOn(tag.color), marginInlineEnd: 0, fontSize: 11 }} data-testid="ticket-row-tag">
                {tag.name}
              </Tag>
            ))}
          </Flex>
        )}
      </Flex>
      <Flex vertical gap={4}>
        {ticket.status === 'pending' && (
          <Button size="small" type="primary" icon={<CheckOutlined />} loading={busy} onClick={act('open')} data-testid="ticket-accept">
            {t('tickets.accept')}
          </Button>
        )}
        {ticket.status === 'open' && (
          <>
            <Button size="small" type="primary" icon={<CheckOutlined />} loading={busy} onClick={act('closed')} data-testid="ticket-resolve">
              {t('tickets.resolve')}
            </Button>
            <Button size="small" icon={<RollbackOutlined />} disabled={busy} onClick={act('pending')} data-testid="ticket-return">
              {t('tickets.return')}
            </Button>
          </>
        )}
        {ticket.status === 'closed' && (
          <Button size="small" icon={<RedoOutlined />} loading={busy} onClick={act('open')} data-testid="ticket-reopen">
            {t('tickets.reopen')}
          </Button>
        )}
      </Flex>
    </Flex>
  );
});
