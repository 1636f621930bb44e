/** Retries stop this long after a delivery was first queued (issue 34 item 2: "for up to 24 h"). */
export const RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The longest wait between two attempts. */
export const MAX_DELAY_MS = 60 * 60 * 1000;

/**
 * The wait before attempt `attempts + 1`: `base` doubled each time (base 10 s: 10 s, 20 s, 40 s… up
 * to an hour), so about 30 attempts fit in the 24 h. `base` comes from WEBHOOK_RETRY_BASE_MS (tests
 * make it short).
 */
export function retryDelay(attempts: number, base: number): number {
  return Math.min(MAX_DELAY_MS, base * 2 ** Math.max(0, attempts - 1));
}

/** Whether a delivery queued at `createdAt` may still be tried at `now`. */
export const withinWindow = (createdAt: Date, now: Date): boolean => now.getTime() - createdAt.getTime() < RETRY_WINDOW_MS;
