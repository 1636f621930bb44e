import { describe, expect, it } from 'vitest';
import { dayIn, dueColour } from './dates.js';

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
