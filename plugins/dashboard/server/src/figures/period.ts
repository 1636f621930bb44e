import { AppError } from '@atende/sdk-server';
import { MAX_RANGE_DAYS, type DashboardQuery } from '@atende/plugin-dashboard-contract';
import { addDays, localToday } from '../rollup/local-time.js';

/** The days a query covers (both included), in the company's time zone: `days` ending today, a range, or 7 days. */
export function periodOf(query: Pick<DashboardQuery, 'days' | 'from' | 'to'>, timeZone: string, now = new Date()): { from: string; to: string } {
  if (query.from && query.to) {
    if (!realDay(query.from) || !realDay(query.to)) throw AppError.validation([{ path: 'from', message: 'invalid_date' }]);
    if (query.from > query.to) throw AppError.validation([{ path: 'to', message: 'before_from' }]);
    if (daysBetween(query.from, query.to) >= MAX_RANGE_DAYS) throw AppError.validation([{ path: 'to', message: 'range_too_long' }]);
    return { from: query.from, to: query.to };
  }
  const to = localToday(timeZone, now);
  return { from: addDays(to, -((query.days ?? 7) - 1)), to };
}

/** Every day from `from` to `to`, both included. */
export function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

const realDay = (d: string) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d);
const daysBetween = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
