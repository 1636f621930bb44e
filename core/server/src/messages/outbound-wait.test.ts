import { describe, expect, it } from 'vitest';
import { outboundStep } from './outbound-wait.js';

describe('outbound while a session reconnects (issue 10 item 6)', () => {
  it('sends when connected, waits while not, fails only after the configured time', () => {
    expect(outboundStep(true, 0, 999_999, 60_000)).toBe('send');
    expect(outboundStep(false, 1_000, 30_000, 60_000)).toBe('wait');
    expect(outboundStep(false, 1_000, 61_000, 60_000)).toBe('fail');
  });
});
