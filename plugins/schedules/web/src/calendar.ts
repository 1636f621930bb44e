import type { Schedule } from '@atende/plugin-schedules-contract';

/** The calendar's views (automation-productivity §2): week, work week, day, month and agenda. */
export const VIEWS = ['month', 'week', 'work_week', 'day', 'agenda'] as const;
export type View = (typeof VIEWS)[number];

const DAY = 86_400_000;

export const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate());
export const addDays = (d: Date, n: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + n, d.getHours(), d.getMinutes());
/** Weeks start on Monday (the work week is Monday to Friday). */
export const startOfWeek = (d: Date) => addDays(startOfDay(d), -((d.getDay() + 6) % 7));
export const sameDay = (a: Date, b: Date) => a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** The days a view shows around `anchor` (a month grid is six whole weeks). */
export function daysOf(view: Exclude<View, 'agenda'>, anchor: Date): Date[] {
  if (view === 'day') return [startOfDay(anchor)];
  if (view === 'week' || view === 'work_week') {
    const monday = startOfWeek(anchor);
    return Array.from({ length: view === 'week' ? 7 : 5 }, (_, i) => addDays(monday, i));
  }
  const first = startOfWeek(new Date(anchor.getFullYear(), anchor.getMonth(), 1));
  return Array.from({ length: 42 }, (_, i) => addDays(first, i));
}

/** The [from, to) instants a view asks the API for. */
export function rangeOf(view: View, anchor: Date): { from: Date; to: Date } {
  if (view === 'agenda') return { from: startOfDay(anchor), to: new Date(startOfDay(anchor).getTime() + 3650 * DAY) };
  const days = daysOf(view, anchor);
  return { from: days[0]!, to: addDays(days[days.length - 1]!, 1) };
}

/** The anchor one step back or forward. */
export function step(view: View, anchor: Date, dir: 1 | -1): Date {
  if (view === 'month') return new Date(anchor.getFullYear(), anchor.getMonth() + dir, 1);
  if (view === 'day' || view === 'agenda') return addDays(anchor, dir);
  return addDays(anchor, 7 * dir);
}

/** A schedule a list should hold: inside the range and matching the search (contact name or number, text). */
export function belongs(s: Schedule, range: { from: Date; to: Date }, search: string): boolean {
  const at = new Date(s.sendAt).getTime();
  if (at < range.from.getTime() || at >= range.to.getTime()) return false;
  const q = search.trim().toLowerCase();
  return !q || s.contact.name.toLowerCase().includes(q) || s.contact.number.includes(q) || s.body.toLowerCase().includes(q);
}

/** Inserts or replaces one schedule, keeping send order. */
export function upsert(list: Schedule[], s: Schedule): Schedule[] {
  const rest = list.filter((x) => x.id !== s.id);
  const at = rest.findIndex((x) => x.sendAt > s.sendAt || (x.sendAt === s.sendAt && x.id > s.id));
  return at < 0 ? [...rest, s] : [...rest.slice(0, at), s, ...rest.slice(at)];
}

/** `YYYY-MM-DDTHH:mm` in local time, the value of a datetime-local input. */
export function toLocalInput(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** The default send time: now plus one hour (automation-productivity §4), to the minute. */
export function defaultSendAt(now = new Date()): string {
  return toLocalInput(new Date(now.getTime() + 3_600_000));
}
