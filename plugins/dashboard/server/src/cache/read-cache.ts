import { Injectable } from '@nestjs/common';

/** How long an answer may be served again: under the page's 3 s merge of realtime nudges. */
export const READ_CACHE_MAX_AGE_MS = 2_000;
/** Entries kept at most (the oldest go first): a few per viewer and period. */
const MAX_ENTRIES = 1_000;

/**
 * The dashboard's answers (figures, CRM metrics), kept per company, viewer and query for at most
 * READ_CACHE_MAX_AGE_MS and dropped as soon as this process writes the company's rollups. Several
 * managers watching one company, or one page refetching after a burst of events, then cost one
 * query instead of one each. Another process's writes are seen within the max age, before the page
 * is nudged to read again. Identical reads at the same moment share one query.
 */
@Injectable()
export class ReadCache {
  private readonly entries = new Map<string, { at: number; version: number; value: Promise<unknown> }>();
  private readonly versions = new Map<number, number>();

  /** The company's rollups changed: its cached answers are stale. */
  changed(companyId: number): void {
    this.versions.set(companyId, (this.versions.get(companyId) ?? 0) + 1);
  }

  read<T>(companyId: number, key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
    const full = `${companyId}:${key}`;
    const version = this.versions.get(companyId) ?? 0;
    const hit = this.entries.get(full);
    if (hit && hit.version === version && now - hit.at < READ_CACHE_MAX_AGE_MS) return hit.value as Promise<T>;
    const value = load();
    this.entries.delete(full); // re-inserted last: Map order is the eviction order
    this.entries.set(full, { at: now, version, value });
    // A failed read is not kept: the next one tries again.
    value.catch(() => this.entries.get(full)?.value === value && this.entries.delete(full));
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }
}
