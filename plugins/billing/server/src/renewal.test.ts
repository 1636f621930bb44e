import { describe, expect, it } from 'vitest';
import { addMonths } from '@atende/plugin-billing-contract';
import { renewedDueDate } from './renewal.js';

describe('renewedDueDate', () => {
  const invDue = '2026-03-10T12:00:00.000Z';
  const inv = (grace_from: string | null = null, grace_until: string | null = null) => ({ due_date: invDue, grace_from, grace_until });

  it('renews from the invoice due date when the company is not further ahead', () => {
    expect(renewedDueDate('2026-03-10T12:00:00.000Z', inv(), 'MENSAL')).toEqual(addMonths(invDue, 1));
    expect(renewedDueDate('2026-03-01T00:00:00.000Z', inv(), 'TRIMESTRAL')).toEqual(addMonths(invDue, 3));
    expect(renewedDueDate(null, inv(), 'MENSAL')).toEqual(addMonths(invDue, 1));
  });

  it('keeps a later due date bought meanwhile (coins): never shortens it', () => {
    const bought = '2026-06-10T12:00:00.000Z';
    expect(renewedDueDate(bought, inv(), 'MENSAL')).toEqual(addMonths(bought, 1));
  });

  it('an unused grace of this invoice does not count; a grace changed since does', () => {
    const graced = '2026-03-12T12:00:00.000Z';
    expect(renewedDueDate(graced, inv('2026-03-10T12:00:00.000Z', graced), 'MENSAL')).toEqual(addMonths(invDue, 1));
    const extended = '2026-05-01T00:00:00.000Z';
    expect(renewedDueDate(extended, inv('2026-03-10T12:00:00.000Z', graced), 'MENSAL')).toEqual(addMonths(extended, 1));
  });
});
