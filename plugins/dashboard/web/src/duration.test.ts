import { describe, expect, it } from 'vitest';
import { formatDuration } from './duration.js';

describe('formatDuration', () => {
  it('shows hours and minutes, minutes and seconds, or seconds', () => {
    expect(formatDuration(3_900_000)).toBe('1h 05m');
    expect(formatDuration(249_000)).toBe('4m 09s');
    expect(formatDuration(12_400)).toBe('12s');
  });
});
