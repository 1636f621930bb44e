import { describe, expect, it } from 'vitest';
import { campaignInputSchema, isCalendarTime } from './campaigns.js';

describe('campaign input', () => {
  it('scheduledAt must be a real calendar time', () => {
    expect(isCalendarTime('2026-02-28 10:00:00')).toBe(true);
    expect(isCalendarTime('2028-02-29 23:59:59')).toBe(true);
    expect(isCalendarTime('2026-02-31 10:00:00')).toBe(false);
    expect(isCalendarTime('2026-02-29 10:00:00')).toBe(false);
    expect(isCalendarTime('2026-04-31 10:00:00')).toBe(false);
    expect(isCalendarTime('2026-01-01 24:00:00')).toBe(false);
    expect(isCalendarTime('2026-01-01 10:60:00')).toBe(false);
    const bad = campaignInputSchema.safeParse({ name: 'Uno', scheduleType: 'schedule', scheduledAt: '2026-02-31 10:00:00' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['scheduledAt', 'invalid_date']]);
  });

  it('maxContacts takes whole digits only', () => {
    expect(campaignInputSchema.parse({ name: 'Uno', maxContacts: '12' }).maxContacts).toBe(12);
    expect(campaignInputSchema.parse({ name: 'Uno', maxContacts: '' }).maxContacts).toBeNull();
    expect(campaignInputSchema.safeParse({ name: 'Uno', maxContacts: '12abc' }).success).toBe(false);
    expect(campaignInputSchema.safeParse({ name: 'Uno', maxContacts: '1.5' }).success).toBe(false);
  });
});
