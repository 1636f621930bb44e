import { describe, expect, it } from 'vitest';
import { DelayedError, UnrecoverableError } from 'bullmq';
import { ChannelNotYetError } from '@atende/sdk-server';
import { KEPT_PARK_MAX_MS, parkDelay, runKept } from './kept-job.js';

function job(keptAgoMs: number, now: number) {
  const delays: [number, string | undefined][] = [];
  return { delays, job: { timestamp: now - keptAgoMs, moveToDelayed: async (at: number, token?: string) => void delays.push([at, token]) } };
}

describe('kept inbound items waiting for the channel (issue 28 item 6)', () => {
  const now = 1_800_000_000_000;

  it('an item that cannot be handled yet is re-delayed, spending no try, with a growing pause', async () => {
    const { job: j, delays } = job(60_000, now);
    await expect(runKept(j, 'tok', () => Promise.reject(new ChannelNotYetError()), () => now)).rejects.toBeInstanceOf(DelayedError);
    expect(delays).toEqual([[now + 15_000, 'tok']]);
    expect(parkDelay(0)).toBe(5_000);
    expect(parkDelay(23 * 3_600_000)).toBe(15 * 60_000);
  });

  it('still parked 23 h later; past a day it fails for good', async () => {
    const late = job(23 * 3_600_000, now);
    await expect(runKept(late.job, 't', () => Promise.reject(new ChannelNotYetError()), () => now)).rejects.toBeInstanceOf(DelayedError);
    const over = job(KEPT_PARK_MAX_MS, now);
    await expect(runKept(over.job, 't', () => Promise.reject(new ChannelNotYetError()), () => now)).rejects.toBeInstanceOf(UnrecoverableError);
    expect(over.delays).toEqual([]);
  });

  it('any other error is thrown as it is (a normal retry), and success is success', async () => {
    const { job: j, delays } = job(1_000, now);
    const boom = new Error('db down');
    await expect(runKept(j, 't', () => Promise.reject(boom), () => now)).rejects.toBe(boom);
    await expect(runKept(j, 't', () => Promise.resolve(), () => now)).resolves.toBeUndefined();
    expect(delays).toEqual([]);
  });
});
