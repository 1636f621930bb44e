import dayjs from 'dayjs';
import type { MessageDto, TicketNoteDto } from '@atende/core-contract';

/**
 * Pure helpers of the conversation view: messages stay sorted by id (the server numbers them in the
 * order it stores them) and unique by id, whatever order pages and live events arrive in.
 */

/** Adds an older page in front; ids already shown (overlap after new messages arrived) are kept once. */
export function prependPage(current: MessageDto[], older: MessageDto[]): MessageDto[] {
  const seen = new Set(current.map((m) => m.id));
  return sortById([...older.filter((m) => !seen.has(m.id)), ...current]);
}

/**
 * A created or updated message: replaces the one with its id, otherwise takes its place by id. Acks
 * only move forward (an HTTP answer can arrive after the live "delivered" update), except to -1 (failed).
 */
export function upsertMessage(current: MessageDto[], message: MessageDto): MessageDto[] {
  const at = current.findIndex((m) => m.id === message.id);
  if (at >= 0) {
    const old = current[at];
    const merged = message.ack >= 0 && old.ack > message.ack ? { ...message, ack: old.ack } : message;
    return current.map((m, i) => (i === at ? merged : m));
  }
  const last = current[current.length - 1];
  if (!last || last.id < message.id) return [...current, message];
  return sortById([...current, message]);
}

function sortById(list: MessageDto[]): MessageDto[] {
  return list.sort((a, b) => a.id - b.id);
}

export type ConversationRow =
  | { kind: 'date'; key: string; day: string }
  | { kind: 'ticketClosed'; key: string; ticketId: number }
  | { kind: 'ticketStarted'; key: string; ticketId: number }
  | { kind: 'message'; key: string; message: MessageDto }
  | { kind: 'note'; key: string; note: TicketNoteDto };

/**
 * What the list draws, in order: a date line whenever the local day changes, and "conversation
 * closed" / "conversation started" lines where one ticket's messages end and the next ticket's begin.
 */
export function conversationRows(messages: MessageDto[], notes: TicketNoteDto[] = [], olderNotLoaded = false): ConversationRow[] {
  const rows: ConversationRow[] = [];
  let prev: MessageDto | undefined;
  // Internal notes take their place by time among the messages (issue 36 item 6). While older messages
  // are not loaded, notes older than the first one shown wait for them (they would sit out of order).
  const first = messages[0]?.createdAt;
  const pending = [...notes]
    .filter((n) => !olderNotLoaded || !first || n.createdAt >= first)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id);
  const noteRow = (n: TicketNoteDto): ConversationRow => ({ kind: 'note', key: `note-${n.id}`, note: n });
  for (const m of messages) {
    while (pending.length && pending[0].createdAt < m.createdAt) rows.push(noteRow(pending.shift()!));
    if (prev && prev.ticketId !== m.ticketId) {
      rows.push({ kind: 'ticketClosed', key: `closed-${prev.ticketId}-${m.id}`, ticketId: prev.ticketId });
      rows.push({ kind: 'ticketStarted', key: `started-${m.ticketId}-${m.id}`, ticketId: m.ticketId });
    }
    const day = dayjs(m.createdAt).format('YYYY-MM-DD');
    if (!prev || dayjs(prev.createdAt).format('YYYY-MM-DD') !== day) rows.push({ kind: 'date', key: `date-${day}-${m.id}`, day });
    rows.push({ kind: 'message', key: `m-${m.id}`, message: m });
    prev = m;
  }
  for (const n of pending) rows.push(noteRow(n));
  return rows;
}

/** Plain text messages are the only ones that can be edited (the server refuses any other kind). */
export function isTextMessage(m: MessageDto): boolean {
  return m.mediaType === 'chat' && !m.mediaUrl;
}

/** Own messages (sent by the signed-in user) can be deleted, and edited when they are text (core-operations §2). */
export function isOwnMessage(m: MessageDto, userId: number | undefined): boolean {
  return m.fromMe && userId !== undefined && m.userId === userId;
}

/** A location body "image|link|description" (description optional; core-operations §3). */
export function parseLocation(body: string): { image: string; link: string; description: string } {
  const [image = '', link = '', ...rest] = body.split('|');
  return { image, link, description: rest.join('|') };
}

/** Name and phone numbers of each card in a vCard body (one or several BEGIN…END blocks). */
export function parseVcards(body: string): { name: string; numbers: string[] }[] {
  const cards: { name: string; numbers: string[] }[] = [];
  let card: { name: string; numbers: string[] } | null = null;
  // Folded lines (RFC 6350 §3.2) continue with a space or a tab.
  for (const line of body.replace(/\r?\n[ \t]/g, '').split(/\r?\n/)) {
    const upper = line.toUpperCase();
    if (upper.startsWith('BEGIN:VCARD')) card = { name: '', numbers: [] };
    else if (upper.startsWith('END:VCARD')) {
      if (card) cards.push(card);
      card = null;
    } else if (card) {
      const colon = line.indexOf(':');
      if (colon < 0) continue;
      const prop = upper.slice(0, colon).split(';')[0];
      const value = line.slice(colon + 1).trim();
      if (prop === 'FN' || (prop === 'N' && !card.name)) card.name = prop === 'N' ? value.split(';').filter(Boolean).reverse().join(' ') : value;
      else if (prop === 'TEL' && value) card.numbers.push(value);
    }
  }
  return cards;
}
