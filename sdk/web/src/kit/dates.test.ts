import { describe, expect, it } from 'vitest';
import { dayIn, dueColour, formatDate } from './dates.js';
import { formatPrice } from './format.js';

describe('dayIn', () => {
  it("gives the company's day, not the browser's, around midnight", () => {
    const at = new Date('2026-11-26T00:05:00Z');
    expect(dayIn('UTC', at)).toBe('2026-11-26');
    // 19:05 of the day before in Lima.
    expect(dayIn('America/Lima', at)).toBe('2026-11-25');
    expect(dayIn('Asia/Tokyo', new Date('2026-11-25T20:00:00Z'))).toBe('2026-11-26');
  });

  it('falls back to the local day without a zone or with an unknown one', () => {
    const at = new Date(2026, 0, 2, 12, 0, 0);
    expect(dayIn(undefined, at)).toBe('2026-01-02');
    expect(dayIn('Nowhere/Atlantis', at)).toBe('2026-01-02');
  });
});

describe('dueColour', () => {
  it('colours 5 days yellow, -3…4 orange, -4 red, else none', () => {
    expect([6, 5, 4, -3, -4, -5].map(dueColour)).toEqual([null, 'yellow', 'orange', 'orange', 'red', null]);
  });
});

describe('formatDate and formatPrice', () => {
  it("shows a due date in the interface language's order, the same formatter reused per language", () => {
    expect(formatDate('2026-11-28', 'es')).toBe('28/11/2026');
    expect(formatDate('2026-11-28T00:00:00Z', 'en')).toBe('11/28/2026');
    expect(formatDate('2026-01-05', 'es')).toBe('05/01/2026');
    expect(formatDate(null, 'es')).toBe('—');
    expect(formatDate('not a date', 'pt')).toBe('—');
  });

  it('shows a price Peruvian style with two decimals', () => {
    expect(formatPrice(1234.5)).toBe('1,234.50');
    expect(formatPrice(0)).toBe('0.00');
  });
});
