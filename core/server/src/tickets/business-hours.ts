import type { ScheduleEntry } from '@atende/core-contract';

/** The weekday (monday…) and HH:MM of an instant in a time zone. */
export function localClock(at: Date, timeZone: string): { weekdayEn: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return { weekdayEn: get('weekday').toLowerCase(), time: `${get('hour')}:${get('minute')}` };
}

/**
 * Whether `at` falls inside the weekly hours. A day missing from the list, or with equal start and end
 * (the spec's Sunday 00:00–00:00), is closed. An empty list means no hours were set: always open.
 */
export function isWithinHours(schedules: ScheduleEntry[] | null | undefined, at: Date, timeZone: string): boolean {
  if (!schedules?.length) return true;
  const { weekdayEn, time } = localClock(at, timeZone);
  const day = schedules.find((d) => d.weekdayEn === weekdayEn);
  if (!day || day.startTime === day.endTime) return false;
  return time >= day.startTime && time < day.endTime;
}
