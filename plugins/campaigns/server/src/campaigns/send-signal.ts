import { Injectable } from '@nestjs/common';

/**
 * Between the engine and this process's sender: `ready` once the recovery at start is over (the sender
 * waits for it), `wake` when rows were paced here (so a "send now" does not wait for the next poll).
 */
@Injectable()
export class SendSignal {
  private open!: () => void;
  readonly ready = new Promise<void>((r) => (this.open = r));
  private waiting: (() => void) | null = null;
  private woken = false;

  markReady(): void {
    this.open();
  }

  wake(): void {
    if (this.waiting) this.waiting();
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
        this.waiting = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.waiting = done;
    });
  }
}
