import type { KanbanCard, KanbanPage } from '@atende/plugin-kanban-contract';

/**
 * The board's rules, pure (the state pattern: the page keeps the state in a hook, the rules live here
 * and are unit-tested without a DOM). A lane is `null` for tickets without a kanban tag, else the tag id.
 */
export type LaneId = number | null;

export interface LaneState {
  id: LaneId;
  cards: KanbanCard[];
  hasMore: boolean;
  cursor: string | null;
  loading: boolean;
}

export interface LaneTag {
  id: number;
  name: string;
  color: string;
}

export interface Filters {
  startDate: string;
  endDate: string;
  search: string;
  whatsappId: number | null;
}

/** Who is looking: for live updates the page applies the same rule the server did. */
export interface Viewer {
  userId: number;
  admin: boolean;
  queueIds: number[];
  allTicket: boolean;
}

/** What a live `ticket` event carries of a ticket (the kernel's ticket DTO). */
export interface LiveTicket {
  id: number;
  uuid: string;
  status: 'open' | 'pending' | 'closed';
  createdAt: string;
  updatedAt: string;
  lastMessage: string;
  contact: { id: number; name: string; number: string };
  tags: { id: number; name: string; color: string }[];
  whatsappId: number;
  queueId: number | null;
  userId: number | null;
}

export const laneKey = (id: LaneId) => (id === null ? 'none' : String(id));

/** Text cut at `max` characters with an ellipsis (§9: 50). */
export const cut = (text: string, max = 50) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** The lane a ticket belongs in: its first tag (in board order) that is a lane. */
export function laneFor(tags: readonly { id: number }[], lanes: readonly LaneTag[]): LaneId {
  const own = new Set(tags.map((t) => t.id));
  return lanes.find((l) => own.has(l.id))?.id ?? null;
}

/** Empty lanes, "no tag" first, then one per kanban tag. */
export const emptyLanes = (tags: readonly LaneTag[]): LaneState[] =>
  [null, ...tags.map((t) => t.id)].map((id) => ({ id, cards: [], hasMore: false, cursor: null, loading: true }));

/** Fills lanes from an API page: the first page replaces a lane's cards, a next page (`append`) adds to them. */
export function applyPage(lanes: LaneState[], page: KanbanPage, append: boolean): LaneState[] {
  return lanes.map((lane) => {
    const info = page.lanes.find((l) => l.lane === lane.id);
    if (!info) return lane;
    const incoming = page.tickets.filter((c) => c.lane === lane.id);
    const known = new Set(append ? lane.cards.map((c) => c.id) : []);
    const cards = append ? [...lane.cards, ...incoming.filter((c) => !known.has(c.id))] : incoming;
    return { ...lane, cards, hasMore: info.hasMore, cursor: info.cursor, loading: false };
  });
}

export const findCard = (lanes: readonly LaneState[], ticketId: number) => {
  for (const lane of lanes) {
    const card = lane.cards.find((c) => c.id === ticketId);
    if (card) return { lane: lane.id, card };
  }
  return null;
};

/**
 * A card moved to `to` (the optimistic step of a drag and drop): out of every lane, its lane tags
 * replaced by the target's, on top of the target lane. Answers the lanes unchanged when the card is
 * not on the board or already there.
 */
export function moveCard(lanes: LaneState[], ticketId: number, to: LaneId, tags: readonly LaneTag[]): LaneState[] {
  const found = findCard(lanes, ticketId);
  if (!found || found.lane === to) return lanes;
  const laneIds = new Set(tags.map((t) => t.id));
  const target = to === null ? null : tags.find((t) => t.id === to);
  const moved: KanbanCard = {
    ...found.card,
    lane: to,
    tags: [...found.card.tags.filter((t) => !laneIds.has(t.id)), ...(target ? [{ id: target.id, name: target.name, color: target.color }] : [])],
  };
  return lanes.map((lane) => {
    const rest = lane.cards.filter((c) => c.id !== ticketId);
    return lane.id === to ? { ...lane, cards: [moved, ...rest] } : rest.length === lane.cards.length ? lane : { ...lane, cards: rest };
  });
}

/** Whether the ticket belongs on this board: status, filters and (as the server decides) the viewer's queues. */
export function matches(ticket: LiveTicket, filters: Filters, viewer: Viewer, day: (iso: string) => string): boolean {
  if (ticket.status === 'closed') return false;
  const created = day(ticket.createdAt);
  if (created < filters.startDate || created > filters.endDate) return false;
  if (filters.whatsappId !== null && ticket.whatsappId !== filters.whatsappId) return false;
  const term = numberTerm(filters.search);
  if (term && !ticket.contact.number.includes(term)) return false;
  if (viewer.admin) return true;
  return ticket.userId === viewer.userId || (ticket.queueId === null ? viewer.allTicket : viewer.queueIds.includes(ticket.queueId));
}

/** The number search as the server takes it: the digits typed, or the text when it has none. */
export const numberTerm = (search: string) => search.trim().replace(/\D/g, '') || search.trim();

/**
 * A live ticket update: the card is replaced where it now belongs, or leaves the board (closed, out of
 * the filters). A ticket new to the board goes on top of its lane.
 */
export function applyTicket(lanes: LaneState[], ticket: LiveTicket, tags: readonly LaneTag[], keep: boolean): LaneState[] {
  const without = lanes.map((lane) => (lane.cards.some((c) => c.id === ticket.id) ? { ...lane, cards: lane.cards.filter((c) => c.id !== ticket.id) } : lane));
  if (!keep) return without;
  const to = laneFor(ticket.tags, tags);
  const card: KanbanCard = {
    id: ticket.id,
    uuid: ticket.uuid,
    status: ticket.status,
    createdAt: ticket.createdAt,
    updatedAt: ticket.updatedAt,
    lastMessage: ticket.lastMessage,
    contact: { id: ticket.contact.id, name: ticket.contact.name, number: ticket.contact.number },
    tags: ticket.tags,
    whatsappId: ticket.whatsappId,
    queueId: ticket.queueId,
    userId: ticket.userId,
    lane: to,
  };
  const before = findCard(lanes, ticket.id);
  return without.map((lane) => {
    if (lane.id !== to) return lane;
    // Where it was in the same lane it stays (a tag change elsewhere must not reorder); else on top.
    const at = before && before.lane === to ? lanes.find((l) => l.id === to)!.cards.findIndex((c) => c.id === ticket.id) : 0;
    const cards = [...lane.cards];
    cards.splice(Math.max(at, 0), 0, card);
    return { ...lane, cards };
  });
}

/** The chips of the active filters (dates only when they are not today's); clear-all shows with any. */
export function activeChips(filters: Filters, today: string): ('startDate' | 'endDate' | 'search' | 'whatsappId')[] {
  const chips: ('startDate' | 'endDate' | 'search' | 'whatsappId')[] = [];
  if (filters.startDate !== today) chips.push('startDate');
  if (filters.endDate !== today) chips.push('endDate');
  if (filters.search.trim()) chips.push('search');
  if (filters.whatsappId !== null) chips.push('whatsappId');
  return chips;
}

/** Which cards of a lane to render: the ones in view plus `overscan` either side (fixed-height rows). */
export function visibleRange(scrollTop: number, viewport: number, rowHeight: number, count: number, overscan = 4): { start: number; end: number } {
  const start = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const end = Math.min(count, Math.ceil((scrollTop + viewport) / rowHeight) + overscan);
  return { start, end: Math.max(start, end) };
}

/** Undoes a failed move: the card as it was, back in its lane at its place (whatever else changed meanwhile stays). */
export function restoreCard(lanes: LaneState[], card: KanbanCard, lane: LaneId, index: number): LaneState[] {
  return lanes.map((l) => {
    const rest = l.cards.filter((c) => c.id !== card.id);
    if (l.id !== lane) return rest.length === l.cards.length ? l : { ...l, cards: rest };
    const cards = [...rest];
    cards.splice(Math.min(index, cards.length), 0, card);
    return { ...l, cards };
  });
}

/**
 * The kanban tags in the viewer's chosen order: tags named in `order` first (in that order), then any
 * newer tag in the server's order. Unknown ids in `order` (deleted tags) are dropped.
 */
export function orderTags<T extends { id: number }>(tags: readonly T[], order: readonly number[]): T[] {
  const rank = new Map(order.map((id, i) => [id, i]));
  const known = tags.filter((t) => rank.has(t.id)).sort((a, b) => rank.get(a.id)! - rank.get(b.id)!);
  return [...known, ...tags.filter((t) => !rank.has(t.id))];
}

/** The order after moving tag `id` one place (`step` -1 left, +1 right); unchanged at either end. */
export function shiftTag(order: readonly number[], id: number, step: -1 | 1): number[] {
  const next = [...order];
  const at = next.indexOf(id);
  const to = at + step;
  if (at < 0 || to < 0 || to >= next.length) return next;
  [next[at], next[to]] = [next[to]!, next[at]!];
  return next;
}

/** The lane `step` places from `from` in board order, or undefined past either end. */
export function laneBeside(order: readonly LaneId[], from: LaneId, step: -1 | 1): LaneId | undefined {
  const at = order.indexOf(from);
  return at < 0 ? undefined : order[at + step];
}
