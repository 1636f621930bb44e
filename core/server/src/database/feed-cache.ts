import type { ChangeFeed } from './change-feed.js';

/**
 * Rows kept in memory for as long as the ChangeFeed vouches for them (the session, connection and
 * sandbox caches share this rule): nothing is kept while the feed is down, a read that began before a
 * change (or a reset) was announced is answered but not kept, every reset empties the cache, and an
 * entry older than `maxAgeMs` is read again (a safety net only: changes arrive through the feed).
 * The owner says which announced changes make which entries go (`forget`, `forgetWhere`).
 */
export class FeedCache<K, V> {
  private readonly entries = new Map<K, { value: V; at: number }>();

  constructor(
    private readonly feed: ChangeFeed,
    private readonly options: { maxAgeMs: number; maxEntries: number },
  ) {
    feed.onReset(() => this.entries.clear());
  }

  /** The kept value, else `load`'s answer (null: nothing to keep). */
  async get(key: K, load: () => Promise<V | null>): Promise<V | null> {
    const hit = this.feed.live ? this.entries.get(key) : undefined;
    if (hit && Date.now() - hit.at < this.options.maxAgeMs) return hit.value;
    const version = this.feed.version;
    const value = await load();
    if (value !== null && this.feed.live && version === this.feed.version) {
      this.entries.delete(key); // re-inserted last: the oldest entry is the first to go
      this.entries.set(key, { value, at: Date.now() });
      if (this.entries.size > this.options.maxEntries) this.entries.delete(this.entries.keys().next().value as K);
    }
    return value;
  }

  forget(key: K): void {
    this.entries.delete(key);
  }

  forgetWhere(test: (value: V) => boolean): void {
    for (const [key, { value }] of this.entries) if (test(value)) this.entries.delete(key);
  }
}
