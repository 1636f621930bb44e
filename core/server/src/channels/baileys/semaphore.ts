/** At most `size` tasks at once; the rest wait their turn in arrival order. */
export class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly size: number) {
    if (!Number.isInteger(size) || size < 1) throw new Error('Semaphore size must be a positive integer.');
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active += 1;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next task, so `active` never drops below what runs.
      if (next) next();
      else this.active -= 1;
    }
  }
}
