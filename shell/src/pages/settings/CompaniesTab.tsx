import { useEffect, useMemo, useState } from 'react';
import { App, Button, Flex, Input, Modal, Popconfirm, Segmented, Tag, Tooltip, Typography, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table/index.js';
import { CalendarOutlined, ClockCircleOutlined, DeleteOutlined, EditOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { COMPANY_ENDPOINTS, PLAN_ENDPOINTS, EXPIRY_FILTERS, RECURRENCE_MONTHS, type Company, type ExpiryFilter, type Plan, type ScheduleEntry } from '@atende/core-contract';
import { daysUntil, dueColour, formatDate, PagedTable, useDebouncedValue, useErrorToast, usePagedList, useT, type DueColour, call } from '@atende/sdk-web';
import { CompanyModal } from './CompanyModal.js';
import { SchedulesEditor } from './SchedulesEditor.js';
import { advancedDueDate } from './dueDate.js';

/** Settings → Companies (super user, commercial-admin §2 and §4). */
export function CompaniesTab() {
  const { t, i18n } = useT();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const { token } = theme.useToken();
  const [search, setSearch] = useState('');
  const [expiry, setExpiry] = useState<ExpiryFilter>('all');
  const searchParam = useDebouncedValue(search.trim(), 500);
  const list = usePagedList(COMPANY_ENDPOINTS.page, 'companies', { searchParam, expiry });
  const { setItems, setCount } = list;
  const [plans, setPlans] = useState<Plan[]>([]);
  const [editing, setEditing] = useState<Company | 'new' | null>(null);
  const [scheduling, setScheduling] = useState<Company | null>(null);

  useEffect(() => {
    call(PLAN_ENDPOINTS.all).then(setPlans, showError);
  }, []);

  // Palette tokens, so the tints follow the light and dark themes (commercial-admin §4 colours).
  const tint: Record<DueColour, string> = { yellow: token.yellow3, orange: token.orange3, red: token.red3 };

  const replace = (c: Company) => setItems((old) => old.map((x) => (x.id === c.id ? c : x)));

  const expire = async (c: Company) => {
    try {
      const saved = await call(COMPANY_ENDPOINTS.advanceDueDate, { params: { id: c.id } });
      replace(saved);
      void message.success(t('companies.expired', { date: formatDate(saved.dueDate, i18n.language) }));
    } catch (err) {
      showError(err);
    }
  };

  const remove = async (c: Company) => {
    try {
      await call(COMPANY_ENDPOINTS.remove, { params: { id: c.id } });
      setItems((old) => old.filter((x) => x.id !== c.id));
      setCount((n) => Math.max(0, n - 1));
      void message.success(t('companies.deleted'));
    } catch (err) {
      showError(err);
    }
  };

  const saveSchedules = async (schedules: ScheduleEntry[]) => {
    if (!scheduling) return;
    try {
      const saved = await call(COMPANY_ENDPOINTS.setSchedules, { params: { id: scheduling.id }, body: { schedules } });
      replace(saved && 'id' in saved ? saved : { ...scheduling, schedules });
      void message.success(t('schedules.saved'));
      setScheduling(null);
    } catch (err) {
      showError(err);
    }
  };

  const columns: ColumnsType<Company> = useMemo(
    () => [
      { title: t('companies.name'), dataIndex: 'name', ellipsis: true },
      { title: t('companies.email'), dataIndex: 'email', ellipsis: true, render: (e: string | null) => e ?? '—' },
      { title: t('companies.plan'), dataIndex: ['plan', 'name'], render: (n: string | undefined) => n ?? '—' },
      {
        title: t('companies.status'),
        dataIndex: 'status',
        width: 110,
        render: (on: boolean) => <Tag color={on ? 'success' : 'default'}>{on ? t('common.active') : t('common.inactive')}</Tag>,
      },
      {
        title: t('companies.dueDate'),
        dataIndex: 'dueDate',
        width: 130,
        render: (d: string | null) => formatDate(d, i18n.language),
      },
      { title: t('companies.recurrence'), dataIndex: 'recurrence', width: 120, render: (r: string) => t(`recurrence.${r}`) },
      {
        title: t('common.actions'),
        key: 'actions',
        width: 170,
        align: 'center',
        render: (_, c) => {
          const id = c.email ?? String(c.id);
          return (
            <Flex gap={2} justify="center">
              <Tooltip title={t('common.edit')}>
                <Button type="text" icon={<EditOutlined />} aria-label={t('common.edit')} onClick={() => setEditing(c)} data-testid={`company-edit-${id}`} />
              </Tooltip>
              <Tooltip title={t('companies.schedules')}>
                <Button
                  type="text"
                  icon={<ClockCircleOutlined />}
                  aria-label={t('companies.schedules')}
                  onClick={() => setScheduling(c)}
                  data-testid={`company-schedules-${id}`}
                />
              </Tooltip>
              <Popconfirm
                // Asks with the date it will set (issue 36 item 9), not only the number of months.
                title={t('companies.expireConfirm', {
                  n: RECURRENCE_MONTHS[c.recurrence],
                  from: c.dueDate ? formatDate(c.dueDate, i18n.language) : t('companies.today'),
                  to: formatDate(advancedDueDate(c.dueDate, c.recurrence).toISOString(), i18n.language),
                })}
                okText={t('common.yes')}
                cancelText={t('common.no')}
                okButtonProps={{ 'data-testid': 'company-expire-confirm' }}
                onConfirm={() => expire(c)}
              >
                <Tooltip title={t('companies.expire')}>
                  <Button type="text" icon={<CalendarOutlined />} aria-label={t('companies.expire')} data-testid={`company-expire-${id}`} />
                </Tooltip>
              </Popconfirm>
              <Popconfirm
                title={t('companies.confirmDelete', { name: c.name })}
                okText={t('common.delete')}
                cancelText={t('common.cancel')}
                okButtonProps={{ danger: true, 'data-testid': 'company-delete-confirm' }}
                onConfirm={() => remove(c)}
                disabled={c.isPlatform}
              >
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('common.delete')}
                  disabled={c.isPlatform}
                  data-testid={`company-delete-${id}`}
                />
              </Popconfirm>
            </Flex>
          );
        },
      },
    ],
    [t, i18n.language],
  );

  return (
    <Flex vertical gap={12} data-testid="companies-tab">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Flex gap={8} wrap align="center">
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('common.search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            style={{ width: 240 }}
            data-testid="companies-search"
          />
          <Segmented<ExpiryFilter>
            value={expiry}
            onChange={setExpiry}
            options={EXPIRY_FILTERS.map((f) => ({ value: f, label: <span data-testid={`companies-expiry-${f}`}>{t(`expiry.${f}`)}</span> }))}
            data-testid="companies-expiry"
          />
        </Flex>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="companies-add">
          {t('companies.add')}
        </Button>
      </Flex>
      {list.loaded && (
        <Typography.Text type="secondary" data-testid="companies-count">
          {t('common.total', { n: list.count })}
        </Typography.Text>
      )}
      <PagedTable<Company>
        list={list}
        items={list.items}
        columns={columns}
        testId="companies"
        maxHeight="calc(100vh - 340px)"
        minWidth={900}
        rowProps={(c) => {
          const colour = dueColour(daysUntil(c.dueDate));
          return {
            'data-testid': `company-row-${c.email ?? c.id}`,
            'data-due': colour ?? undefined,
            style: colour ? { background: tint[colour] } : undefined,
          };
        }}
        emptyText={t('companies.empty')}
      />
      <CompanyModal
        editing={editing}
        plans={plans}
        onClose={() => setEditing(null)}
        onSaved={(c) => {
          if (list.items.some((x) => x.id === c.id)) replace(c);
          else {
            setItems((old) => [c, ...old]);
            setCount((n) => n + 1);
          }
          setEditing(null);
        }}
      />
      <Modal
        open={!!scheduling}
        title={t('companies.schedulesTitle', { name: scheduling?.name ?? '' })}
        footer={null}
        width={560}
        onCancel={() => setScheduling(null)}
        destroyOnHidden
        data-testid="company-schedules-modal"
      >
        {scheduling && <SchedulesEditor value={scheduling.schedules} onSave={saveSchedules} />}
      </Modal>
    </Flex>
  );
}
