import { Injectable } from '@nestjs/common';

/**
 * Between the engine and this process's sender: `ready` once the recovery at start is over (the sender
 * waits for it), `wake` when rows were paced here (so a "send now" does not wait for the next poll).
 */
@Injectable()
export class SendSignal {
  private open!: () => void;
  readonly ready = new Promise<void>((r) => (this.open = r));
  private readonly waiting = new Set<() => void>();
  private woken = false;

  markReady(): void {
    this.open();
  }

  /** Ends every sleep now; with none asleep, the next one. */
  wake(): void {
    if (this.waiting.size) for (const done of [...this.waiting]) done();
    else this.woken = true;
  }

  /** Up to `ms`, or until `wake` (a wake meanwhile ends the next sleep at once). */
  sleep(ms: number): Promise<void> {
    if (this.woken || ms <= 0) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiting.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.waiting.add(done);
    });
  }
}
