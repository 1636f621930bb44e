import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EntityManager } from '@mikro-orm/core';
import { TRIGGER_INDEX_TTL_MS, TriggerIndex } from './trigger-index.js';

/** An EntityManager whose only query answers the company's texts, counting reads. */
function fakeEm(texts: Record<number, string[]>) {
  const reads: number[] = [];
  let release: (() => void) | null = null;
  const em = {
    getConnection: () => ({
      execute: async (_sql: string, [companyId]: number[]) => {
        reads.push(companyId);
        const seen = [...(texts[companyId] ?? [])]; // what the database holds when the read begins
        if (release === null) await new Promise<void>((r) => (release = r));
        return seen.map((text) => ({ text }));
      },
    }),
  } as unknown as EntityManager;
  return { em, reads, answer: () => (release ? release() : (release = () => undefined)), answerAll: () => (release = () => undefined) };
}
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('TriggerIndex', () => {
  afterEach(() => vi.useRealTimers());

  it('answers "maybe" until the company is read, then only for its texts', async () => {
    const db = fakeEm({ 1: ['hola', 'menú'] });
    db.answerAll();
    const index = new TriggerIndex(db.em);
    expect(index.mayMatch(1, 'buenas')).toBe(true); // not known yet: the chain checks
    expect(index.mayMatch(1, 'buenas')).toBe(true);
    await settle();
    expect(db.reads).toEqual([1]); // one read however many messages came meanwhile
    expect(index.mayMatch(1, 'buenas')).toBe(false);
    expect(index.mayMatch(1, 'hola')).toBe(true);
    expect(index.mayMatch(1, 'menú')).toBe(true);
    // Another company is read on its own.
    expect(index.mayMatch(2, 'hola')).toBe(true);
    await settle();
    expect(index.mayMatch(2, 'hola')).toBe(false);
  });

  it('reads again after a save here (forget) and after the time-to-live (saves of other processes)', async () => {
    const texts: Record<number, string[]> = { 1: [] };
    const db = fakeEm(texts);
    db.answerAll();
    const index = new TriggerIndex(db.em);
    index.mayMatch(1, 'x');
    await settle();
    expect(index.mayMatch(1, 'nuevo')).toBe(false);
    texts[1] = ['nuevo'];
    index.forget(1);
    expect(index.mayMatch(1, 'nuevo')).toBe(true);
    await settle();
    expect(index.mayMatch(1, 'nuevo')).toBe(true);
    expect(index.mayMatch(1, 'otro')).toBe(false);

    vi.useFakeTimers({ toFake: ['Date'] });
    texts[1] = ['otro'];
    vi.setSystemTime(Date.now() + TRIGGER_INDEX_TTL_MS + 1);
    expect(index.mayMatch(1, 'otro')).toBe(false); // stale: the last read answers while the next one runs
    expect(db.reads.length).toBe(3);
    await settle();
    expect(index.mayMatch(1, 'otro')).toBe(true);
    expect(index.mayMatch(1, 'nuevo')).toBe(false);
  });

  it('does not keep a read that began before a save (it may miss the new text)', async () => {
    const texts: Record<number, string[]> = { 1: [] };
    const db = fakeEm(texts);
    const index = new TriggerIndex(db.em);
    index.mayMatch(1, 'x'); // read begins, held
    texts[1] = ['nuevo'];
    index.forget(1); // saved meanwhile
    db.answer();
    await settle();
    await settle();
    expect(index.mayMatch(1, 'nuevo')).toBe(true);
  });
});
