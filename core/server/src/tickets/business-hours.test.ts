import { describe, expect, it } from 'vitest';
import { DEFAULT_SCHEDULES } from '@atende/core-contract';
import { isWithinHours, localClock } from './business-hours.js';

describe('business hours', () => {
  const lima = 'America/Lima'; // UTC-5, no daylight saving
  it('reads the local weekday and time', () => {
    expect(localClock(new Date('2027-06-07T14:30:00Z'), lima)).toEqual({ weekdayEn: 'monday', time: '09:30' });
  });
  it('follows the default hours: weekdays 08–18, Saturday 08–12, Sunday closed', () => {
    expect(isWithinHours(DEFAULT_SCHEDULES, new Date('2027-06-07T13:00:00Z'), lima)).toBe(true); // Mon 08:00
    expect(isWithinHours(DEFAULT_SCHEDULES, new Date('2027-06-07T12:59:00Z'), lima)).toBe(false); // Mon 07:59
    expect(isWithinHours(DEFAULT_SCHEDULES, new Date('2027-06-07T23:00:00Z'), lima)).toBe(false); // Mon 18:00
    expect(isWithinHours(DEFAULT_SCHEDULES, new Date('2027-06-12T16:00:00Z'), lima)).toBe(true); // Sat 11:00
    expect(isWithinHours(DEFAULT_SCHEDULES, new Date('2027-06-12T17:00:00Z'), lima)).toBe(false); // Sat 12:00
    expect(isWithinHours(DEFAULT_SCHEDULES, new Date('2027-06-13T16:00:00Z'), lima)).toBe(false); // Sun
  });
  it('is always open without hours', () => {
    expect(isWithinHours([], new Date(), lima)).toBe(true);
  });
});
