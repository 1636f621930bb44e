import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Card, Flex, List, Typography } from 'antd';
import { CheckCircleFilled, CloseOutlined, RightOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { CONNECTION_ENDPOINTS, QUEUE_ENDPOINTS, SOCKET_EVENTS, TICKET_ENDPOINTS, USER_ENDPOINTS } from '@atende/core-contract';
import { call, useCan, useCurrentUser, useRealtime, useT } from '@atende/sdk-web';
import { CHECKLIST_STEPS, dismissKey, doneSteps, type ChecklistStep, type CompanyFacts } from './checklist.js';

/** Where each step is done; the connection step offers the simulator too. */
const LINKS: Record<ChecklistStep, string> = { connection: '/connections', queue: '/queues', agent: '/users', message: '/sandbox' };

/** Reads what the company has; a failed read leaves the list as it was (it is a guide, not a gate). */
async function readFacts(): Promise<CompanyFacts> {
  const [connections, queues, users, tickets] = await Promise.all([
    call(CONNECTION_ENDPOINTS.list),
    call(QUEUE_ENDPOINTS.list),
    call(USER_ENDPOINTS.names),
    call(TICKET_ENDPOINTS.page, { query: { showAll: 'true' } }),
  ]);
  return {
    connectedConnections: connections.filter((c) => c.status === 'CONNECTED').length,
    queues: queues.length,
    users: users.length,
    tickets: tickets.tickets.length,
  };
}

/**
 * The first-run checklist an admin sees beside the empty workspace (issue 36 item 1): connect WhatsApp
 * (or try the simulator), create a queue, invite an agent, receive a first message. Each step ticks
 * itself off from the company's data, read again on live events; it can be dismissed for good.
 */
export function FirstRunChecklist() {
  const { t } = useT();
  const me = useCurrentUser();
  const isAdmin = useCan('connections-page:addConnection');
  const key = me ? dismissKey(me.companyId, me.id) : null;
  const [dismissed, setDismissed] = useState(() => !key || localStorage.getItem(key) === '1');
  const [facts, setFacts] = useState<CompanyFacts | null>(null);
  const active = isAdmin && !dismissed;

  const reload = useCallback(() => {
    readFacts().then(setFacts, (err: unknown) => console.warn('checklist not loaded', err));
  }, []);
  useEffect(() => {
    if (active) reload();
  }, [active, reload]);

  // Several events arrive together (a connection's status, a new ticket): one read after they settle.
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const soon = () => {
    if (!active) return;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(reload, 700);
  };
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  useRealtime(SOCKET_EVENTS.whatsappSession, soon);
  useRealtime(SOCKET_EVENTS.whatsapp, soon);
  useRealtime(SOCKET_EVENTS.queue, soon);
  useRealtime(SOCKET_EVENTS.user, soon);
  useRealtime(SOCKET_EVENTS.ticket, soon);

  if (!active || !facts) return null;
  const done = doneSteps(facts);
  const count = CHECKLIST_STEPS.filter((s) => done[s]).length;
  const dismiss = () => {
    if (key) localStorage.setItem(key, '1');
    setDismissed(true);
  };

  return (
    <Card
      size="small"
      style={{ width: '100%', maxWidth: 460, textAlign: 'start' }}
      title={t('tickets.checklistTitle', { done: count, total: CHECKLIST_STEPS.length })}
      extra={<Button type="text" size="small" icon={<CloseOutlined />} onClick={dismiss} aria-label={t('tickets.checklistDismiss')} title={t('tickets.checklistDismiss')} data-testid="checklist-dismiss" />}
      data-testid="first-run-checklist"
      data-done={count}
    >
      {count === CHECKLIST_STEPS.length && (
        <Typography.Paragraph type="success" data-testid="checklist-all-done">
          {t('tickets.checklistAllDone')}
        </Typography.Paragraph>
      )}
      <List
        size="small"
        dataSource={[...CHECKLIST_STEPS]}
        renderItem={(step) => (
          <List.Item data-testid={`checklist-${step}`} data-done={done[step] ? 'true' : 'false'}>
            <Flex align="center" gap={8} style={{ width: '100%' }}>
              <CheckCircleFilled style={{ color: done[step] ? '#52c41a' : 'rgba(128,128,128,0.35)', fontSize: 16 }} aria-label={done[step] ? t('tickets.checklistDone') : t('tickets.checklistTodo')} />
              <Flex vertical style={{ flex: 1 }}>
                <Typography.Text delete={done[step]}>{t(`tickets.checklist_${step}`)}</Typography.Text>
                {!done[step] && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t(`tickets.checklistHint_${step}`)}
                  </Typography.Text>
                )}
              </Flex>
              {!done[step] && (
                <Flex vertical align="flex-end">
                  <Link to={LINKS[step]} data-testid={`checklist-go-${step}`}>
                    {t('tickets.checklistGo')} <RightOutlined />
                  </Link>
                  {step === 'connection' && (
                    <Link to="/sandbox" style={{ fontSize: 12 }} data-testid="checklist-go-simulator">
                      {t('tickets.checklistSimulator')}
                    </Link>
                  )}
                </Flex>
              )}
            </Flex>
          </List.Item>
        )}
      />
    </Card>
  );
}
