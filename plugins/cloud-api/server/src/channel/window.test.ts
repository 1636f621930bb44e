import { describe, expect, it } from 'vitest';
import { WINDOW_MS, windowOpen } from './window.js';

describe('windowOpen', () => {
  const now = new Date('2026-01-02T12:00:00Z');
  it('is open for 24 hours after the customer last wrote, then closed', () => {
    expect(windowOpen(new Date(now.getTime() - WINDOW_MS + 1000), now)).toBe(true);
    expect(windowOpen(new Date(now.getTime() - WINDOW_MS), now)).toBe(false);
    expect(windowOpen(new Date(now.getTime() - 2 * WINDOW_MS), now)).toBe(false);
  });
  it('is closed when the customer never wrote', () => {
    expect(windowOpen(null, now)).toBe(false);
  });
});
