import { useEffect, useState } from 'react';
import { App, Skeleton, Typography } from 'antd';
import type { Company, ScheduleEntry } from '@atende/core-contract';
import { api, LoadError, useCurrentUser, useErrorToast, useT } from '@atende/sdk-web';
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
    api.get<Company>(`/companies/${companyId}`).then((c) => setSchedules(c.schedules ?? []), setError);
  };
  useEffect(load, [companyId]);

  const save = async (list: ScheduleEntry[]) => {
    try {
      const saved = await api.put<Company | undefined>(`/companies/${companyId}/schedules`, { schedules: list });
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
