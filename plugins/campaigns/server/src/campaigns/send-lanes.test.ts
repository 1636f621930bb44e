import { describe, expect, it } from 'vitest';
import { LANE_MIN, PASS_ROWS, planLanes, retryDelayMs } from './send-lanes.js';

const now = 1_000_000;

describe('send lanes: fair order across connections and companies (issue 37 item 3)', () => {
  it('one lane per connection; a connection’s campaigns share it; what is not due gives the next wake-up', () => {
    const { due, next } = planLanes(
      [
        { campaignId: 1, companyId: 10, whatsappId: 100, first: now - 5 },
        { campaignId: 2, companyId: 10, whatsappId: 100, first: now + 50 },
        { campaignId: 3, companyId: 10, whatsappId: 101, first: now + 700 },
        { campaignId: 4, companyId: 20, whatsappId: 200, first: null },
      ],
      now,
    );
    expect(due).toEqual([{ companyId: 10, whatsappId: 100, campaignIds: [1, 2], limit: PASS_ROWS }]);
    expect(next).toBe(now + 700);
  });

  it('the company served least recently goes first, one lane of each before anybody’s second, its least recently served lane first', () => {
    const running = [
      { campaignId: 1, companyId: 10, whatsappId: 100, first: now - 1000 },
      { campaignId: 2, companyId: 10, whatsappId: 101, first: now - 1000 },
      { campaignId: 3, companyId: 20, whatsappId: 200, first: now },
      { campaignId: 4, companyId: 30, whatsappId: 300, first: now - 1 },
    ];
    const order = (company: [number, number][], lane: [number, number][]) =>
      planLanes(running, now, { company: new Map(company), lane: new Map(lane) }).due.map((l) => l.whatsappId);
    // Never served: by company id, one lane each first.
    expect(order([], [])).toEqual([100, 200, 300, 101]);
    // Company 10 just got a batch on lane 100: the others go first, and 10's other lane before 100.
    expect(order([[10, 5]], [[100, 5]])).toEqual([200, 300, 101, 100]);
    expect(order([[10, 5], [20, 6], [30, 7]], [[100, 5]])).toEqual([101, 200, 300, 100]);
    // A company's rows per pass are shared among its lanes, so many connections do not buy a bigger share.
    const limits = Object.fromEntries(planLanes(running, now).due.map((l) => [l.whatsappId, l.limit]));
    expect(limits).toEqual({ 100: PASS_ROWS / 2, 101: PASS_ROWS / 2, 200: PASS_ROWS, 300: PASS_ROWS });
    const many = Array.from({ length: 50 }, (_, i) => ({ campaignId: i, companyId: 10, whatsappId: 100 + i, first: now }));
    expect(planLanes(many, now).due.every((l) => l.limit === LANE_MIN)).toBe(true);
  });

  it('a campaign without a connection gets its own lane (0) so its rows can fail', () => {
    expect(planLanes([{ campaignId: 9, companyId: 10, whatsappId: null, first: now }], now).due).toEqual([{ companyId: 10, whatsappId: 0, campaignIds: [9], limit: PASS_ROWS }]);
  });

  it('retries back off 10 s, 20 s, 40 s…', () => {
    expect([0, 1, 2, 3].map((a) => retryDelayMs(a))).toEqual([10_000, 20_000, 40_000, 80_000]);
  });
});
