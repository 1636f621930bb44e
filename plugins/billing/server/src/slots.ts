/**
 * At most `size` of this process's transactions that call the COMPANIES port while open (the port takes
 * a second pooled connection): however many such requests arrive together, they can never hold every
 * pooled connection while each waits for one more (the kernel's pool has 20).
 */
export class Slots {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly size: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}

/** Shared by the plan changes and the invoice transitions of this process. */
export const PORT_SLOTS = new Slots(8);
