import { useEffect, useState } from 'react';
import { App, Flex, Form, Input, InputNumber, Modal, Table, Tabs, Tooltip, Typography, theme } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { QUEUE_ENDPOINTS, DEFAULT_SCHEDULES, type Queue, type QueueInput, type ScheduleEntry } from '@atende/core-contract';
import { ApiError, applyServerErrors, bindingFields, lengthRules, localized, maskTime, TIME_PATTERN, useErrorToast, useT, useZoneWidgets, ZoneWidget, call } from '@atende/sdk-web';
import { normalizeSchedules } from '../settings/SchedulesEditor.js';
import { QUEUE_PALETTE, colourOwner, firstFreeColour, inkOn } from './palette.js';
import { QueueOptionsEditor } from './QueueOptionsEditor.js';

interface Values {
  name: string;
  color: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  orderQueue: number | null;
}

type TabKey = 'data' | 'hours' | 'options';

interface Props {
  /** 'new' to add, a queue to edit, null when closed. */
  editing: Queue | 'new' | null;
  /** Every queue of the company, to keep colours unique. */
  queues: Queue[];
  onClose: () => void;
  onSaved: (queue: Queue) => void;
}

/** The queue dialog (core-operations §2 "Other lists"): tabs 'queue data', 'attendance hours' and the options tree. */
export function QueueModal({ editing, queues, onClose, onSaved }: Props) {
  const { t, i18n } = useT();
  const lang = i18n.language;
  const pluginTabs = useZoneWidgets('queue.modal.tabs');
  const { message } = App.useApp();
  const showError = useErrorToast();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [tab, setTab] = useState<TabKey>('data');
  const [hours, setHours] = useState<ScheduleEntry[]>(DEFAULT_SCHEDULES);
  const [hoursTouched, setHoursTouched] = useState(false);
  const queue = editing && editing !== 'new' ? editing : null;

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    form.setFieldsValue(
      queue
        ? { name: queue.name, color: queue.color, greetingMessage: queue.greetingMessage, outOfHoursMessage: queue.outOfHoursMessage, orderQueue: queue.orderQueue }
        : { name: '', color: firstFreeColour(queues) ?? '', greetingMessage: '', outOfHoursMessage: '', orderQueue: null },
    );
    // Missing days show the default hours (§9), which are what gets saved.
    setHours(normalizeSchedules(queue?.schedules));
    setHoursTouched(false);
    setTab('data');
  }, [editing]);

  const hoursValid = hours.every((h) => TIME_PATTERN.test(h.startTime) && TIME_PATTERN.test(h.endTime));

  const save = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      setTab('data');
      return;
    }
    setHoursTouched(true);
    if (!hoursValid) {
      setTab('hours');
      return;
    }
    setSaving(true);
    const body = {
      name: values.name.trim(),
      color: values.color,
      greetingMessage: values.greetingMessage ?? '',
      outOfHoursMessage: values.outOfHoursMessage ?? '',
      orderQueue: values.orderQueue ?? null,
      schedules: hours,
      ...bindingFields(form.getFieldsValue(true)),
    } satisfies QueueInput;
    try {
      const saved = queue ? await call(QUEUE_ENDPOINTS.update, { params: { id: queue.id }, body }) : await call(QUEUE_ENDPOINTS.create, { body });
      void message.success(t('queues.saved'));
      onSaved(saved);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'ERR_QUEUE_COLOR_ALREADY_EXISTS') {
        form.setFields([{ name: 'color', errors: [t('queues.colourTaken')] }]);
        setTab('data');
      } else if (applyServerErrors(form, err, t)) setTab('data');
      showError(err); // the dialog stays open with what was typed
    } finally {
      setSaving(false);
    }
  };

  const setHour = (day: string, field: 'startTime' | 'endTime', text: string) =>
    setHours((old) => old.map((h) => (h.weekdayEn === day ? { ...h, [field]: maskTime(text) } : h)));
  const timeInput = (h: ScheduleEntry, field: 'startTime' | 'endTime') => {
    const bad = !TIME_PATTERN.test(h[field]);
    return (
      <Input
        value={h[field]}
        placeholder="HH:MM"
        maxLength={5}
        inputMode="numeric"
        status={bad && (hoursTouched || h[field].length === 5) ? 'error' : undefined}
        aria-label={`${t(`weekdays.${h.weekdayEn}`)} ${field === 'startTime' ? t('schedules.start') : t('schedules.end')}`}
        onChange={(e) => setHour(h.weekdayEn, field, e.target.value)}
        style={{ width: 100 }}
        data-testid={`queue-hours-${field === 'startTime' ? 'start' : 'end'}-${h.weekdayEn}`}
      />
    );
  };

  const dataTab = (
    <>
      <Flex gap={16} wrap>
        <Form.Item name="name" label={t('queues.name')} rules={lengthRules(t, 2, 50)} style={{ flex: '1 1 260px' }}>
          <Input maxLength={50} data-testid="queue-name" />
        </Form.Item>
        <Form.Item name="orderQueue" label={t('queues.order')} extra={t('queues.orderHint')} style={{ flex: '0 0 160px' }}>
          <InputNumber min={0} max={10000} precision={0} style={{ width: '100%' }} data-testid="queue-order" />
        </Form.Item>
      </Flex>
      <Form.Item
        name="color"
        label={t('queues.colour')}
        rules={[
          { required: true, message: t('queues.colourRequired') },
          {
            validator: (_, v: string | undefined) =>
              v && colourOwner(v, queues, queue?.id) ? Promise.reject(new Error(t('queues.colourTaken'))) : Promise.resolve(),
          },
        ]}
      >
        <ColourPicker queues={queues} editingId={queue?.id} />
      </Form.Item>
      <Form.Item name="greetingMessage" label={t('queues.greeting')} extra={t('queues.greetingHint')}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={5000} data-testid="queue-greeting" />
      </Form.Item>
      <Form.Item name="outOfHoursMessage" label={t('queues.outOfHours')} extra={t('queues.outOfHoursHint')}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={5000} data-testid="queue-out-of-hours" />
      </Form.Item>
    </>
  );

  const hoursTab = (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">{t('queues.hoursHint')}</Typography.Text>
      <Table<ScheduleEntry>
        rowKey="weekdayEn"
        size="small"
        pagination={false}
        dataSource={hours}
        columns={[
          { title: t('schedules.weekday'), dataIndex: 'weekdayEn', render: (d: string) => t(`weekdays.${d}`) },
          { title: t('schedules.start'), key: 'start', render: (_, h) => timeInput(h, 'startTime') },
          { title: t('schedules.end'), key: 'end', render: (_, h) => timeInput(h, 'endTime') },
        ]}
        data-testid="queue-hours"
      />
      {hoursTouched && !hoursValid && (
        <Typography.Text type="danger" data-testid="queue-hours-invalid">
          {t('validation.invalid_time')}
        </Typography.Text>
      )}
    </Flex>
  );

  return (
    <Modal
      open={!!editing}
      title={queue ? t('queues.editTitle') : t('queues.addTitle')}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'queue-save' }}
      cancelButtonProps={{ 'data-testid': 'queue-cancel' }}
      width={720}
      // Kept mounted so the form exists before the first open; the effect above refills it on each open.
      forceRender
      data-testid="queue-modal"
    >
      {/* One form around every tab, so the fields of plugin tabs belong to it too. No <form> element:
          the options tab has its own form, and forms do not nest; the dialog's OK button saves. */}
      <Form<Values> form={form} component={false} layout="vertical" requiredMark={false} autoComplete="off" onFinish={() => void save()}>
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as TabKey)}
        items={[
          { key: 'data', label: <span data-testid="queue-tab-data">{t('queues.tabs.data')}</span>, children: dataTab, forceRender: true },
          { key: 'hours', label: <span data-testid="queue-tab-hours">{t('queues.tabs.hours')}</span>, children: hoursTab, forceRender: true },
          {
            key: 'options',
            label: (
              <Tooltip title={queue ? undefined : t('queues.optionsAfterSave')}>
                <span data-testid="queue-tab-options">{t('queues.tabs.options')}</span>
              </Tooltip>
            ),
            disabled: !queue,
            children: queue ? <QueueOptionsEditor queueId={queue.id} /> : null,
          },
          // Plugins add tabs here (an AI prompt for the queue, say), each isolated.
          ...pluginTabs.map((w) => ({
            key: `plugin:${w.pluginId}`,
            label: <span data-testid={`queue-tab-plugin-${w.pluginId}`}>{w.label ? localized(w.label, lang) : w.pluginId}</span>,
            children: <ZoneWidget widget={w} context={{ queue, form }} resetKey={queue?.id} />,
            forceRender: true,
          })),
        ]}
      />
      </Form>
    </Modal>
  );
}

/** The fixed palette as swatches; colours other queues use are shown but cannot be picked. */
function ColourPicker({ value, onChange, queues, editingId }: { value?: string; onChange?: (v: string) => void; queues: Queue[]; editingId?: number }) {
  const { t } = useT();
  const { token } = theme.useToken();
  // A queue saved with a colour outside the palette keeps it as one more choice.
  const choices: string[] = value && !QUEUE_PALETTE.some((c) => c.toLowerCase() === value.toLowerCase()) ? [...QUEUE_PALETTE, value] : [...QUEUE_PALETTE];
  return (
    <Flex wrap gap={8} role="radiogroup" aria-label={t('queues.colour')} data-testid="queue-colour">
      {choices.map((c) => {
        const owner = colourOwner(c, queues, editingId);
        const selected = !!value && value.toLowerCase() === c.toLowerCase();
        return (
          <Tooltip key={c} title={owner ? t('queues.colourUsedBy', { name: owner.name }) : c}>
            <button
              type="button"
              role="radio"
              aria-checked={selected}
              aria-label={c}
              disabled={!!owner}
              onClick={() => onChange?.(c)}
              data-testid={`queue-colour-${c.slice(1).toUpperCase()}`}
              style={{
                width: 28,
                height: 28,
                borderRadius: '50%',
                background: c,
                cursor: owner ? 'not-allowed' : 'pointer',
                opacity: owner ? 0.25 : 1,
                border: `2px solid ${selected ? token.colorText : 'transparent'}`,
                outline: selected ? `2px solid ${token.colorBgContainer}` : 'none',
                outlineOffset: -4,
                display: 'inline-flex',
                alignItems: 'center',
                justifyContent: 'center',
                color: inkOn(c),
                padding: 0,
              }}
            >
              {selected && <CheckOutlined style={{ fontSize: 12 }} />}
            </button>
          </Tooltip>
        );
      })}
    </Flex>
  );
}
