import { describe, expect, it } from 'vitest';
import { advancedDueDate } from './dueDate.js';

describe('the date the Expire button sets', () => {
  it('moves the due date forward by the recurrence', () => {
    expect(advancedDueDate('2026-11-27T12:00:00.000Z', 'MENSAL').toISOString()).toBe('2026-12-27T12:00:00.000Z');
    expect(advancedDueDate('2026-11-27T12:00:00.000Z', 'TRIMESTRAL').toISOString()).toBe('2027-02-27T12:00:00.000Z');
    expect(advancedDueDate('2026-11-27T12:00:00.000Z', 'ANUAL').toISOString()).toBe('2027-11-27T12:00:00.000Z');
  });
  it('keeps the day clamped to the month (31 Jan + 1 month = end of February)', () => {
    expect(advancedDueDate('2027-01-31T00:00:00.000Z', 'MENSAL').toISOString()).toBe('2027-02-28T00:00:00.000Z');
  });
  it('starts from today when there is no due date', () => {
    expect(advancedDueDate(null, 'MENSAL', new Date('2026-11-27T00:00:00.000Z')).toISOString()).toBe('2026-12-27T00:00:00.000Z');
  });
});
