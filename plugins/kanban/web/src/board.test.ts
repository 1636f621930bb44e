import { describe, expect, it } from 'vitest';
import type { KanbanCard, KanbanPage } from '@atende/plugin-kanban-contract';
import { activeChips, applyPage, applyTicket, cut, emptyLanes, laneBeside, laneFor, matches, moveCard, numberTerm, orderTags, restoreCard, shiftTag, visibleRange, type Filters, type LiveTicket, type Viewer } from './board.js';

const TAGS = [
  { id: 10, name: 'Nuevo', color: '#ff0000' },
  { id: 20, name: 'Cerrando', color: '#00ff00' },
];
const card = (id: number, lane: number | null, extra: Partial<KanbanCard> = {}): KanbanCard => ({
  id,
  uuid: `u${id}`,
  status: 'pending',
  createdAt: '2026-05-01T15:00:00.000Z',
  updatedAt: '2026-05-01T15:00:00.000Z',
  lastMessage: 'hola',
  contact: { id, name: `C${id}`, number: `5191100000${id}` },
  tags: lane ? [{ ...TAGS.find((t) => t.id === lane)! }] : [],
  whatsappId: 1,
  queueId: 5,
  userId: null,
  lane,
  ...extra,
});
const page = (tickets: KanbanCard[], lanes: KanbanPage['lanes']): KanbanPage => ({ tickets, lanes });
const board = () =>
  applyPage(
    emptyLanes(TAGS),
    page([card(1, null), card(2, null), card(3, 10)], [
      { lane: null, hasMore: true, cursor: 'c1' },
      { lane: 10, hasMore: false, cursor: null },
      { lane: 20, hasMore: false, cursor: null },
    ]),
    false,
  );
const ids = (lanes: ReturnType<typeof board>) => lanes.map((l) => [l.id, l.cards.map((c) => c.id)]);

describe('kanban board rules', () => {
  it('has a "no tag" lane first, then one per kanban tag, filled by pages (a next page appends without repeats)', () => {
    expect(ids(board())).toEqual([
      [null, [1, 2]],
      [10, [3]],
      [20, []],
    ]);
    const next = applyPage(board(), page([card(2, null), card(4, null)], [{ lane: null, hasMore: false, cursor: null }]), true);
    expect(ids(next)[0]).toEqual([null, [1, 2, 4]]);
    expect(next[0]).toMatchObject({ hasMore: false, cursor: null, loading: false });
    expect(next[1].cards.map((c) => c.id)).toEqual([3]); // other lanes untouched by this page
  });

  it('moves a card optimistically (lane tags replaced, other tags kept) and restores it where it was', () => {
    const start = applyPage(emptyLanes(TAGS), page([card(1, null, { tags: [{ id: 99, name: 'VIP', color: '#000' }] }), card(2, null)], [{ lane: null, hasMore: false, cursor: null }]), false);
    const moved = moveCard(start, 1, 20, TAGS);
    expect(ids(moved)).toEqual([
      [null, [2]],
      [10, []],
      [20, [1]],
    ]);
    expect(moved[2].cards[0].tags.map((t) => t.id)).toEqual([99, 20]);
    expect(moveCard(moved, 1, 20, TAGS)).toBe(moved);
    expect(moveCard(moved, 404, 10, TAGS)).toBe(moved);
    expect(moveCard(moved, 1, null, TAGS)[0].cards[0].tags.map((t) => t.id)).toEqual([99]);
    const back = restoreCard(moved, start[0].cards[0], null, 0);
    expect(ids(back)).toEqual(ids(start));
    expect(back[0].cards[0].tags.map((t) => t.id)).toEqual([99]);
  });

  it('applies live tickets: to the lane of their first kanban tag, out when closed or outside the filters', () => {
    const live = (id: number, tags: number[], extra: Partial<LiveTicket> = {}): LiveTicket => ({ ...card(id, null), tags: tags.map((t) => ({ id: t, name: `${t}`, color: '#111' })), ...extra });
    expect(laneFor([{ id: 99 }, { id: 20 }, { id: 10 }], TAGS)).toBe(10);
    expect(ids(applyTicket(board(), live(1, [20]), TAGS, true))).toEqual([
      [null, [2]],
      [10, [3]],
      [20, [1]],
    ]);
    // Same lane: stays in place (a tag change elsewhere does not reorder).
    expect(ids(applyTicket(board(), live(2, []), TAGS, true))[0]).toEqual([null, [1, 2]]);
    expect(ids(applyTicket(board(), live(7, []), TAGS, true))[0]).toEqual([null, [7, 1, 2]]);
    expect(ids(applyTicket(board(), live(3, [10]), TAGS, false))[1]).toEqual([10, []]);

    const f: Filters = { startDate: '2026-05-01', endDate: '2026-05-01', search: '', whatsappId: null };
    const agent: Viewer = { userId: 8, admin: false, queueIds: [5], allTicket: false };
    const day = (iso: string) => iso.slice(0, 10);
    const t = live(1, []);
    expect(matches(t, f, agent, day)).toBe(true);
    expect(matches({ ...t, status: 'closed' }, f, agent, day)).toBe(false);
    expect(matches({ ...t, createdAt: '2026-04-30T10:00:00Z' }, f, agent, day)).toBe(false);
    expect(matches(t, { ...f, whatsappId: 2 }, agent, day)).toBe(false);
    expect(matches(t, { ...f, search: '+51 911' }, agent, day)).toBe(true);
    expect(matches(t, { ...f, search: '5192' }, agent, day)).toBe(false);
    expect(matches({ ...t, queueId: 6 }, f, agent, day)).toBe(false);
    expect(matches({ ...t, queueId: 6, userId: 8 }, f, agent, day)).toBe(true);
    expect(matches({ ...t, queueId: null }, f, agent, day)).toBe(false);
    expect(matches({ ...t, queueId: null }, f, { ...agent, allTicket: true }, day)).toBe(true);
    expect(matches({ ...t, queueId: 6 }, f, { ...agent, admin: true }, day)).toBe(true);
  });

  it('cuts card text at 50, reads the number search as digits, shows chips for filters that are not the defaults', () => {
    expect(cut('x'.repeat(50))).toBe('x'.repeat(50));
    expect(cut('x'.repeat(51))).toBe(`${'x'.repeat(50)}…`);
    expect(numberTerm(' +51 (911) 000 ')).toBe('51911000');
    expect(numberTerm('ana')).toBe('ana');
    const today = '2026-05-01';
    expect(activeChips({ startDate: today, endDate: today, search: '', whatsappId: null }, today)).toEqual([]);
    expect(activeChips({ startDate: '2026-04-01', endDate: today, search: ' 51 ', whatsappId: 3 }, today)).toEqual(['startDate', 'search', 'whatsappId']);
  });

  it('renders only the rows in view (plus an overscan) of a long lane', () => {
    expect(visibleRange(0, 600, 150, 5000)).toEqual({ start: 0, end: 8 });
    expect(visibleRange(150 * 2000, 600, 150, 5000)).toEqual({ start: 1996, end: 2008 });
    expect(visibleRange(150 * 4999, 600, 150, 5000)).toEqual({ start: 4995, end: 5000 });
    expect(visibleRange(0, 600, 150, 0)).toEqual({ start: 0, end: 0 });
  });

  it('keeps the viewer\'s lane order: chosen tags first, new ones after, deleted ones dropped; shifts stop at the ends', () => {
    const tags = [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }];
    expect(orderTags(tags, [3, 9, 1]).map((t) => t.id)).toEqual([3, 1, 2, 4]);
    expect(orderTags(tags, []).map((t) => t.id)).toEqual([1, 2, 3, 4]);
    expect(shiftTag([1, 2, 3], 2, -1)).toEqual([2, 1, 3]);
    expect(shiftTag([1, 2, 3], 2, 1)).toEqual([1, 3, 2]);
    expect(shiftTag([1, 2, 3], 1, -1)).toEqual([1, 2, 3]);
    expect(shiftTag([1, 2, 3], 3, 1)).toEqual([1, 2, 3]);
    expect(shiftTag([1, 2, 3], 7, 1)).toEqual([1, 2, 3]);
  });

  it('finds the lane beside a card\'s for the arrow keys, none past the ends', () => {
    const order = [null, 10, 20];
    expect(laneBeside(order, null, 1)).toBe(10);
    expect(laneBeside(order, 10, -1)).toBe(null);
    expect(laneBeside(order, 20, 1)).toBeUndefined();
    expect(laneBeside(order, null, -1)).toBeUndefined();
  });
});
