import { describe, expect, it } from 'vitest';
import { Slots } from './slots.js';

describe('Slots', () => {
  it('runs at most `size` works at once, all of them in the end, and frees a slot when one throws', async () => {
    const slots = new Slots(2);
    let running = 0;
    let peak = 0;
    const releases: (() => void)[] = [];
    const work = (fail = false) =>
      slots.run(async () => {
        running++;
        peak = Math.max(peak, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running--;
        if (fail) throw new Error('boom');
        return 'ok';
      });
    const all = [work(true), work(), work(), work()];
    // Observed now, not after drain(): the failing work rejects while drain() runs, and a rejection nobody
    // handles yet is reported by vitest as an unhandled error (exit 1) even though the test passes.
    const settled = Promise.allSettled(all);
    const drain = async () => {
      while (releases.length || running) {
        await new Promise((r) => setImmediate(r));
        releases.shift()?.();
      }
    };
    await drain();
    const results = await settled;
    expect(peak).toBe(2);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'fulfilled', 'fulfilled']);
  });
});
