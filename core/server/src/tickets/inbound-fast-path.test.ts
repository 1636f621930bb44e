import { describe, expect, it } from 'vitest';
import type { InboundMessage } from '@atende/sdk-server';
import { FAST_PATH_SQL, FastPathBatcher, fastPathParams, type FastPathInput } from './inbound-fast-path.js';

const message = (from: string, id: string, extra: Partial<InboundMessage> = {}): InboundMessage => ({
  providerMessageId: id,
  chatId: from,
  isGroup: false,
  from,
  fromName: 'Ana',
  fromMe: false,
  body: `texto ${id}`,
  mediaType: 'chat',
  timestamp: new Date(0),
  ...extra,
});
const input = (companyId: number, from: string, id: string): FastPathInput => ({ companyId, whatsappId: 7, message: message(from, id), mediaUrl: undefined, mayBeHeld: true });
/** A database answering every row as stored on ticket 100 + ord, recording each statement's messages. */
function fakeDb(fail: (ids: string[]) => boolean = () => false) {
  const statements: string[][] = [];
  const run = async (sql: string, params: unknown[]) => {
    expect(sql).toBe(FAST_PATH_SQL);
    const ids = params[7] as string[];
    statements.push(ids);
    await new Promise((r) => setTimeout(r, 5));
    if (fail(ids)) throw new Error('deadlock detected');
    return ids.map((id, ord) => ({ ord, fast_ticket_id: 100 + ord, message_row: JSON.stringify({ id: ord, provider_message_id: id, created_at: '2026-01-01T00:00:00Z' }), id: 100 + ord }));
  };
  return { run, statements };
}

describe('fastPathParams', () => {
  it('one array per column, in input order, with the ticket counters of each message', () => {
    const cols = fastPathParams([input(1, '519', 'A'), { ...input(2, '518', 'B'), message: message('518', 'B', { fromMe: true, body: '', mediaType: 'image' }), mediaUrl: '/m/x.jpg' }]);
    expect(cols).toHaveLength(19);
    expect(cols[0]).toEqual([0, 1]); // ord
    expect(cols[1]).toEqual([1, 2]); // company
    expect(cols[3]).toEqual(['519', '518']); // number
    expect(cols[17]).toEqual(['texto A', '[image]']); // lastMessage: a media placeholder without caption
    expect(cols[18]).toEqual([1, 0]); // unread: our own message adds none
    expect(cols.every((c) => c.length === 2)).toBe(true);
  });
});

describe('FastPathBatcher', () => {
  it('gathers the messages of one moment into one statement, in (company, number) order, answering each its own row', async () => {
    const db = fakeDb();
    const batcher = new FastPathBatcher(db.run);
    const results = await Promise.all([input(2, '5191', 'X'), input(1, '5199', 'Y'), input(1, '5190', 'Z')].map((i) => batcher.submit(i)));
    expect(db.statements).toEqual([['Z', 'Y', 'X']]);
    expect(results.map((r) => (r as { messageRow: { provider_message_id: string } }).messageRow.provider_message_id)).toEqual(['X', 'Y', 'Z']);
  });

  it("a contact's second message waits for the next statement (its order holds), as do messages past the batch size", async () => {
    const db = fakeDb();
    const batcher = new FastPathBatcher(db.run, 2);
    await Promise.all([input(1, '5191', 'A1'), input(1, '5191', 'A2'), input(1, '5192', 'B1'), input(1, '5193', 'C1')].map((i) => batcher.submit(i)));
    expect(db.statements).toEqual([['A1', 'B1'], ['A2', 'C1']]);
  });

  it('messages coming while a statement runs form the next one', async () => {
    const db = fakeDb();
    const batcher = new FastPathBatcher(db.run);
    const first = batcher.submit(input(1, '5191', 'A'));
    await new Promise((r) => setTimeout(r, 1)); // the first statement is running
    const later = ['B', 'C', 'D'].map((id, k) => batcher.submit(input(1, `519${k + 2}`, id)));
    await Promise.all([first, ...later]);
    expect(db.statements).toEqual([['A'], ['B', 'C', 'D']]);
  });

  it('a failed statement is tried message by message: only the bad one fails', async () => {
    const db = fakeDb((ids) => ids.includes('BAD'));
    const batcher = new FastPathBatcher(db.run);
    const results = await Promise.allSettled([input(1, '5191', 'OK1'), input(1, '5192', 'BAD'), input(1, '5193', 'OK2')].map((i) => batcher.submit(i)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(db.statements).toEqual([['OK1', 'BAD', 'OK2'], ['OK1'], ['BAD'], ['OK2']]);
  });

  it('tells a replay (stored before) and a message the fast path does not take', async () => {
    const batcher = new FastPathBatcher(async () => [
      { ord: 0, fast_ticket_id: 5, message_row: null },
      { ord: 1, fast_ticket_id: null, contact_inserted: true },
    ]);
    const [replay, slow] = await Promise.all([batcher.submit(input(1, '5191', 'R')), batcher.submit(input(1, '5192', 'S'))]);
    expect(replay).toBe('replay');
    expect(slow).toEqual({ contactCreated: true });
  });
});
