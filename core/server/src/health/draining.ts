/**
 * Whether this process is shutting down. Set once by the signal handler in main.ts; read by
 * /api/health/ready so a proxy stops sending traffic before the server stops answering.
 */
let draining = false;

export const drainState = {
  start(): void {
    draining = true;
  },
  get active(): boolean {
    return draining;
  },
};
