/** Meta's default throughput of one business phone number. */
export const CLOUD_API_MESSAGES_PER_SECOND = 80;

/**
 * Per-number pacing: sends of one number start at least 1/rate seconds apart (a rolling schedule, so a
 * burst of 200 takes 2.5 s instead of meeting Graph's 130429). One session of a connection runs in
 * one process at a time (the kernel's lease), so an in-process pacer per number is enough.
 */
export class Pacer {
  private next = 0;
  constructor(
    private readonly perSecond: number,
    private readonly now: () => number = Date.now,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
  ) {}

  /** Resolves when this send may start. */
  async acquire(): Promise<void> {
    const interval = 1000 / this.perSecond;
    const now = this.now();
    const at = Math.max(now, this.next);
    this.next = at + interval;
    if (at > now) await this.sleep(at - now);
  }
}
