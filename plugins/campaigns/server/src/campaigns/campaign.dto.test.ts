import { describe, expect, it } from 'vitest';
import { fromWallTime, wallTime } from './campaign.dto.js';

describe('campaign wall times are the company’s', () => {
  it('reads and writes YYYY-MM-DD HH:mm:ss in the company time zone, not the server’s', () => {
    // Lima is UTC−5 all year.
    expect(fromWallTime('2026-11-26 10:00:00', 'America/Lima')?.toISOString()).toBe('2026-11-26T15:00:00.000Z');
    expect(wallTime(new Date('2026-11-26T15:00:00Z'), 'America/Lima')).toBe('2026-11-26 10:00:00');
    expect(fromWallTime('2026-11-26 10:00:00', 'UTC')?.toISOString()).toBe('2026-11-26T10:00:00.000Z');
  });

  it('round-trips across a daylight-saving change', () => {
    // São Paulo has no DST now; New York changes on 2026-03-08 and 2026-11-01.
    for (const s of ['2026-03-07 12:00:00', '2026-03-09 12:00:00', '2026-10-31 23:30:00', '2026-11-02 00:30:00']) {
      expect(wallTime(fromWallTime(s, 'America/New_York'), 'America/New_York')).toBe(s);
    }
    expect(fromWallTime('2026-07-01 09:00:00', 'America/New_York')?.toISOString()).toBe('2026-07-01T13:00:00.000Z');
    expect(wallTime(null)).toBeNull();
    expect(fromWallTime(null)).toBeNull();
  });
});
