import { describe, expect, it } from 'vitest';
import type { Schedule } from '@atende/plugin-schedules-contract';
import { belongs, daysOf, defaultSendAt, rangeOf, step, toLocalInput, upsert } from './calendar.js';

const s = (id: number, sendAt: string, name = 'Ana', body = 'Hola amiga'): Schedule =>
  ({ id, sendAt, body, contact: { id: 1, name, number: '51999' } }) as Schedule;

describe('calendar views', () => {
  it('month is six weeks from the Monday on or before the 1st; weeks start Monday; work week is five days', () => {
    const month = daysOf('month', new Date(2026, 4, 20)); // May 2026: the 1st is a Friday
    expect(month).toHaveLength(42);
    expect(month[0]).toEqual(new Date(2026, 3, 27));
    const week = daysOf('week', new Date(2026, 4, 20)); // a Wednesday
    expect(week.map((d) => d.getDate())).toEqual([18, 19, 20, 21, 22, 23, 24]);
    expect(daysOf('work_week', new Date(2026, 4, 24)).map((d) => d.getDay())).toEqual([1, 2, 3, 4, 5]);
    expect(rangeOf('day', new Date(2026, 4, 20, 15))).toEqual({ from: new Date(2026, 4, 20), to: new Date(2026, 4, 21) });
  });

  it('steps by the view’s unit', () => {
    expect(step('month', new Date(2026, 0, 31), 1)).toEqual(new Date(2026, 1, 1));
    expect(step('week', new Date(2026, 4, 20), -1).getDate()).toBe(13);
    expect(step('day', new Date(2026, 4, 31), 1).getDate()).toBe(1);
  });

  it('keeps a list in send order and filters by range and search', () => {
    const list = upsert(upsert([s(1, '2026-05-02T10:00:00.000Z'), s(2, '2026-05-04T10:00:00.000Z')], s(3, '2026-05-03T10:00:00.000Z')), s(1, '2026-05-05T10:00:00.000Z'));
    expect(list.map((x) => x.id)).toEqual([3, 2, 1]);
    const range = { from: new Date('2026-05-01T00:00:00Z'), to: new Date('2026-05-04T00:00:00Z') };
    expect(belongs(s(1, '2026-05-02T10:00:00.000Z'), range, '')).toBe(true);
    expect(belongs(s(1, '2026-05-04T00:00:00.000Z'), range, '')).toBe(false);
    expect(belongs(s(1, '2026-05-02T10:00:00.000Z', 'Ana'), range, 'ana')).toBe(true);
    expect(belongs(s(1, '2026-05-02T10:00:00.000Z', 'Ana'), range, 'beto')).toBe(false);
  });

  it('defaults the send time to one hour ahead, as a datetime-local value', () => {
    expect(defaultSendAt(new Date(2026, 4, 20, 23, 30))).toBe('2026-05-21T00:30');
    expect(toLocalInput(new Date(2026, 0, 2, 3, 4))).toBe('2026-01-02T03:04');
  });
});
