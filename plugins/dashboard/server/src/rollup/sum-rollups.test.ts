import { describe, expect, it } from 'vitest';
import { sumRollups } from './rollup.writer.js';

describe('sumRollups (a batch of events written as one upsert)', () => {
  it('sums the rows of one key, counter by counter, and keeps different keys apart', () => {
    const sums = sumRollups([
      { day: '2026-11-28', hour: 9, queueId: 1, whatsappId: 2, userId: 0, add: { msgs_in: 1 } },
      { day: '2026-11-28', hour: 9, queueId: 1, whatsappId: 2, userId: 0, add: { msgs_in: 1, created: 1 } },
      { day: '2026-11-28', hour: 10, queueId: 1, whatsappId: 2, userId: 0, add: { msgs_in: 1 } },
      { day: '2026-11-29', hour: 9, queueId: 1, whatsappId: 2, userId: 0, add: { wait_ms: 1500, wait_n: 1 } },
    ]);
    expect(sums).toHaveLength(3);
    expect(sums[0]).toMatchObject({ day: '2026-11-28', hour: 9, msgs_in: 2, created: 1, closed: 0 });
    expect(sums[1]).toMatchObject({ hour: 10, msgs_in: 1, created: 0 });
    expect(sums[2]).toMatchObject({ day: '2026-11-29', wait_ms: 1500, wait_n: 1, msgs_in: 0 });
  });
});
