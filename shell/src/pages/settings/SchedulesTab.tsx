import { COMPANY_ENDPOINTS } from '@atende/core-contract';
import { useEffect, useState } from 'react';
import { App, Skeleton, Typography } from 'antd';
import type { ScheduleEntry } from '@atende/core-contract';
import { LoadError, useCurrentUser, useErrorToast, useT, call } from '@atende/sdk-web';
import { SchedulesEditor } from './SchedulesEditor.js';

/** Settings → Schedules: the own company's working hours, offered when the schedule type is 'company'. */
export function SchedulesTab() {
  const { t } = useT();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const companyId = useCurrentUser()!.companyId;
  const [schedules, setSchedules] = useState<ScheduleEntry[] | null>(null);
  const [error, setError] = useState<unknown>(null);

  const load = () => {
    setError(null);
    call(COMPANY_ENDPOINTS.show, { params: { id: companyId } }).then((c) => setSchedules(c.schedules ?? []), setError);
  };
  useEffect(load, [companyId]);

  const save = async (list: ScheduleEntry[]) => {
    try {
      const saved = await call(COMPANY_ENDPOINTS.setSchedules, { params: { id: companyId }, body: { schedules: list } });
      setSchedules(saved?.schedules ?? list);
      void message.success(t('schedules.saved'));
    } catch (err) {
      showError(err);
    }
  };

  if (error) {
    return <LoadError error={error} onRetry={load} />;
  }
  if (!schedules) return <Skeleton active paragraph={{ rows: 7 }} />;
  return (
    <>
      <Typography.Paragraph type="secondary">{t('schedules.hint')}</Typography.Paragraph>
      <SchedulesEditor value={schedules} onSave={save} />
    </>
  );
}
