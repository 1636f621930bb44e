import { useEffect, useState } from 'react';
import { Button, Flex, Input, Table, Typography } from 'antd';
import { DEFAULT_SCHEDULES, WEEKDAYS_EN, type ScheduleEntry } from '@atende/core-contract';
import { maskTime, TIME_PATTERN, useT } from '@atende/sdk-web';

/** Monday..Sunday, one entry each: missing days take the default hours, extra or unknown ones are dropped. */
export function normalizeSchedules(entries: ScheduleEntry[] | null | undefined): ScheduleEntry[] {
  return WEEKDAYS_EN.map((day, i) => {
    const found = entries?.find((e) => e.weekdayEn === day);
    return found ? { ...found } : { ...DEFAULT_SCHEDULES[i] };
  });
}

interface Props {
  value: ScheduleEntry[] | null | undefined;
  onSave: (schedules: ScheduleEntry[]) => Promise<void>;
}

/** Weekly working hours with an HH:MM mask (core-operations §5); used for the own company and in the companies tab. */
export function SchedulesEditor({ value, onSave }: Props) {
  const { t } = useT();
  const [rows, setRows] = useState(() => normalizeSchedules(value));
  const [saving, setSaving] = useState(false);
  const [touched, setTouched] = useState(false);
  useEffect(() => setRows(normalizeSchedules(value)), [value]);

  const set = (day: string, field: 'startTime' | 'endTime', text: string) =>
    setRows((old) => old.map((r) => (r.weekdayEn === day ? { ...r, [field]: maskTime(text) } : r)));
  const valid = rows.every((r) => TIME_PATTERN.test(r.startTime) && TIME_PATTERN.test(r.endTime));

  const save = async () => {
    setTouched(true);
    if (!valid) return;
    setSaving(true);
    try {
      await onSave(rows);
    } finally {
      setSaving(false);
    }
  };

  const timeInput = (r: ScheduleEntry, field: 'startTime' | 'endTime') => {
    const bad = !TIME_PATTERN.test(r[field]);
    return (
      <Input
        value={r[field]}
        placeholder="HH:MM"
        maxLength={5}
        inputMode="numeric"
        status={bad && (touched || r[field].length === 5) ? 'error' : undefined}
        aria-label={`${t(`weekdays.${r.weekdayEn}`)} ${field === 'startTime' ? t('schedules.start') : t('schedules.end')}`}
        onChange={(e) => set(r.weekdayEn, field, e.target.value)}
        style={{ width: 100 }}
        data-testid={`schedule-${field === 'startTime' ? 'start' : 'end'}-${r.weekdayEn}`}
      />
    );
  };

  return (
    <Flex vertical gap={12} data-testid="schedules-editor">
      <Table<ScheduleEntry>
        rowKey="weekdayEn"
        size="small"
        pagination={false}
        dataSource={rows}
        columns={[
          { title: t('schedules.weekday'), dataIndex: 'weekdayEn', render: (d: string) => t(`weekdays.${d}`) },
          { title: t('schedules.start'), key: 'start', render: (_, r) => timeInput(r, 'startTime') },
          { title: t('schedules.end'), key: 'end', render: (_, r) => timeInput(r, 'endTime') },
        ]}
      />
      {touched && !valid && (
        <Typography.Text type="danger" data-testid="schedules-invalid">
          {t('validation.invalid_time')}
        </Typography.Text>
      )}
      <Flex justify="end">
        <Button type="primary" loading={saving} onClick={() => void save()} data-testid="schedules-save">
          {t('schedules.save')}
        </Button>
      </Flex>
    </Flex>
  );
}
