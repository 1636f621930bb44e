import { describe, expect, it } from 'vitest';
import { addMonths, bonusFor, daysToDue, downgradeCost, extendCost, isOverdue, priceDifference, renewalWithPlan, UPGRADE_MIN_DAYS, upgradeCost, upgradePrice } from './rules.js';

const NOW = new Date('2026-03-10T12:00:00.000Z');

describe('billing rules (commercial-admin §9)', () => {
  it('extend costs 30 × connections × months', () => {
    expect(extendCost(2, 1)).toBe(60);
    expect(extendCost(3, 12)).toBe(1080);
    expect(extendCost(0, 5)).toBe(0);
  });

  it('upgrade costs ceil(days from max(now, due)) × connection difference, at least one day, never free', () => {
    expect(upgradeCost('2026-03-12T13:00:00.000Z', 2, 5, NOW)).toBe(3 * 3);
    expect(upgradeCost('2026-03-12T12:00:00.000Z', 2, 5, NOW)).toBe(2 * 3);
    // A due date already reached (or none) costs the minimum day, not 0 (issue 27 item 1).
    expect(upgradeCost('2026-03-01T00:00:00.000Z', 2, 5, NOW)).toBe(UPGRADE_MIN_DAYS * 3);
    expect(upgradeCost(NOW, 2, 5, NOW)).toBe(UPGRADE_MIN_DAYS * 3);
    expect(upgradeCost(null, 2, 5, NOW)).toBe(UPGRADE_MIN_DAYS * 3);
    expect(upgradeCost('2026-03-20T12:00:00.000Z', 5, 2, NOW)).toBe(0);
    expect(daysToDue('2026-03-10T12:00:00.001Z', NOW)).toBe(1);
  });

  it('an upgrade paid with money: the coin upgrade days × the monthly price difference / 30, in cents', () => {
    expect(priceDifference(12, 49, 199)).toBe(60);
    expect(priceDifference(1, 49, 99)).toBe(1.67);
    expect(priceDifference(10, 99, 49)).toBe(0);
    expect(priceDifference(0, 49, 99)).toBe(0);
    expect(upgradePrice('2026-03-22T11:00:00.000Z', 49, 199, NOW)).toEqual({ days: 12, value: 60 });
    // A due date reached (or none) is still one day, as with coins.
    expect(upgradePrice('2026-03-01T00:00:00.000Z', 49, 199, NOW)).toEqual({ days: UPGRADE_MIN_DAYS, value: 5 });
    expect(upgradePrice(null, 49, 199, NOW)).toEqual({ days: 1, value: 5 });
  });

  it('a renewal checkout with a dearer plan adds the difference for the days left to the current due date, none once it passed', () => {
    expect(renewalWithPlan('2026-03-30T12:00:00.000Z', 49, 199, 1, NOW)).toEqual({ planValue: 199, days: 20, difference: 100, total: 299 });
    expect(renewalWithPlan('2026-03-30T12:00:00.000Z', 49, 199, 3, NOW)).toEqual({ planValue: 597, days: 20, difference: 100, total: 697 });
    expect(renewalWithPlan('2026-03-01T00:00:00.000Z', 49, 199, 1, NOW)).toEqual({ planValue: 199, days: 0, difference: 0, total: 199 });
    expect(renewalWithPlan('2026-03-30T12:00:00.000Z', 199, 49, 1, NOW)).toEqual({ planValue: 49, days: 0, difference: 0, total: 49 });
  });

  it('downgrade is free', () => {
    expect(downgradeCost()).toBe(0);
  });

  it('adds months by the calendar, clamping the day', () => {
    expect(addMonths('2026-01-31T10:00:00.000Z', 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths('2026-11-15T00:00:00.000Z', 3).toISOString()).toBe('2027-02-15T00:00:00.000Z');
    expect(addMonths('2028-02-29T00:00:00.000Z', 12).toISOString()).toBe('2029-02-28T00:00:00.000Z');
  });

  it('the bonus is 10 % rounded down', () => {
    expect(bonusFor(120)).toBe(12);
    expect(bonusFor(65)).toBe(6);
    expect(bonusFor(9)).toBe(0);
  });

  it('an unpaid invoice past its due date is overdue; a paid one never', () => {
    expect(isOverdue('open', '2026-03-09T00:00:00.000Z', NOW)).toBe(true);
    expect(isOverdue('pending_review', '2026-03-09T00:00:00.000Z', NOW)).toBe(true);
    expect(isOverdue('paid', '2026-03-09T00:00:00.000Z', NOW)).toBe(false);
    expect(isOverdue('open', '2026-03-11T00:00:00.000Z', NOW)).toBe(false);
  });
});
