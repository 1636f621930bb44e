/**
 * Emits that must first pass an asynchronous check (a company's plan flags): each runs only if its
 * check says yes, and the emits under one key (a company, a user) leave in the order they were asked
 * for, so a later event never overtakes an earlier one while its check is slower.
 */
export class OrderedGate {
  private readonly tails = new Map<string, Promise<void>>();

  constructor(private readonly onError: (err: unknown) => void) {}

  run(key: string, check: () => Promise<boolean>, emit: () => void): void {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const tail = previous
      .then(check)
      .then((ok) => (ok ? emit() : undefined))
      .catch(this.onError);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
  }

  /** Resolves once every emit asked for so far has left or been dropped (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.tails.size) await Promise.all(this.tails.values());
  }
}
