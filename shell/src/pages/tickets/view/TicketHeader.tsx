import { TICKET_ENDPOINTS } from '@atende/core-contract';
import { useState } from 'react';
import { App, Avatar, Badge, Button, Dropdown, Flex, Space, Tooltip, Typography, theme } from 'antd';
import {
  ArrowLeftOutlined,
  CheckCircleOutlined,
  DeleteOutlined,
  MoreOutlined,
  RollbackOutlined,
  SwapOutlined,
  UndoOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { TicketDto } from '@atende/core-contract';
import { Zone, useCan, useCurrentUser, useErrorToast, useT, useZoneWidgets, call } from '@atende/sdk-web';
import { TagSelector } from './TagSelector.js';
import { TransferModal } from './TransferModal.js';
import { actionBody, actionsFor, type TicketAction } from './ticketViewLogic.js';

export interface TicketHeaderProps {
  ticket: TicketDto;
  narrow?: boolean;
  onChange: (ticket: TicketDto) => void;
  onOpenContact: () => void;
  /** Back to the list: after resolve, transfer or delete, and the phone layout's back arrow. */
  onClose: () => void;
}

const ACTION_ICONS: Record<TicketAction, React.ReactNode> = {
  accept: <CheckCircleOutlined />,
  return: <UndoOutlined />,
  resolve: <CheckCircleOutlined />,
  reopen: <RollbackOutlined />,
};

/** The ticket's header (core-operations §2): contact, status actions, transfer, options, tags. */
export function TicketHeader({ ticket, narrow, onChange, onOpenContact, onClose }: TicketHeaderProps) {
  const { t } = useT();
  const { token } = theme.useToken();
  const { message, modal } = App.useApp();
  const showError = useErrorToast();
  const me = useCurrentUser();
  const canDelete = useCan('ticket-options:deleteTicket');
  // Plugins add entries to the options menu (a schedules plugin its "schedule message", say).
  const menuWidgets = useZoneWidgets('ticket.options.menu');
  const [menuOpen, setMenuOpen] = useState(false);
  const [busy, setBusy] = useState<TicketAction | null>(null);
  const [transferring, setTransferring] = useState(false);

  const run = async (action: TicketAction) => {
    if (!me) return;
    setBusy(action);
    try {
      const updated = await call(TICKET_ENDPOINTS.update, { params: { id: ticket.id }, body: actionBody(action, me.id) });
      onChange(updated);
      if (action === 'resolve') {
        void message.success(t('ticketView.resolved'));
        onClose();
      }
    } catch (err) {
      showError(err);
    } finally {
      setBusy(null);
    }
  };

  const confirmDelete = () =>
    modal.confirm({
      title: t('ticketView.deleteTitle', { name: ticket.contact.name }),
      content: t('ticketView.deleteContent'),
      okText: t('ticketView.delete'),
      okButtonProps: { danger: true, 'data-testid': 'ticket-delete-confirm' },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await call(TICKET_ENDPOINTS.remove, { params: { id: ticket.id } });
          void message.success(t('ticketView.deleted'));
          onClose();
        } catch (err) {
          showError(err);
        }
      },
    });

  const menuItems = [
    ...(canDelete ? [{ key: 'delete', danger: true, icon: <DeleteOutlined />, label: <span data-testid="ticket-option-delete">{t('ticketView.delete')}</span> }] : []),
  ];

  const subtitle = [ticket.user ? t('ticketView.assignedTo', { name: ticket.user.name }) : t('ticketView.unassigned')];

  return (
    <div style={{ borderBottom: `1px solid ${token.colorBorderSecondary}`, padding: '8px 12px', background: token.colorBgContainer }} data-testid="ticket-header">
      <Flex align="center" gap={8} wrap>
        {narrow && <Button type="text" icon={<ArrowLeftOutlined />} onClick={onClose} aria-label={t('ticketView.back')} data-testid="ticket-back" />}
        <Tooltip title={t('ticketView.openContact')}>
          {/* A text button: keyboard focus ring and hover from the theme. */}
          <Button
            type="text"
            onClick={onOpenContact}
            style={{ height: 'auto', padding: '2px 6px', marginInlineStart: -6, display: 'flex', alignItems: 'center', justifyContent: 'flex-start', gap: 10, minWidth: 0, flex: '1 1 200px', textAlign: 'start' }}
            data-testid="ticket-contact"
          >
            <Avatar src={ticket.contact.profilePicUrl || undefined} icon={<UserOutlined />} size={40} style={{ flexShrink: 0 }} />
            <span style={{ minWidth: 0, display: 'flex', flexDirection: 'column' }}>
              <Typography.Text strong ellipsis data-testid="ticket-contact-name">
                {ticket.contact.name} <Typography.Text type="secondary">#{ticket.id}</Typography.Text>
              </Typography.Text>
              <Typography.Text type="secondary" ellipsis style={{ fontSize: token.fontSizeSM }}>
                {ticket.contact.number} · <span data-testid="ticket-assignee">{subtitle}</span>
                {' · '}
                {ticket.queue ? <Badge color={ticket.queue.color} text={<span style={{ fontSize: token.fontSizeSM, color: token.colorTextSecondary }}>{ticket.queue.name}</span>} /> : t('ticketView.noQueue')}
              </Typography.Text>
            </span>
          </Button>
        </Tooltip>
        <Space wrap size={6} data-testid="ticket-actions" data-status={ticket.status}>
          {actionsFor(ticket.status).map((action) => (
            <Button
              key={action}
              size="small"
              type={action === 'accept' || action === 'resolve' || action === 'reopen' ? 'primary' : 'default'}
              icon={ACTION_ICONS[action]}
              loading={busy === action}
              disabled={busy !== null && busy !== action}
              onClick={() => void run(action)}
              data-testid={`ticket-view-${action}`}
            >
              {t(`ticketView.${action}`)}
            </Button>
          ))}
          <Button size="small" icon={<SwapOutlined />} onClick={() => setTransferring(true)} data-testid="ticket-transfer">
            {t('ticketView.transfer')}
          </Button>
          {/* Plugins (kanban, schedules…) add their own buttons here. */}
          <Zone name="ticket.header.actions" context={{ ticket }} />
          {(menuItems.length > 0 || menuWidgets.length > 0) && (
            <Dropdown
              trigger={['click']}
              open={menuOpen}
              onOpenChange={setMenuOpen}
              menu={{
                items: menuItems,
                onClick: ({ key }) => {
                  setMenuOpen(false);
                  if (key === 'delete') confirmDelete();
                },
              }}
              popupRender={(menu) => (
                <div style={{ background: token.colorBgElevated, borderRadius: token.borderRadiusLG, boxShadow: token.boxShadowSecondary }}>
                  {menuItems.length > 0 && menu}
                  {menuWidgets.length > 0 && (
                    <Flex vertical style={{ padding: 4 }} data-testid="ticket-options-plugins">
                      <Zone name="ticket.options.menu" context={{ ticket, close: () => setMenuOpen(false) }} />
                    </Flex>
                  )}
                </div>
              )}
            >
              <Button size="small" type="text" icon={<MoreOutlined />} aria-label={t('ticketView.options')} data-testid="ticket-options" />
            </Dropdown>
          )}
        </Space>
      </Flex>
      <div style={{ marginTop: 6 }}>
        <TagSelector ticket={ticket} onChange={onChange} />
      </div>
      <TransferModal
        open={transferring}
        ticket={ticket}
        onClose={() => setTransferring(false)}
        onTransferred={(updated) => {
          setTransferring(false);
          onChange(updated);
          void message.success(t('ticketView.transferred'));
          // As the reference does: the ticket now belongs to another queue or person, so back to the list.
          onClose();
        }}
      />
    </div>
  );
}
