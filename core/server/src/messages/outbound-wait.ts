/**
 * What an outbound job does when its session is not connected (issue 10 item 6): while a session
 * reconnects, messages wait (re-delayed, spending no attempt) and go out once it is back; a message
 * fails only after `maxWaitMs` without a connection since it was queued.
 */
export type OutboundStep = 'send' | 'wait' | 'fail';

export function outboundStep(connected: boolean, queuedAt: number, now: number, maxWaitMs: number): OutboundStep {
  if (connected) return 'send';
  return now - queuedAt >= maxWaitMs ? 'fail' : 'wait';
}

/** How long a waiting job sleeps before looking again. */
export const OUTBOUND_RECHECK_MS = 2_000;
