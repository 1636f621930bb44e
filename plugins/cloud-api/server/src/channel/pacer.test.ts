import { describe, expect, it } from 'vitest';
import { Pacer } from './pacer.js';

describe('Pacer', () => {
  it('spaces sends 1/rate apart: 160 sends at 80/s end 2 s after the first', async () => {
    let clock = 0;
    const waits: number[] = [];
    const pacer = new Pacer(80, () => clock, async (ms) => {
      waits.push(ms);
    });
    for (let i = 0; i < 160; i++) await pacer.acquire();
    expect(waits).toHaveLength(159);
    expect(waits[0]).toBeCloseTo(12.5);
    expect(waits.at(-1)).toBeCloseTo(159 * 12.5);
    clock = 10_000; // idle long enough: the next send goes at once
    await pacer.acquire();
    expect(waits).toHaveLength(159);
  });
});
