import { DelayedError, UnrecoverableError, type Job } from 'bullmq';
import { isChannelNotYetError } from '@atende/sdk-server';

/** How long a kept item that waits for the channel (an @lid with no phone number yet) stays parked. */
export const KEPT_PARK_MAX_MS = 86_400_000;

/** The pause before looking again: a quarter of the wait so far, between 5 s and 15 min. */
export const parkDelay = (waitedMs: number): number => Math.min(15 * 60_000, Math.max(5_000, Math.round(waitedMs / 4)));

/**
 * Runs one kept inbound item (issue 28 item 6). An item that cannot be handled yet (ChannelNotYetError)
 * is re-delayed without spending one of its tries, for up to a day since it was kept: a mapping that
 * takes hours to arrive no longer burns the ten tries in minutes. Past the day it fails for good (kept
 * in the failed set); any other error is retried as usual.
 */
export async function runKept(job: Pick<Job, 'timestamp' | 'moveToDelayed'>, token: string | undefined, handle: () => Promise<void>, now = Date.now): Promise<void> {
  try {
    await handle();
  } catch (err) {
    if (!isChannelNotYetError(err)) throw err;
    const waited = now() - job.timestamp;
    if (waited >= KEPT_PARK_MAX_MS) throw new UnrecoverableError(`Waited a day: ${(err as Error).message}`);
    await job.moveToDelayed(now() + parkDelay(waited), token);
    throw new DelayedError();
  }
}
