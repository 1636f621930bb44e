import { describe, expect, it } from 'vitest';
import { billedValue, differenceDue, type PricedInvoice } from './pricing.js';

const NOW = new Date('2026-03-10T12:00:00.000Z');
const DUE = '2026-03-30T12:00:00.000Z';
const inv = (over: Partial<PricedInvoice> = {}): PricedInvoice => ({
  kind: 'renewal',
  value: '99.00',
  requested_plan_id: null,
  upgrade_days: 0,
  upgrade_value: '0',
  grace_from: null,
  grace_until: null,
  ...over,
});
const company = (over: Partial<{ plan_id: number; plan_value: string; due_date: string }> = {}) => ({ plan_id: 1, plan_value: '49', recurrence: 'MENSAL', due_date: DUE, ...over });

describe('billedValue (what settling an invoice costs now)', () => {
  it('a plain renewal: the current plan, never less than the invoice', () => {
    expect(billedValue(inv({ value: '49' }), company(), NOW)).toBe(49);
    expect(billedValue(inv({ value: '49' }), company({ plan_value: '199' }), NOW)).toBe(199);
  });

  it('a checkout that asked for a bigger plan: as priced, plus days the due date gained since at the same daily difference', () => {
    const priced = inv({ value: '299', requested_plan_id: 2, upgrade_days: 20, upgrade_value: '100' });
    expect(billedValue(priced, company(), NOW)).toBe(299);
    // Settled 5 days later: fewer days left, still what was priced.
    expect(billedValue(priced, company(), new Date('2026-03-15T12:00:00.000Z'))).toBe(299);
    // The due date moved 10 days later meanwhile: those days of the bigger plan are billed too.
    expect(billedValue(priced, company({ due_date: '2026-04-09T12:00:00.000Z' }), NOW)).toBe(349);
  });

  it('an upgrade invoice: its difference, at least one day', () => {
    const up = inv({ kind: 'upgrade', value: '60', requested_plan_id: 2, upgrade_days: 12, upgrade_value: '60' });
    expect(billedValue(up, company({ due_date: '2026-03-22T12:00:00.000Z' }), NOW)).toBe(60);
    expect(billedValue(up, company({ due_date: '2026-04-09T12:00:00.000Z' }), NOW)).toBe(150);
  });

  it("a grace given for this invoice's review does not count as days of the new plan", () => {
    const graced = { grace_from: '2026-03-11T00:00:00.000Z', grace_until: '2026-03-12T12:00:00.000Z' };
    expect(differenceDue('2026-03-12T12:00:00.000Z', graced)).toBe(graced.grace_from);
    expect(differenceDue('2026-04-12T12:00:00.000Z', graced)).toBe('2026-04-12T12:00:00.000Z');
    const priced = inv({ value: '204', requested_plan_id: 2, upgrade_days: 1, upgrade_value: '5', ...graced });
    expect(billedValue(priced, company({ due_date: graced.grace_until }), NOW)).toBe(204);
  });
});
