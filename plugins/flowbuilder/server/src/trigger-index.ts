import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';

/**
 * How long a company's texts are trusted: a keyword or phrase saved through another server process is
 * seen within this time (this process's own saves are seen at once, see `forget`).
 */
export const TRIGGER_INDEX_TTL_MS = 2_000;

/** A text as keywords and phrases are compared: trimmed, any case. */
export const triggerText = (s: string) => s.trim().toLowerCase();

/**
 * The texts that may start or stop something for a company: its keywords and its switched-on phrase
 * triggers (issue 13 item 1). The inbound chain asks synchronously whether a customer's text is one of
 * them, so that an ordinary message opens no chain transaction; a company not known yet (or forgotten
 * after a save here) answers "maybe" while its texts are read, so nothing is missed — the handler then
 * checks under the ticket's lock as before. A set older than TRIGGER_INDEX_TTL_MS answers while it is
 * read again (saves through other processes are seen within that time). A superset is harmless (the handler
 * finds no row and passes); only a text missing from the set would be wrong.
 */
@Injectable()
export class TriggerIndex {
  private readonly byCompany = new Map<number, { texts: Set<string>; at: number }>();
  private readonly loading = new Set<number>();
  /** Moves on every forget: a read that began before it must not be kept. */
  private generation = 0;

  constructor(private readonly em: EntityManager) {}

  /** Whether `text` (see triggerText) may be one of the company's keywords or phrases. */
  mayMatch(companyId: number, text: string): boolean {
    const known = this.byCompany.get(companyId);
    if (known && Date.now() - known.at < TRIGGER_INDEX_TTL_MS) return known.texts.has(text);
    this.refresh(companyId);
    // Stale: answered from the last read while the next one runs (a few milliseconds more of the TTL's
    // window); never read (or forgotten by a save here): "maybe".
    return known ? known.texts.has(text) : true;
  }

  /** A keyword or phrase trigger of the company was written here: its texts are read again. */
  forget(companyId: number): void {
    this.generation++;
    this.byCompany.delete(companyId);
  }

  private refresh(companyId: number): void {
    if (this.loading.has(companyId)) return;
    this.loading.add(companyId);
    const generation = this.generation;
    void this.read(companyId)
      .then((texts) => {
        if (generation === this.generation) this.byCompany.set(companyId, { texts, at: Date.now() });
      })
      .catch(() => this.byCompany.delete(companyId)) // unknown: "maybe" until a read succeeds
      .finally(() => this.loading.delete(companyId));
  }

  private async read(companyId: number): Promise<Set<string>> {
    // The same normalisation as the runtime's lookups (lower(keyword), lower(trim(phrase))).
    const rows = await this.em.getConnection().execute(
      `select lower(keyword) as text from flowbuilder_keywords where company_id = ?
       union select lower(trim(phrase)) from flowbuilder_campaigns where company_id = ? and status`,
      [companyId, companyId],
    );
    return new Set((rows as { text: string }[]).map((r) => r.text));
  }
}
