import { describe, expect, it } from 'vitest';
import { daysOf, periodOf } from './period.js';

describe('periodOf', () => {
  it('ends a period of days today in the company time zone', () => {
    // 03:00 UTC on the 27th is still the 26th in Lima.
    expect(periodOf({ days: 3 }, 'America/Lima', new Date('2026-11-27T03:00:00Z'))).toEqual({ from: '2026-11-24', to: '2026-11-26' });
    expect(periodOf({}, 'UTC', new Date('2026-11-27T03:00:00Z'))).toEqual({ from: '2026-11-21', to: '2026-11-27' });
  });
  it('takes a custom range and refuses a reversed, unreal or too long one', () => {
    expect(periodOf({ from: '2026-01-01', to: '2026-01-31' }, 'UTC')).toEqual({ from: '2026-01-01', to: '2026-01-31' });
    expect(() => periodOf({ from: '2026-02-01', to: '2026-01-31' }, 'UTC')).toThrow();
    expect(() => periodOf({ from: '2026-02-30', to: '2026-03-01' }, 'UTC')).toThrow();
    expect(() => periodOf({ from: '2024-01-01', to: '2026-01-01' }, 'UTC')).toThrow();
  });
  it('lists every day of a range', () => {
    expect(daysOf('2026-12-30', '2027-01-01')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01']);
  });
});
