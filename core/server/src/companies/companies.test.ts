import { describe, expect, it } from 'vitest';
import { addMonths, expiryWhere } from './companies.service.js';
import { isExpired } from '../auth/company-expiry.js';

describe('addMonths', () => {
  it('keeps the day of month, clamped to the target month', () => {
    expect(addMonths(new Date('2027-01-31T12:00:00Z'), 1).toISOString()).toBe('2027-02-28T12:00:00.000Z');
    expect(addMonths(new Date('2028-01-31T12:00:00Z'), 1).toISOString()).toBe('2028-02-29T12:00:00.000Z');
    expect(addMonths(new Date('2027-03-15T00:00:00Z'), 12).toISOString()).toBe('2028-03-15T00:00:00.000Z');
    expect(addMonths(new Date('2027-11-30T00:00:00Z'), 3).toISOString()).toBe('2028-02-29T00:00:00.000Z');
  });
});

describe('expiryWhere', () => {
  const now = new Date('2027-06-10T00:00:00Z');
  it('expiring soon is due within the next 5 days; recently expired within the last 5', () => {
    expect(expiryWhere('expiringSoon', now)).toEqual({ dueDate: { $gte: now, $lte: new Date('2027-06-15T00:00:00Z') } });
    expect(expiryWhere('recentlyExpired', now)).toEqual({ dueDate: { $lt: now, $gte: new Date('2027-06-05T00:00:00Z') } });
    expect(expiryWhere('all', now)).toEqual({});
  });
});

describe('isExpired', () => {
  it('is true only after the due date, never for the platform or without a date', () => {
    const now = new Date('2027-06-10T12:00:00Z');
    expect(isExpired({ isPlatform: false, dueDate: new Date('2027-06-10T11:59:59Z') }, now)).toBe(true);
    expect(isExpired({ isPlatform: false, dueDate: new Date('2027-06-10T12:00:01Z') }, now)).toBe(false);
    expect(isExpired({ isPlatform: true, dueDate: new Date('2000-01-01') }, now)).toBe(false);
    expect(isExpired({ isPlatform: false, dueDate: null }, now)).toBe(false);
  });
});
