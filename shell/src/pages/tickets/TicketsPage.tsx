import { Suspense, lazy, useCallback, useEffect, useState } from 'react';
import { Flex, Spin, Tabs, Typography, theme } from 'antd';
import { MessageOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router-dom';
import type { TicketDto } from '@atende/core-contract';
import { useT } from '@atende/sdk-web';
import { useViewportWidth } from '../../layout/useViewport.js';
import { TicketsManager } from './TicketsManager.js';
import { ticketChangedHere } from './ticketBus.js';
import { FirstRunChecklist } from './checklist/FirstRunChecklist.js';

// The conversation (messages, media, contact drawer, transfer…) loads with the first ticket opened.
const TicketView = lazy(() => import('./view/TicketView.js').then((m) => ({ default: m.TicketView })));

/** Below this width the screen shows two tabs instead of two columns (core-operations §2). */
export const NARROW_WIDTH = 600;
/** The layout's header (64 px) and the content padding above and below. */
const CHROME_WIDE = 64 + 32;
const CHROME_NARROW = 64 + 16;

function Welcome() {
  const { t } = useT();
  const { token } = theme.useToken();
  return (
    <Flex vertical align="center" justify="center" gap={12} style={{ height: '100%', padding: 24, textAlign: 'center', overflowY: 'auto' }} data-testid="tickets-welcome">
      <MessageOutlined style={{ fontSize: 56, color: token.colorPrimary }} />
      <Typography.Title level={3} style={{ margin: 0, color: token.colorPrimary }}>
        Atende
      </Typography.Title>
      <Typography.Text type="secondary">{t('tickets.welcome')}</Typography.Text>
      <FirstRunChecklist />
    </Flex>
  );
}

/** The agents' workspace: ticket list on the left third, the conversation of /tickets/{uuid} on the right. */
export function TicketsPage() {
  const { t } = useT();
  const { token } = theme.useToken();
  const { ticketId } = useParams();
  const navigate = useNavigate();
  const narrow = useViewportWidth() < NARROW_WIDTH;
  const [mobileTab, setMobileTab] = useState<'ticket' | 'list'>(ticketId ? 'ticket' : 'list');

  // Choosing a ticket on a phone shows it; closing it goes back to the list.
  useEffect(() => setMobileTab(ticketId ? 'ticket' : 'list'), [ticketId]);

  const open = useCallback((ticket: TicketDto) => navigate(`/tickets/${ticket.uuid}`), [navigate]);
  const close = useCallback(() => navigate('/tickets'), [navigate]);

  const manager = <TicketsManager selectedUuid={ticketId} narrow={narrow} onOpen={open} />;
  const conversation = ticketId ? (
    <Suspense fallback={<Spin style={{ display: 'block', padding: 48 }} />}>
      <TicketView key={ticketId} uuid={ticketId} onClose={close} onTicketChange={ticketChangedHere} />
    </Suspense>
  ) : (
    <Welcome />
  );
  const panel = { background: token.colorBgContainer, borderRadius: token.borderRadiusLG, border: `1px solid ${token.colorBorderSecondary}`, overflow: 'hidden' };

  if (narrow) {
    return (
      <Flex vertical style={{ height: `calc(100dvh - ${CHROME_NARROW}px)`, ...panel }} data-testid="tickets-page" data-layout="tabs">
        <Tabs
          activeKey={mobileTab}
          onChange={(k) => setMobileTab(k as 'ticket' | 'list')}
          centered
          tabBarStyle={{ marginBottom: 0 }}
          items={[
            { key: 'ticket', label: <span data-testid="tickets-mobile-tab-ticket">{t('tickets.tabTicket')}</span> },
            { key: 'list', label: <span data-testid="tickets-mobile-tab-list">{t('tickets.tabList')}</span> },
          ]}
        />
        {/* The list stays mounted behind the ticket tab so it keeps its place and live state. */}
        <div style={{ flex: 1, minHeight: 0, display: mobileTab === 'list' ? 'flex' : 'none', flexDirection: 'column' }}>{manager}</div>
        <div style={{ flex: 1, minHeight: 0, display: mobileTab === 'ticket' ? 'flex' : 'none', flexDirection: 'column' }} data-testid="tickets-conversation">
          {conversation}
        </div>
      </Flex>
    );
  }

  return (
    <Flex gap={12} style={{ height: `calc(100dvh - ${CHROME_WIDE}px)` }} data-testid="tickets-page" data-layout="columns">
      <div style={{ width: '33.333%', minWidth: 320, display: 'flex', flexDirection: 'column', ...panel }}>{manager}</div>
      <div style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', ...panel }} data-testid="tickets-conversation">
        {conversation}
      </div>
    </Flex>
  );
}
