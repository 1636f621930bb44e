import { describe, expect, it } from 'vitest';
import { addDays, localDayHour } from './local-time.js';

describe('localDayHour', () => {
  it('puts an instant on the day and hour of the time zone, across midnight', () => {
    // 04:30 UTC is 23:30 of the previous day in Lima (UTC-5) and 01:30 in Madrid (winter, UTC+1).
    const at = new Date('2026-11-27T04:30:00Z');
    expect(localDayHour(at, 'America/Lima')).toEqual({ day: '2026-11-26', hour: 23 });
    expect(localDayHour(new Date('2026-11-27T05:00:00Z'), 'America/Lima')).toEqual({ day: '2026-11-27', hour: 0 });
    expect(localDayHour(at, 'Europe/Madrid')).toEqual({ day: '2026-11-27', hour: 5 });
    expect(localDayHour(new Date('2026-11-26T23:00:00Z'), 'Europe/Madrid')).toEqual({ day: '2026-11-27', hour: 0 });
  });

  it('adds calendar days across months and years', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
