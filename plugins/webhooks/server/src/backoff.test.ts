import { describe, expect, it } from 'vitest';
import { MAX_DELAY_MS, RETRY_WINDOW_MS, retryDelay, withinWindow } from './backoff.js';

describe('webhook retry backoff', () => {
  it('doubles from the base up to an hour', () => {
    expect([1, 2, 3, 4].map((a) => retryDelay(a, 10_000))).toEqual([10_000, 20_000, 40_000, 80_000]);
    expect(retryDelay(30, 10_000)).toBe(MAX_DELAY_MS);
  });
  it('gives up 24 h after the delivery was queued', () => {
    const t = new Date('2026-01-01T00:00:00Z');
    expect(withinWindow(t, new Date(t.getTime() + RETRY_WINDOW_MS - 1))).toBe(true);
    expect(withinWindow(t, new Date(t.getTime() + RETRY_WINDOW_MS))).toBe(false);
  });
});
