import { QUEUE_ENDPOINTS, USER_ENDPOINTS, TICKET_ENDPOINTS } from '@atende/core-contract';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Badge, Form, Modal, Select } from 'antd';
import type { TicketDto } from '@atende/core-contract';
import { useDebouncedValue, useErrorToast, useT, call } from '@atende/sdk-web';
import { USER_SEARCH_MIN, matchUsers, transferBody } from './ticketViewLogic.js';

type QueueName = { id: number; name: string; color: string };
type UserName = { id: number; name: string };

export interface TransferModalProps {
  open: boolean;
  ticket: TicketDto;
  onClose: () => void;
  onTransferred: (ticket: TicketDto) => void;
}

/**
 * Transfer (core-operations §2 Modals, §4, §5): a queue is required, a user is optional (searched from 3
 * characters, 500 ms after the last key). Every company queue is offered, also to agents: handing a ticket
 * to another team is the point. The connection stays as it is.
 */
export function TransferModal({ open, ticket, onClose, onTransferred }: TransferModalProps) {
  const { t } = useT();
  const showError = useErrorToast();
  const errorRef = useRef(showError);
  errorRef.current = showError;

  const [queues, setQueues] = useState<QueueName[]>([]);
  const [users, setUsers] = useState<UserName[]>([]);
  const [loading, setLoading] = useState(false);
  const [queueId, setQueueId] = useState<number | undefined>();
  const [userId, setUserId] = useState<number | undefined>();
  const [search, setSearch] = useState('');
  const [queueMissing, setQueueMissing] = useState(false);
  const [saving, setSaving] = useState(false);
  const settled = useDebouncedValue(search, 500);

  // Fresh choices on each opening, before the dialog is painted: a reset left to a passive effect could
  // come after a quick first click on "Transfer" and hide the error that click showed (seen on a loaded machine).
  useLayoutEffect(() => {
    if (!open) return;
    setQueueId(undefined);
    setUserId(undefined);
    setSearch('');
    setQueueMissing(false);
  }, [open]);
  // The lists are read on each opening (queues and users change rarely, but can).
  useEffect(() => {
    if (!open) return;
    let alive = true;
    setLoading(true);
    Promise.all([call(QUEUE_ENDPOINTS.names), call(USER_ENDPOINTS.names)])
      .then(
        ([q, u]) => {
          if (!alive) return;
          setQueues(q);
          setUsers(u);
        },
        (err: unknown) => alive && errorRef.current(err),
      )
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [open]);

  const found = matchUsers(users, settled);
  const chosen = users.find((u) => u.id === userId);
  // The chosen user stays listed so the select can show its name after the search text is cleared.
  const userOptions = [...(chosen && !found.includes(chosen) ? [chosen] : []), ...found].map((u) => ({ value: u.id, label: u.name }));

  const submit = async () => {
    const body = transferBody(queueId, userId);
    if (!body) {
      setQueueMissing(true);
      return;
    }
    setSaving(true);
    try {
      const updated = await call(TICKET_ENDPOINTS.update, { params: { id: ticket.id }, body });
      onTransferred(updated);
    } catch (err) {
      // The choices stay as they were, to retry.
      showError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('ticketView.transferTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('ticketView.transferSubmit')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: saving, 'data-testid': 'transfer-submit' }}
      destroyOnHidden
      data-testid="transfer-modal"
    >
      <Form layout="vertical" requiredMark={false}>
        <Form.Item
          label={t('ticketView.transferQueue')}
          required
          validateStatus={queueMissing ? 'error' : undefined}
          help={queueMissing ? <span data-testid="transfer-queue-error">{t('ticketView.transferQueueRequired')}</span> : undefined}
        >
          <Select
            value={queueId}
            onChange={(v: number | undefined) => {
              setQueueId(v);
              if (v) setQueueMissing(false);
            }}
            allowClear
            showSearch={{ optionFilterProp: 'title' }}
            loading={loading}
            placeholder={t('ticketView.transferQueuePlaceholder')}
            options={queues.map((q) => ({ value: q.id, title: q.name, label: <Badge color={q.color} text={q.name} /> }))}
            data-testid="transfer-queue"
          />
        </Form.Item>
        <Form.Item label={t('ticketView.transferUser')} extra={t('ticketView.transferUserHint')}>
          <Select
            value={userId}
            onChange={(v: number | undefined) => setUserId(v)}
            allowClear
            showSearch={{ filterOption: false, searchValue: search, onSearch: setSearch }}
            loading={loading}
            placeholder={t('ticketView.transferUserPlaceholder')}
            notFoundContent={settled.trim().length >= USER_SEARCH_MIN ? t('ticketView.transferNoUsers') : null}
            options={userOptions}
            data-testid="transfer-user"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
